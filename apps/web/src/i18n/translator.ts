import { formatMessage } from '@jammy/shared/icu';
import { DEFAULT_LANGUAGE, isLanguage, textDirection } from '@jammy/shared/languages';

/** One namespace's messages: ICU MessageFormat strings, nested by the dots of their keys. */
export type Messages = Record<string, unknown>;

/** Reads the messages of one namespace in one language (scripts/message-bundles.ts serves them). */
export type NamespaceLoader = (language: string, namespace: string) => Promise<Messages>;

/** What a message's arguments are filled in with, plus where to find it. */
export interface TranslateOptions {
  /** The namespace to read the key in, instead of the one `t` is bound to. */
  ns?: string;
  /** What to show when no language has the key. */
  defaultValue?: string;
  [argument: string]: unknown;
}

/** A message by its key, formatted in the active language. */
export type TFunction = (key: string, options?: TranslateOptions) => string;

type Listener = (language: string) => void;

const NAMESPACE_SEPARATOR = ':';

/** The message at `key` (its dot-separated path) in `messages`, when it is one. */
function lookUp(messages: Messages | undefined, key: string): string | undefined {
  let found: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof found !== 'object' || found === null) return undefined;
    found = (found as Messages)[part];
  }
  return typeof found === 'string' ? found : undefined;
}

/**
 * The app's messages at run time: loads namespaces per language on demand, formats a message
 * with the ICU formatter (packages/shared/src/icu.ts), switches language once the namespaces
 * in use are there in the new one, and tells its listeners (docs/decisions/053).
 */
export class Translator {
  language: string;
  private readonly load: NamespaceLoader | undefined;
  /** The messages by `language/namespace`. */
  private readonly messages = new Map<string, Messages>();
  /** The loads under way by `language/namespace`, so that each is fetched once. */
  private readonly loading = new Map<string, Promise<void>>();
  /** The loads that failed last time, by `language/namespace`: pages show keys, not wait. */
  private readonly failed = new Set<string>();
  /** Every namespace asked for so far: a new language loads them all before it shows. */
  private readonly inUse = new Set<string>();
  private readonly languageListeners = new Set<Listener>();
  private readonly changeListeners = new Set<() => void>();
  /** Counts every change (a language, a namespace arrived), for React to notice it. */
  revision = 0;

  constructor(options: {
    language: string;
    load?: NamespaceLoader;
    /** Messages at hand from the start, by language and namespace (a page rendered at build time). */
    resources?: Record<string, Record<string, Messages>>;
  }) {
    this.language = options.language;
    this.load = options.load;
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, messages] of Object.entries(namespaces)) {
        this.messages.set(`${language}/${namespace}`, messages);
        this.inUse.add(namespace);
      }
    }
  }

  hasLoadedNamespace(namespace: string, language = this.language): boolean {
    return this.messages.has(`${language}/${namespace}`);
  }

  /** Whether a load of `namespace` in the active language has ended, well or not. */
  hasSettled(namespace: string): boolean {
    return this.hasLoadedNamespace(namespace) || this.failed.has(`${this.language}/${namespace}`);
  }

  /**
   * Loads the namespaces in the active language (each once); resolves when every load has
   * ended. It never fails: messages that cannot be read show as their keys until a later
   * load reads them.
   */
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    for (const namespace of list) this.inUse.add(namespace);
    return this.loadIn(this.language, list);
  }

  private loadIn(language: string, namespaces: Iterable<string>): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const namespace of namespaces) {
      const id = `${language}/${namespace}`;
      if (this.messages.has(id)) continue;
      let pending = this.loading.get(id);
      if (!pending) {
        const { load } = this;
        if (!load) throw new Error(`No messages for ${id} and nothing to load them with`);
        pending = load(language, namespace).then(
          (messages) => {
            this.loading.delete(id);
            this.failed.delete(id);
            this.messages.set(id, messages);
            this.changed();
          },
          () => {
            // Its keys show meanwhile; the next page asking for them tries again (back online).
            this.loading.delete(id);
            this.failed.add(id);
            this.changed();
          },
        );
        this.loading.set(id, pending);
      }
      waits.push(pending);
    }
    return waits.length === 0 ? Promise.resolve() : Promise.all(waits).then(() => undefined);
  }

  /**
   * Makes `language` the active one once every namespace in use is loaded in it (or could not
   * be), then tells
   * the `languageChanged` listeners (the pages re-render in it).
   */
  async changeLanguage(language: string): Promise<void> {
    await this.loadIn(language, this.inUse);
    if (this.language === language) return;
    this.language = language;
    for (const listener of this.languageListeners) listener(language);
    this.changed();
  }

  /** Listens to the language's changes; returns the function that stops listening. */
  on(_event: 'languageChanged', listener: Listener): () => void {
    this.languageListeners.add(listener);
    return () => this.languageListeners.delete(listener);
  }

  /** Listens to every change (language, namespace arrived); returns how to stop. */
  subscribe(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  private changed() {
    this.revision += 1;
    for (const listener of this.changeListeners) listener();
  }

  /** The writing direction of `language` (the active one by default). */
  dir(language = this.language): 'ltr' | 'rtl' {
    return isLanguage(language) ? textDirection(language) : 'ltr';
  }

  /**
   * The message at `key` (or `namespace:key`) formatted with `options`. A key the language
   * lacks reads in English when English is loaded, else as the default value or the key.
   */
  translate(
    namespace: string,
    key: string,
    options: TranslateOptions = {},
    language = this.language,
  ): string {
    let ns = options.ns ?? namespace;
    let path = key;
    const separator = key.indexOf(NAMESPACE_SEPARATOR);
    if (separator > 0) {
      ns = key.slice(0, separator);
      path = key.slice(separator + 1);
    }
    const own = lookUp(this.messages.get(`${language}/${ns}`), path);
    if (own !== undefined) return formatMessage(own, options, language);
    const english = lookUp(this.messages.get(`${DEFAULT_LANGUAGE}/${ns}`), path);
    if (english !== undefined) return formatMessage(english, options, DEFAULT_LANGUAGE);
    return options.defaultValue ?? path;
  }

  /** `t` bound to a namespace, and to a language when given one (else the active one). */
  getFixedT(namespace: string, language?: string): TFunction {
    return (key, options) => this.translate(namespace, key, options, language);
  }

  /** `t` of the core namespace ("translation"). */
  t: TFunction = (key, options) => this.translate('translation', key, options);
}
