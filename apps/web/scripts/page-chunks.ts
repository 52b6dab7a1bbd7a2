import { posix } from 'node:path';
import type { Route } from '@jammy/shared/route-table';
import type { Rolldown } from 'vite';

/**
 * Which chunk each module of the app's build goes to, so that a page's first visit loads a
 * handful of files instead of a hundred (issue 34: at most 20; over HTTP/1.1 a phone fetches
 * six at a time, each paying its own round trips), without loading code it does not run.
 *
 * Rolldown on its own makes a chunk for every set of pages and dialogs that share modules:
 * some 200 chunks, most under 1 kB, a trip's page needing 140 of them. Here:
 *
 * - what the app's entry loads is one chunk (`app`), beside the entry;
 * - code that the first visits of two or more of the main pages load (`MainPages`: the pages
 *   Lighthouse and the JavaScript budget measure, and the trip's other views) goes by the set
 *   of those pages: `list_trip_stage-*.js` holds what the list, a trip and a stage all load,
 *   so each of them loads only code it runs. A set smaller than `MERGE_BELOW` joins the
 *   smallest wider set: a few kB more for some page instead of one more file for others;
 * - code only the other pages share goes by their families (`Family`): `more-account_visitor`,
 *   the packages' apart from the app's (`more-account_visitor-lib`);
 * - a page's own code stays in its page's chunk, and what loads later (a dialog, the map) in
 *   chunks of their own, as Rolldown makes them.
 *
 * Dependencies are loaded by every page that loads their importer, so their set is at least
 * as wide: chunks import wider ones only, never each other in a circle, which is why each
 * module may be placed alone (`includeDependenciesRecursively: false`).
 */

/** The other pages, by what a traveller does there (never mixing offline and online pages). */
export type Family = 'trip' | 'list' | 'account' | 'auth' | 'visitor';
const FAMILIES: readonly Family[] = ['account', 'auth', 'list', 'trip', 'visitor'];

/** The family of a page of the route table; `onlineOnly`: the pages left out of the precache. */
export function familyOf(route: Route, onlineOnly: ReadonlySet<string>): Family {
  // A trip's pages first: its overview has the visitors' layout (a link holder may read it).
  if (route.path.startsWith('/itinerary/:id')) return onlineOnly.has(route.id) ? 'account' : 'trip';
  if (route.layout === 'visitor') return 'visitor';
  if (route.layout === 'not-logged') return 'auth';
  return onlineOnly.has(route.id) ? 'account' : 'list';
}

/**
 * The main pages, by a module their first visit loads (a page's module, or a module it loads
 * with it: its loader's, the signed-in layout for every signed-in one): the names of the main
 * pages that load it.
 */
export type MainPages = Readonly<Record<string, readonly string[]>>;

/** Smaller sets of main pages than this (bytes of code before minifying) join a wider one. */
export const MERGE_BELOW = 10_000;

/** The app's entry module: what it loads, every page loads. */
const ENTRY = 'src/main.tsx';
const ENTRY_CHUNK = 'app';

/** A package's index module: it re-exports what at least this many of its modules export. */
const BARREL_MODULES = 5;

/**
 * A web feature's public entry (`src/features/<name>/public.ts`, decision 037): named
 * re-exports of what other features use. It is seen through like a package's index, so a page
 * that names one of its exports loads that module only, not every module the entry names.
 */
export const PUBLIC_ENTRY = /\/src\/features\/[^/]+\/public\.ts$/;

/** A module's id without its extension: the app's own modules are imported without one. */
const withoutExtension = (id: string) => id.replace(/\.(?:tsx?|jsx?|mjs)$/, '');

/** The relative addresses a module's code imports from (`../features/maps/public`). */
function relativeSpecifiers(code: string): Set<string> {
  return new Set(
    [...code.matchAll(/\bfrom\s*["'](\.[^"']*)["']/g)].flatMap((match) => match[1] ?? []),
  );
}

/**
 * The names a module's code imports by name from a package (`import { a, b as c } from "p"`:
 * a and b from p).
 */
export function namedImports(code: string, from: string): Set<string> {
  const names = new Set<string>();
  for (const match of code.matchAll(
    /\bimport\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
  )) {
    if (match[2] !== from) continue;
    for (const part of match[1]?.split(',') ?? []) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  return names;
}

/** The package a module of node_modules belongs to (`@mantine/core`), or null. */
export function packageOf(id: string): string | null {
  return /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1] ?? null;
}

/**
 * What a package's index module (`barrel`) exports, by the module it takes it from: Mantine's
 * `import { Card } from "./components/Card/Card.mjs"` then `export { Card }`, Tabler's
 * `export { default as IconPlus } from './icons/IconPlus.mjs'`. Keys are module ids (the
 * barrel's relative addresses resolved), values the names exported.
 */
export function reexports(barrel: string, code: string): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  const resolve = (specifier: string) =>
    specifier.startsWith('.') ? posix.join(posix.dirname(barrel), specifier) : null;
  const pairs = (list: string) =>
    list.split(',').flatMap((part) => {
      const [inner, outer] = part.trim().split(/\s+as\s+/);
      return inner ? [[inner, outer ?? inner] as const] : [];
    });
  const add = (module: string, name: string) => {
    const names = byModule.get(module) ?? new Set<string>();
    names.add(name);
    byModule.set(module, names);
  };
  for (const match of code.matchAll(/\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const module = resolve(match[2] ?? '');
    if (module) for (const [, outer] of pairs(match[1] ?? '')) add(module, outer);
  }
  // Imported first, exported later under a local name.
  const localFrom = new Map<string, string>();
  for (const match of code.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const module = resolve(match[2] ?? '');
    if (module) for (const [, local] of pairs(match[1] ?? '')) localFrom.set(local, module);
  }
  for (const match of code.matchAll(/\bexport\s*\{([^}]*)\}\s*;/g)) {
    for (const [local, outer] of pairs(match[1] ?? '')) {
      const module = localFrom.get(local);
      if (module) add(module, outer);
    }
  }
  return byModule;
}

/** The build's module graph, as the chunking pass shows it. */
export interface Graph {
  /** Every module reached from `from` through static and dynamic imports. */
  ids: (from: string) => string[];
  info: (
    id: string,
  ) => Pick<
    Rolldown.ModuleInfo,
    'code' | 'importers' | 'importedIds' | 'dynamicallyImportedIds' | 'isEntry'
  > | null;
}

/**
 * Reads the graph's modules: a package's index and a feature's public entry seen through, each
 * module's real imports.
 */
function readerOf(graph: Graph) {
  const memo = <T>(cache: Map<string, T>, id: string, make: () => T) => {
    let value = cache.get(id);
    if (value === undefined) {
      value = make();
      cache.set(id, value);
    }
    return value;
  };
  const barrels = new Map<string, Map<string, Set<string>>>();
  const imports = new Map<string, Set<string>>();
  const reexportsOf = (id: string) =>
    memo(barrels, id, () => {
      const byModule = reexports(id, graph.info(id)?.code ?? '');
      if (!PUBLIC_ENTRY.test(id)) return byModule;
      // `./components/map` is the module imported as `…/components/map.tsx`.
      const imported = graph.info(id)?.importedIds ?? [];
      return new Map(
        [...byModule].map(([module, names]) => [
          imported.find((other) => other === module || withoutExtension(other) === module) ??
            module,
          names,
        ]),
      );
    });
  const barrel = (id: string) =>
    PUBLIC_ENTRY.test(id) ||
    (id.includes('/node_modules/') && reexportsOf(id).size >= BARREL_MODULES);
  /** What `id` imports by name from the index module `barrel` (a package's or a feature's). */
  const importsOf = (id: string, barrel: string) =>
    memo(imports, `${id}\0${barrel}`, () => {
      const code = graph.info(id)?.code ?? '';
      if (!PUBLIC_ENTRY.test(barrel)) return namedImports(code, packageOf(barrel) ?? '');
      const names = new Set<string>();
      for (const specifier of relativeSpecifiers(code)) {
        if (posix.join(posix.dirname(id), specifier) !== withoutExtension(barrel)) continue;
        for (const name of namedImports(code, specifier)) names.add(name);
      }
      return names;
    });
  return {
    barrel,
    reexportsOf,
    importsOf,
    /** The modules `id` imports, those it names from a package's index instead of the index. */
    depsOf: (id: string) =>
      (graph.info(id)?.importedIds ?? []).flatMap((imported) => {
        if (!barrel(imported)) return [imported];
        const named = importsOf(id, imported);
        return [...reexportsOf(imported)]
          .filter(([, names]) => [...names].some((name) => named.has(name)))
          .map(([module]) => module);
      }),
  };
}

/**
 * The modules whose first-visit loaders reach `id` through static imports, and whether the
 * app's entry does. A package's index module (or a feature's public entry) is seen through: only
 * a module importing one of the names it exports from `id` loads `id` (every page imports
 * `@mantine/core`, few its Card).
 */
function loadersOf(graph: Graph, reader: ReturnType<typeof readerOf>, roots: ReadonlySet<string>) {
  const known = new Map<string, { roots: Set<string>; entry: boolean }>();
  return (id: string) => {
    const cached = known.get(id);
    if (cached) return cached;
    const found = { roots: new Set<string>(), entry: false };
    const seen = new Set<string>();
    // `names`: what `id` is known as in the package index `barrel` it was reached through.
    const queue: { id: string; names: Set<string> | null; barrel: string | null }[] = [
      { id, names: null, barrel: null },
    ];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const module = graph.info(next.id);
      if (!module) continue;
      if (roots.has(next.id)) found.roots.add(next.id);
      if (module.isEntry) found.entry = true;
      for (const importer of module.importers) {
        let names: Set<string> | null = null;
        if (reader.barrel(importer)) {
          names = new Set(
            [...(reader.reexportsOf(importer).get(next.id) ?? [])].filter(
              (name) => !next.names || next.names.has(name),
            ),
          );
          if (names.size === 0) continue;
        } else if (next.names && next.barrel) {
          const imported = reader.importsOf(importer, next.barrel);
          if (![...next.names].some((name) => imported.has(name))) continue;
        }
        const key = `${importer} ${[...(names ?? [])].sort().join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        queue.push({ id: importer, names, barrel: names ? importer : null });
      }
    }
    known.set(id, found);
    return found;
  };
}

/**
 * The chunk of every module of the app (by id; absent: Rolldown's own chunking). `appDir` is
 * the web app's folder; `families` gives each page's module (`src/routes/<id>.tsx`) its family.
 */
export function chunkNames(
  graph: Graph,
  appDir: string,
  main: MainPages,
  families: Readonly<Record<string, Family>>,
): Map<string, string> {
  const absolute = (file: string) => `${appDir}/${file}`;
  const mainOf = new Map(Object.entries(main).map(([file, pages]) => [absolute(file), pages]));
  const familyOfRoot = new Map(
    Object.entries(families).map(([file, family]) => [absolute(file), family]),
  );
  const reader = readerOf(graph);
  const loaders = loadersOf(graph, reader, new Set([...mainOf.keys(), ...familyOfRoot.keys()]));
  const entry = absolute(ENTRY);
  const names = new Map<string, string>();
  /** Each set of main pages (by its name) and its modules, with their size. */
  const sets = new Map<string, { pages: Set<string>; modules: string[]; bytes: number }>();
  for (const id of graph.ids(absolute('index.html'))) {
    const module = graph.info(id);
    if (!module || module.isEntry || id === entry || /\.json$/.test(id)) continue;
    const found = loaders(id);
    if (found.entry) {
      names.set(id, ENTRY_CHUNK);
      continue;
    }
    // A page's own code (or code only later parts load): Rolldown's chunking.
    if (
      found.roots.size < 2 &&
      ![...found.roots].some((root) => (mainOf.get(root)?.length ?? 0) > 1)
    ) {
      continue;
    }
    const pages = new Set([...found.roots].flatMap((root) => mainOf.get(root) ?? []));
    if (pages.size > 0) {
      const name = [...pages].sort().join('_');
      const set = sets.get(name) ?? { pages, modules: [], bytes: 0 };
      set.modules.push(id);
      set.bytes += module.code?.length ?? 0;
      sets.set(name, set);
      continue;
    }
    const others = new Set([...found.roots].flatMap((root) => familyOfRoot.get(root) ?? []));
    // Packages apart from the app's code: a part loaded later that needs one component (the
    // account menu, Mantine's Menu) would otherwise load and run the app code those pages
    // share (the forms and their checks, zod's schemas: a long task, issue 34).
    const lib = packageOf(id) ? '-lib' : '';
    names.set(id, `more-${FAMILIES.filter((family) => others.has(family)).join('_')}${lib}`);
  }
  // Small sets join the smallest wider set, smallest first, until none is left to join. A set
  // joins only a set whose pages load everything its modules import already (they are in sets
  // at least as wide), so that no page loads another file for it and no two chunks import
  // each other.
  const setOf = new Map<string, string>();
  for (const [name, set] of sets) for (const id of set.modules) setOf.set(id, name);
  const loadedBy = (id: string, pages: ReadonlySet<string>) => {
    const name = setOf.get(id);
    const set = name === undefined ? undefined : sets.get(name);
    return !set || [...pages].every((page) => set.pages.has(page));
  };
  for (;;) {
    const small = [...sets]
      .filter(([, set]) => set.bytes < MERGE_BELOW)
      .sort(([, a], [, b]) => a.bytes - b.bytes);
    const joined = small.some(([name, set]) => {
      const wider = [...sets]
        .filter(
          ([other, candidate]) =>
            other !== name &&
            isWider(candidate.pages, set.pages) &&
            set.modules.every((id) =>
              reader
                .depsOf(id)
                .every((dep) => set.modules.includes(dep) || loadedBy(dep, candidate.pages)),
            ),
        )
        .sort(([, a], [, b]) => a.pages.size - b.pages.size || b.bytes - a.bytes)[0];
      if (!wider) return false;
      const [widerName, target] = wider;
      target.modules.push(...set.modules);
      target.bytes += set.bytes;
      for (const id of set.modules) setOf.set(id, widerName);
      sets.delete(name);
      return true;
    });
    if (!joined) break;
  }
  for (const [name, set] of sets) for (const id of set.modules) names.set(id, name);
  return names;
}

const isWider = (wider: ReadonlySet<string>, than: ReadonlySet<string>) =>
  wider.size > than.size && [...than].every((page) => wider.has(page));

/** The graph as Rolldown's chunking context shows it. */
export function contextGraph(ctx: Rolldown.ChunkingContext): Graph {
  const info = (id: string) => ctx.getModuleInfo(id);
  return {
    info,
    ids: (from) => {
      const seen = new Set([from]);
      const queue = [from];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        const module = info(next);
        for (const id of [
          ...(module?.importedIds ?? []),
          ...(module?.dynamicallyImportedIds ?? []),
        ]) {
          if (!seen.has(id)) {
            seen.add(id);
            queue.push(id);
          }
        }
      }
      return [...seen];
    },
  };
}

/** Rolldown's `name` for the group of `chunkNames`, computed once a build. */
export function pageChunks(
  appDir: string,
  main: MainPages,
  families: Readonly<Record<string, Family>>,
): Rolldown.CodeSplittingNameFunction {
  let names: Map<string, string> | undefined;
  return (id, ctx) => {
    names ??= chunkNames(contextGraph(ctx), appDir, main, families);
    return names.get(id) ?? null;
  };
}
