import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@jammy/shared/languages';
import {
  ROUTE_PRELOADS_FILE,
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

/**
 * Lists, for every page, the files its first visit fetches after the app's entry
 * (dist/route-preloads.json, read by the server; packages/shared/src/route-preloads.ts):
 *
 *   vite build && … && tsx scripts/route-preloads.ts   (the web app's `build`)
 */

/** The modules a first visit of `route` loads besides the entry: its page, its layout. */
export function routeModulesOf(route: Route): string[] {
  return [
    `src/routes/${route.id}.tsx`,
    ...(route.layout === 'logged' ? ['src/layouts/logged-layout.tsx'] : []),
  ];
}

/**
 * What the first visit of `route` fetches that index.html does not name already: the scripts
 * and stylesheets of its modules, and the messages (per language) that their code asks for.
 */
export function routePreload(
  distDir: string,
  manifest: Manifest,
  route: Route,
  inIndex: ReadonlySet<string>,
): RoutePreload {
  const modules = routeModulesOf(route);
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
    ) as RoutePreload['messages'],
  };
}

function main() {
  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const manifest = readManifest(distDir);
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const inIndex = new Set(
    [...indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((match) => match[1] ?? ''),
  );
  const preloads: RoutePreloads = Object.fromEntries(
    ROUTES.map((route) => [route.id, routePreload(distDir, manifest, route, inIndex)]),
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
