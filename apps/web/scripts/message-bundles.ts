import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Namespaces of messages fetched together, one file per language each: what the main pages
 * show together. A namespace not named here is a file of its own.
 */
export const MESSAGE_BUNDLES: Readonly<Record<string, readonly string[]>> = {
  // Every page: the core messages and the form kit's.
  core: ['translation', 'form'],
  // Every signed-in page: the trips' names, sharing, imports.
  travel: ['imports', 'itineraries', 'sharing'],
  // A trip's overview.
  trip: ['bookings', 'exports', 'files', 'maps', 'presets'],
  // A trip's other views.
  'trip-views': ['budget', 'notes', 'places', 'stages'],
};

/** Every language's messages: one ICU JSON file each, top-level keys are namespaces. */
export const LOCALES_DIR = fileURLToPath(
  new URL('../../../packages/shared/locales', import.meta.url),
);

/** Namespaces only the server reads (mails and SMS, the manifest, the preset catalogue). */
export const SERVER_NAMESPACES: ReadonlySet<string> = new Set(['mail', 'manifest', 'catalogue']);

/** The module the app reads its messages' loaders from (src/i18n/i18n.ts). */
export const MESSAGES_MODULE = 'virtual:messages';
const RESOLVED = `\0${MESSAGES_MODULE}`;
/** One language's messages of one bundle: `virtual:messages/en-trip`, `virtual:messages/pt-BR-trip`. */
const BUNDLE_PREFIX = `${RESOLVED}/`;

/** The bundle a namespace comes in: its group's, else one of its own named after it. */
export function bundleOf(
  namespace: string,
  bundles: Readonly<Record<string, readonly string[]>> = MESSAGE_BUNDLES,
): string {
  const bundle = Object.entries(bundles).find(([, namespaces]) => namespaces.includes(namespace));
  return bundle ? bundle[0] : namespace;
}

/** The module of `namespace`'s bundle in `language` (the build manifest's key). */
export function bundleModule(
  namespace: string,
  language: string,
  bundles: Readonly<Record<string, readonly string[]>> = MESSAGE_BUNDLES,
): string {
  return `${MESSAGES_MODULE}/${language}-${bundleOf(namespace, bundles)}`;
}

type Messages = Record<string, unknown>;

/** Every language's messages by namespace, from the files of `localesDir` (`<language>.json`). */
export function readLocales(localesDir: string): Map<string, Readonly<Record<string, Messages>>> {
  return new Map(
    readdirSync(localesDir)
      .filter((name) => /^[a-z]{2,3}(-[A-Za-z0-9]+)*\.json$/.test(name))
      .map((name) => [
        name.slice(0, -'.json'.length),
        JSON.parse(readFileSync(path.join(localesDir, name), 'utf8')) as Record<string, Messages>,
      ]),
  );
}

/** The bundle every page loads first (the core messages): it knows where the others are. */
export const FIRST_BUNDLE = 'core';

/**
 * The code of `virtual:messages`: the namespaces the web app reads, the bundle of each, and a
 * loader per language of its first bundle (`<language>-core`), which holds the loaders of the
 * language's other bundles. One entry per language here, not one per language and namespace:
 * the app's entry stays small however many languages there are.
 */
export function messagesModule(
  languages: readonly string[],
  namespaces: readonly string[],
  bundles: Readonly<Record<string, readonly string[]>>,
): string {
  const bundleOfNamespace = Object.fromEntries(
    [...namespaces].sort().map((namespace) => [namespace, bundleOf(namespace, bundles)]),
  );
  const loaders = [...languages]
    .sort()
    .map(
      (language) =>
        `  ${JSON.stringify(language)}: () => import(${JSON.stringify(`${MESSAGES_MODULE}/${language}-${FIRST_BUNDLE}`)}),`,
    );
  return [
    `export const NAMESPACES = ${JSON.stringify([...namespaces].sort())};`,
    `export const BUNDLES = ${JSON.stringify(bundleOfNamespace)};`,
    'export const languages = {',
    ...loaders,
    '};',
  ].join('\n');
}

/**
 * The code of one language's bundle: its namespaces' messages, by namespace; the first bundle
 * also has the loaders of the language's other bundles (`others`).
 */
export function bundleCode(
  messages: Readonly<Record<string, Messages>>,
  namespaces: readonly string[],
  others: readonly string[] = [],
  language = '',
): string {
  const picked = Object.fromEntries(
    namespaces.flatMap((namespace) =>
      messages[namespace] ? [[namespace, messages[namespace]] as const] : [],
    ),
  );
  const loaders = others.map(
    (bundle) =>
      `  ${JSON.stringify(bundle)}: () => import(${JSON.stringify(`${MESSAGES_MODULE}/${language}-${bundle}`)}),`,
  );
  return [
    `export default ${JSON.stringify(picked)};`,
    ...(others.length > 0 ? ['export const bundles = {', ...loaders, '};'] : []),
  ].join('\n');
}

/**
 * Serves `virtual:messages` (src/i18n/i18n.ts's loaders) and its bundles from the messages
 * files: each page fetches, in its language only, one small file per bundle of namespaces it
 * shows, never a whole language's file (which also holds the server's namespaces).
 */
export function messageBundles(
  localesDir: string,
  bundles: Readonly<Record<string, readonly string[]>>,
): Plugin {
  let locales: Map<string, Readonly<Record<string, Messages>>> | undefined;
  const read = () => (locales ??= readLocales(localesDir));
  const webNamespaces = () =>
    Object.keys(read().get('en') ?? {}).filter((namespace) => !SERVER_NAMESPACES.has(namespace));
  return {
    name: 'jammy-message-bundles',
    resolveId(source) {
      if (source === MESSAGES_MODULE) return RESOLVED;
      if (source.startsWith(`${MESSAGES_MODULE}/`)) {
        return `${BUNDLE_PREFIX}${source.slice(MESSAGES_MODULE.length + 1)}`;
      }
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      for (const name of readdirSync(localesDir)) {
        if (name.endsWith('.json')) this.addWatchFile(path.join(localesDir, name));
      }
      if (id === RESOLVED) return messagesModule([...read().keys()], webNamespaces(), bundles);
      const rest = id.slice(BUNDLE_PREFIX.length);
      for (const [language, messages] of read()) {
        if (!rest.startsWith(`${language}-`)) continue;
        const bundle = rest.slice(language.length + 1);
        const namespaces = bundles[bundle] ?? (webNamespaces().includes(bundle) ? [bundle] : []);
        if (namespaces.length === 0) continue;
        if (bundle !== FIRST_BUNDLE) return bundleCode(messages, namespaces);
        const others = [
          ...new Set(webNamespaces().map((namespace) => bundleOf(namespace, bundles))),
        ]
          .filter((other) => other !== FIRST_BUNDLE)
          .sort();
        return bundleCode(messages, namespaces, others, language);
      }
      throw new Error(`No bundle of messages ${id}`);
    },
    handleHotUpdate({ file }) {
      if (path.dirname(file) === localesDir) locales = undefined;
    },
  };
}
