import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueQuery } from './features/presets/api/presets';
import { meQuery } from './lib/session';
import { preparePage, routeNamespaces } from './route-data';

const SRC = dirname(fileURLToPath(import.meta.url));

/** The file a relative import names (a .ts, .tsx or index file), or null (CSS, images). */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** A feature's public entry (`features/<name>/public.ts`): it only names other modules' exports. */
const isPublicEntry = (file: string) => /\/features\/[^/]+\/public\.ts$/.test(file);

/** The file each name a public entry re-exports comes from (type-only names aside). */
function reexportedFiles(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const statement of readFileSync(entry, 'utf8').matchAll(
    /export\s+(type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
  )) {
    const target = resolveImport(entry, statement[3] ?? '');
    if (statement[1] || !target) continue;
    for (const part of (statement[2] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) files.set(name, target);
    }
  }
  return files;
}

/** The names an import statement takes (`import { a, type b, c as d }`: a and c). */
const importedNames = (statement: string) =>
  (/\{([^}]*)\}/.exec(statement)?.[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);

/**
 * The namespaces the code a route loads with it asks for (`useTranslation('x')`,
 * `useTranslation(['x', 'y'])`), following its static imports; code it loads later
 * (`import()`, `lazy()`) has its own moment to wait. Through a feature's public entry, only
 * the modules of the names imported are followed, as the build loads only those.
 */
function namespacesOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
      for (const [, name = ''] of (call[1] ?? '').matchAll(/'([^']+)'/g)) namespaces.add(name);
    }
    for (const statement of text.matchAll(
      /^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm,
    )) {
      if (/^import\s+type\s/.test(statement[0])) continue;
      const target = resolveImport(file, statement[1] ?? '');
      if (!target) continue;
      if (!isPublicEntry(target)) {
        visit(target);
        continue;
      }
      const files = reexportedFiles(target);
      for (const name of importedNames(statement[0])) {
        const reexported = files.get(name);
        if (reexported) visit(reexported);
      }
    }
  };
  visit(entry);
  namespaces.delete('translation');
  return namespaces;
}

describe('the messages a page loads before it is drawn', () => {
  // A namespace first asked for by a part of the page drawn later (once its data came) made
  // the whole page wait again: its tabs and header vanished for a moment.
  it.each(Object.entries(routeNamespaces()))(
    '%s loads every namespace its code asks for',
    (routeId, declared) => {
      const needed = [...namespacesOf(resolve(SRC, 'routes', `${routeId}.tsx`))].sort();
      expect(needed.filter((name) => !declared.includes(name))).toEqual([]);
    },
  );
});

describe('the data a page starts before it is drawn', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The catalogue's covers wait for its list: asked for only once the page was drawn, the
  // list (and so the largest picture of the first screen) came a round trip late.
  it("starts the catalogue's list for a visitor, under the key the page reads", async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      fetched.push(path);
      return Promise.resolve(Response.json({ items: [], nextCursor: null }));
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQuery.queryKey, null);
    const url = new URL('http://localhost/fr/jammy-itineraries?region=asia');

    await preparePage('presets', queryClient, {}, url, false);

    expect(fetched).toEqual(['/api/presets?region=asia&lang=fr&limit=100']);
    const { query } = catalogueQuery(url.searchParams, null, 'fr');
    expect(queryClient.getQueryData(query.queryKey)).toEqual([]);
  });
});
