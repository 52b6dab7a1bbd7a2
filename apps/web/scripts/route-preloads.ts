import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@jammy/shared/languages';
import {
  ROUTE_PRELOADS_FILE,
  type RouteFiles,
  type RoutePreload,
  type RoutePreloads,
} from '@jammy/shared/route-preloads';
import { ROUTES, type Route } from '@jammy/shared/route-table';
import {
  criticalFiles,
  messageModules,
  namespacesOf,
  readManifest,
  stylesheetsOf,
  type Manifest,
} from './route-budget';
import { scriptFontModule } from '../src/i18n/script-fonts';
import { LOCALES_DIR } from './message-bundles';

/**
 * Lists, for every page, the files its first visit fetches after the app's entry
 * (dist/route-preloads.json, read by the server; packages/shared/src/route-preloads.ts):
 *
 *   vite build && … && tsx scripts/route-preloads.ts   (the web app's `build`)
 */

const LOGGED_LAYOUT = 'src/layouts/logged-layout.tsx';

/**
 * Modules a page's loader imports itself (src/route-data.ts), named in the page's head too so
 * that the import finds them already fetched.
 */
const LOADER_MODULES: Partial<Record<Route['id'], string[]>> = {
  itinerary: ['src/features/itineraries/api/overview-sections.ts'],
};

/**
 * The modules a first visit of `route` loads besides the entry: its page, its layout. A page
 * open to everyone draws the traveller's layout for someone signed in (`signedIn`).
 */
export function routeModulesOf(route: Route, signedIn = false): string[] {
  const logged = route.layout === 'logged' || (signedIn && route.layout === 'visitor');
  return [
    `src/routes/${route.id}.tsx`,
    ...(LOADER_MODULES[route.id] ?? []),
    ...(logged ? [LOGGED_LAYOUT] : []),
  ];
}

/** The scripts, stylesheets and messages of `modules`, leaving out what `inIndex` names. */
function filesOf(
  distDir: string,
  manifest: Manifest,
  modules: string[],
  inIndex: ReadonlySet<string>,
): RouteFiles {
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`The build manifest has no chunk ${module}`);
  }
  const files = criticalFiles(manifest, modules);
  const namespaces = namespacesOf(distDir, files);
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  return {
    scripts: files.filter((file) => !inIndex.has(file)),
    styles: [...new Set(modules.flatMap((module) => stylesheetsOf(manifest, module)))].filter(
      (file) => !inIndex.has(file),
    ),
    messages: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        messageModules(manifest, language, namespaces).map(fileOf),
      ]),
    ) as RouteFiles['messages'],
  };
}

/** What `more` names that `base` does not. */
function beyond(more: RouteFiles, base: RouteFiles): RouteFiles {
  const without = (list: string[], known: string[]) => list.filter((file) => !known.includes(file));
  return {
    scripts: without(more.scripts, base.scripts),
    styles: without(more.styles, base.styles),
    messages: Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        without(more.messages[language], base.messages[language]),
      ]),
    ) as RouteFiles['messages'],
  };
}

/**
 * What the first visit of `route` fetches that index.html does not name already: the scripts
 * and stylesheets of its modules, and the messages (per language) that their code asks for;
 * on a page open to everyone, also what a signed-in traveller's visit adds (their layout).
 */
export function routePreload(
  distDir: string,
  manifest: Manifest,
  route: Route,
  inIndex: ReadonlySet<string>,
): RoutePreload {
  const own = filesOf(distDir, manifest, routeModulesOf(route), inIndex);
  if (route.layout !== 'visitor') return own;
  const signedIn = filesOf(distDir, manifest, routeModulesOf(route, true), inIndex);
  return { ...own, signedIn: beyond(signedIn, own) };
}

/**
 * The pages whose title (h1) is one message for everyone, drawn by the server in the app's
 * frame (decision 027), and its key among the core messages (namespace `translation`).
 */
const STATIC_TITLES: Partial<Record<Route['id'], string>> = {
  itineraries: 'routes.itineraries.title',
};

/** A page's static title in every language, from the core messages of the files in `localesDir`. */
export function titlesOf(localesDir: string, key: string): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const messages: unknown = (
        JSON.parse(readFileSync(path.join(localesDir, `${language}.json`), 'utf8')) as {
          translation: unknown;
        }
      ).translation;
      const title = key
        .split('.')
        .reduce<unknown>(
          (node, part) =>
            typeof node === 'object' && node !== null
              ? (node as Record<string, unknown>)[part]
              : undefined,
          messages,
        );
      if (typeof title !== 'string') throw new Error(`No message ${key} in ${language}.json`);
      return [language, title];
    }),
  ) as Record<Language, string>;
}

/** Each language's script font stylesheet in the build (languages without one left out). */
export function fontSheetsOf(manifest: Manifest): Partial<Record<Language, string>> {
  return Object.fromEntries(
    LANGUAGES.flatMap((language) => {
      const module = scriptFontModule(language);
      const file = module ? manifest[module]?.file : undefined;
      return file ? [[language, file]] : [];
    }),
  );
}

function main() {
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const localesDir = LOCALES_DIR;
  const manifest = readManifest(distDir);
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const inIndex = new Set(
    [...indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  const fonts = fontSheetsOf(manifest);
  const preloads: RoutePreloads = Object.fromEntries(
    ROUTES.map((route) => {
      const preload = { ...routePreload(distDir, manifest, route, inIndex), font: fonts };
      const key = STATIC_TITLES[route.id];
      return [route.id, key ? { ...preload, title: titlesOf(localesDir, key) } : preload];
    }),
  );
  writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  const counts = ROUTES.map((route) => {
    const preload = preloads[route.id];
    return (preload?.scripts.length ?? 0) + (preload?.messages.en.length ?? 0);
  });
  console.log(
    `listed the files of ${ROUTES.length} pages for preloading (${Math.min(...counts)} to ${Math.max(...counts)} each)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
