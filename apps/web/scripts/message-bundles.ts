import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
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

/** The module the app reads its messages' loaders from (src/i18n/i18n.ts). */
export const MESSAGES_MODULE = 'virtual:messages';
const RESOLVED = `\0${MESSAGES_MODULE}`;
/** One language's messages of one bundle: `virtual:messages/en-trip`. */
const BUNDLE_PREFIX = `${RESOLVED}/`;

/** The module of `namespace`'s bundle in `language` (the build manifest's key), or null. */
export function bundleModule(
  namespace: string,
  language: string,
  bundles: Readonly<Record<string, readonly string[]>> = MESSAGE_BUNDLES,
): string | null {
  const bundle = Object.entries(bundles).find(([, namespaces]) => namespaces.includes(namespace));
  return bundle ? `${MESSAGES_MODULE}/${language}-${bundle[0]}` : null;
}

/** A file of messages: its language and namespace, and where it is. */
export interface MessageFile {
  language: string;
  namespace: string;
  file: string;
}

/**
 * The app's message files: the core ones (src/i18n/locales, namespace "translation"), each
 * feature's (src/features/<namespace>/locales) and the form kit's (src/components/form).
 */
export function messageFiles(appDir: string): MessageFile[] {
  const folders = [
    { dir: path.join(appDir, 'src/i18n/locales'), namespace: 'translation' },
    ...['features', 'components'].flatMap((parent) => {
      const dir = path.join(appDir, 'src', parent);
      return readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => ({ dir: path.join(dir, entry.name, 'locales'), namespace: entry.name }));
    }),
  ].filter((folder) => existsSync(folder.dir));
  return folders.flatMap(({ dir, namespace }) =>
    readdirSync(dir)
      .filter((name) => /^[a-z]{2}\.json$/.test(name))
      .map((name) => ({ language: name.slice(0, 2), namespace, file: path.join(dir, name) })),
  );
}

/**
 * The code of `virtual:messages`: every language's loader of every namespace, by
 * `<language>/<namespace>`, and the namespaces. A namespace of a bundle loads its bundle (one
 * file for all its namespaces, in that language); any other loads its own file.
 */
export function messagesModule(
  files: readonly MessageFile[],
  bundles: Readonly<Record<string, readonly string[]>>,
): string {
  const bundleOf = new Map(
    Object.entries(bundles).flatMap(([bundle, namespaces]) =>
      namespaces.map((namespace) => [namespace, bundle] as const),
    ),
  );
  const loaders = files
    .map(({ language, namespace, file }) => {
      const bundle = bundleOf.get(namespace);
      const load = bundle
        ? `import(${JSON.stringify(bundleModule(namespace, language, bundles))}).then((m) => m.default[${JSON.stringify(namespace)}])`
        : `import(${JSON.stringify(file)}).then((m) => m.default)`;
      return `  ${JSON.stringify(`${language}/${namespace}`)}: () => ${load},`;
    })
    .sort();
  const namespaces = [...new Set(files.map((file) => file.namespace))].sort();
  return [
    `export const NAMESPACES = ${JSON.stringify(namespaces)};`,
    'export const loaders = {',
    ...loaders,
    '};',
  ].join('\n');
}

/** The code of one language's bundle: its namespaces' messages, by namespace. */
export function bundleCode(
  files: readonly MessageFile[],
  namespaces: readonly string[],
  language: string,
): string {
  const parts = namespaces.flatMap((namespace, index) => {
    const file = files.find((f) => f.namespace === namespace && f.language === language);
    return file ? [{ namespace, file: file.file, local: `messages${index}` }] : [];
  });
  return [
    ...parts.map((part) => `import ${part.local} from ${JSON.stringify(part.file)};`),
    `export default { ${parts.map((part) => `${JSON.stringify(part.namespace)}: ${part.local}`).join(', ')} };`,
  ].join('\n');
}

/**
 * Serves `virtual:messages` (src/i18n/i18n.ts's loaders) and its bundles: namespaces that the
 * main pages load together are one file per language (`en-trip-*.js`) instead of one file each,
 * as a dynamic import of each file would make them. Rolldown cannot group files that are
 * imported one by one without a small file for each (rolldown issue 9729).
 */
export function messageBundles(
  appDir: string,
  bundles: Readonly<Record<string, readonly string[]>>,
): Plugin {
  let files: MessageFile[] | undefined;
  const read = () => (files ??= messageFiles(appDir));
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
      if (id === RESOLVED) return messagesModule(read(), bundles);
      if (!id.startsWith(BUNDLE_PREFIX)) return null;
      const match = /^([a-z]{2})-(.+)$/.exec(id.slice(BUNDLE_PREFIX.length));
      const namespaces = match ? bundles[match[2] ?? ''] : undefined;
      if (!match || !namespaces) throw new Error(`No bundle of messages ${id}`);
      return bundleCode(read(), namespaces, match[1] ?? '');
    },
  };
}
