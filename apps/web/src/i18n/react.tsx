import {
  cloneElement,
  createContext,
  createElement,
  Fragment,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { TFunction, TranslateOptions, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the components below it the app's messages (`useTranslation`, `Trans`). */
export function TranslationProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <TranslatorContext value={i18n}>{children}</TranslatorContext>;
}

function useTranslator(): Translator {
  const i18n = use(TranslatorContext);
  if (!i18n) throw new Error('Messages are read inside a TranslationProvider');
  return i18n;
}

const CORE = ['translation'];

/**
 * `t` of the first of `namespaces` (the others by `ns:key` or `{ ns }`), in the active
 * language, and the translator. Suspends until every namespace has loaded, unless
 * `useSuspense` is false: then it draws at once (with keys) and again when they are there.
 * Re-renders when the language changes, or when its own namespaces arrive, and only then.
 */
export function useTranslation(
  namespaces?: string | readonly string[],
  options: { useSuspense?: boolean } = {},
): { t: TFunction; i18n: Translator; ready: boolean } {
  const i18n = useTranslator();
  const list =
    namespaces === undefined ? CORE : typeof namespaces === 'string' ? [namespaces] : namespaces;
  const subscribe = useCallback((listener: () => void) => i18n.subscribe(listener), [i18n]);
  const snapshot = () =>
    [i18n.language, ...list.map((namespace) => (i18n.hasSettled(namespace) ? 1 : 0))].join('/');
  // The same on the server (a page rendered at build time) as in the browser.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const ready = list.every((namespace) => i18n.hasSettled(namespace));
  if (!ready) {
    // A failed load is settled too: the page shows its keys rather than wait forever.
    const loading = i18n.loadNamespaces(list).catch(() => undefined);
    if (options.useSuspense !== false) throw loading;
  }
  const first = list[0] ?? 'translation';
  // A new `t` when the language or the messages change, so that memoized texts follow.
  const t = useMemo(() => i18n.getFixedT(first, state.split('/')[0]), [i18n, first, state]);
  return { t, i18n, ready };
}

/** Marks a value's place in a formatted message, so that its text is never read as a tag. */
const VALUE_MARK = /\uE000(\d+)\uE001/g;
const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

/**
 * A message with elements in it: each `<name>…</name>` (or `<name/>`) of the message becomes
 * `components[name]` around its text. Tags without an element, and every value, stay text.
 * String values are not read by `select` here (none of the messages with tags does).
 */
export function Trans({
  i18nKey,
  ns,
  t,
  values,
  components = {},
}: {
  i18nKey: string;
  ns?: string;
  t?: TFunction;
  values?: TranslateOptions;
  components?: Readonly<Record<string, ReactElement>>;
}): ReactNode {
  const own = useTranslation(ns).t;
  const strings: string[] = [];
  const marked = Object.fromEntries(
    Object.entries(values ?? {}).map(([name, value]) =>
      typeof value === 'string' ? [name, `\uE000${strings.push(value) - 1}\uE001`] : [name, value],
    ),
  );
  const text = (t ?? own)(i18nKey, marked);
  const restore = (part: string) =>
    part.replace(VALUE_MARK, (_, index: string) => strings[Number(index)] ?? '');

  const root: ReactNode[] = [];
  const open: { name: string; element: ReactElement; children: ReactNode[] }[] = [];
  let children = root;
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, closing, name = '', selfClosing] = match;
    const top = open.at(-1);
    const closes = closing === '/' && top?.name === name;
    const element = components[name];
    if (!closes && (closing === '/' || !element)) continue;
    if (match.index > last) children.push(restore(text.slice(last, match.index)));
    last = match.index + whole.length;
    if (closes) {
      open.pop();
      children = open.at(-1)?.children ?? root;
      children.push(cloneElement(top.element, { key: children.length }, ...top.children));
    } else if (element && selfClosing === '/') {
      children.push(cloneElement(element, { key: children.length }));
    } else if (element) {
      open.push({ name, element, children: [] });
      children = open[open.length - 1]?.children ?? root;
    }
  }
  if (last < text.length) children.push(restore(text.slice(last)));
  // A tag never closed: its text stays, without the element.
  for (let top = open.pop(); top; top = open.pop()) {
    (open.at(-1)?.children ?? root).push(...top.children);
  }
  return createElement(Fragment, null, ...root);
}
