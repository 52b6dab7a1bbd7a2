import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  criticalFiles,
  documentFiles,
  mapFailures,
  measureRoutes,
  overBudget,
  packagesWithMap,
  type Manifest,
  type RouteBudget,
} from './route-budget';

// A small build as Vite writes it: an entry with a static import and a lazy page; the page
// imports a shared chunk and asks for the "trips" messages; a map page carries the map library.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js'],
    dynamicImports: ['src/routes/home.tsx', 'src/routes/map.tsx', 'virtual:messages/en-core'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_shared.js': { file: 'assets/shared.js' },
  'src/routes/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
    dynamicImports: ['src/routes/map.tsx'],
  },
  'src/routes/map.tsx': { file: 'assets/map.js', isDynamicEntry: true },
  'virtual:messages/en-core': { file: 'assets/en-core.js', isDynamicEntry: true },
  'virtual:messages/ar-core': { file: 'assets/ar-core.js', isDynamicEntry: true },
  'virtual:messages/en-trips': { file: 'assets/en-trips.js', isDynamicEntry: true },
  'virtual:messages/en-shop': { file: 'assets/en-shop.js', isDynamicEntry: true },
};

const budget = (overrides: Partial<RouteBudget>): RouteBudget => ({
  route: '/',
  modules: ['src/routes/home.tsx'],
  language: 'en',
  budgetKb: 100,
  maxFiles: 20,
  map: false,
  ...overrides,
});

let dist: string;
// Random bytes do not compress: each file is about 1.5 kB gzipped.
const noise = () => randomBytes(1500).toString('base64');
const contents: Record<string, string> = {};

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'route-budget-'));
  mkdirSync(path.join(dist, 'assets'));
  for (const chunk of Object.values(manifest)) {
    contents[chunk.file] = noise();
    writeFileSync(path.join(dist, chunk.file), contents[chunk.file] ?? '');
  }
  const sourceMap = (sources: string[], sourcesContent: string[]) =>
    JSON.stringify({ version: 3, sources, sourcesContent, mappings: '' });
  writeFileSync(
    path.join(dist, 'assets/home.js.map'),
    sourceMap(['../../src/routes/home.tsx'], ["const { t } = useTranslation('trips');"]),
  );
  writeFileSync(
    path.join(dist, 'assets/map.js.map'),
    sourceMap(['../../node_modules/leaflet/dist/leaflet-src.js'], ['']),
  );
  // A page rendered at build time: one script, which imports another; a lazy import and the
  // app's entry (named in a meta element, started only when asked for) are not counted.
  mkdirSync(path.join(dist, 'landing'));
  writeFileSync(
    path.join(dist, 'landing/en.html'),
    '<head><meta name="jammy-app" content="/assets/index.js" />' +
      '<link rel="stylesheet" href="/assets/home.css">' +
      '<script type="module" crossorigin src="/assets/landing.js"></script></head>',
  );
  writeFileSync(
    path.join(dist, 'assets/landing.js'),
    `import{a as b}from"./landing-dep.js";import("./map.js");${noise()}`,
  );
  writeFileSync(path.join(dist, 'assets/landing-dep.js'), noise());
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const gz = (file: string) => gzipSync(contents[file] ?? '').length;

describe('the route budget', () => {
  it('counts the entry, its static imports and the page with its static imports, not lazy ones', () => {
    expect(criticalFiles(manifest, ['src/routes/home.tsx'])).toEqual([
      'assets/index.js',
      'assets/framework.js',
      'assets/home.js',
      'assets/shared.js',
    ]);
  });

  it('adds the messages of the namespaces the page asks for, in its language only', () => {
    const [home] = measureRoutes(dist, [budget({})], manifest);
    expect(home?.files).toEqual([
      'assets/index.js',
      'assets/framework.js',
      'assets/home.js',
      'assets/shared.js',
      'assets/en-core.js',
      'assets/en-trips.js',
    ]);
    expect(home?.gzipBytes).toBe(home?.files.reduce((sum, file) => sum + gz(file), 0));
    expect(overBudget(home ? [home] : [])).toEqual([]);
  });

  it('fails a page over its budget, naming the page, its size and its budget', () => {
    const sizes = measureRoutes(dist, [budget({ budgetKb: 1 })], manifest);
    const size = ((sizes[0]?.gzipBytes ?? 0) / 1000).toFixed(1);
    expect(overBudget(sizes)).toEqual([
      `/ loads ${size} kB of gzip JavaScript before it is interactive, over its budget of 1 kB`,
    ]);
  });

  it('fails a page that loads a module meant to load when first needed, naming it', () => {
    const late = ['src/routes/home.tsx', 'src/lib/outbox-replay.ts'];
    expect(overBudget(measureRoutes(dist, [budget({})], manifest, late))).toEqual([
      '/ loads src/routes/home.tsx before it is interactive; it should load when first needed',
    ]);
    expect(overBudget(measureRoutes(dist, [budget({})], manifest, late.slice(1)))).toEqual([]);
  });

  it('fails a page whose first load carries a package meant to load when first needed', () => {
    // A page whose code bundles drag and drop with it.
    writeFileSync(path.join(dist, 'assets/sortable.js'), noise());
    writeFileSync(
      path.join(dist, 'assets/sortable.js.map'),
      JSON.stringify({
        version: 3,
        sources: ['../../node_modules/@dnd-kit/core/dist/core.esm.js'],
        sourcesContent: [''],
        mappings: '',
      }),
    );
    const withSortable: Manifest = {
      ...manifest,
      'src/routes/list.tsx': { file: 'assets/sortable.js', isDynamicEntry: true },
    };
    const list = budget({ route: '/list', modules: ['src/routes/list.tsx'] });
    expect(overBudget(measureRoutes(dist, [list, budget({})], withSortable))).toEqual([
      '/list loads @dnd-kit/core before it is interactive; it should load when first needed',
    ]);
  });

  it('fails a page that loads more files than its budget allows, naming their number', () => {
    const sizes = measureRoutes(dist, [budget({ maxFiles: 5 })], manifest);
    expect(overBudget(sizes)).toEqual([
      '/ loads 6 files of JavaScript before it is interactive, more than its 5',
    ]);
    expect(overBudget(measureRoutes(dist, [budget({ maxFiles: 6 })], manifest))).toEqual([]);
  });

  it('counts a file once when it holds several of the modules the page loads', () => {
    const shared: Manifest = {
      ...manifest,
      'virtual:messages/en-trips': { file: 'assets/en-core.js', isDynamicEntry: true },
    };
    const [home] = measureRoutes(dist, [budget({})], shared);
    expect(home?.files).toEqual([
      'assets/index.js',
      'assets/framework.js',
      'assets/home.js',
      'assets/shared.js',
      'assets/en-core.js',
    ]);
  });

  it("counts a namespace's bundle (its messages with others', one file) in the page's language", () => {
    writeFileSync(path.join(dist, 'assets/en-core-bundle.js'), noise());
    const bundled: Manifest = {
      ...manifest,
      'virtual:messages/en-core': { file: 'assets/en-core-bundle.js', isDynamicEntry: true },
    };
    const [home] = measureRoutes(dist, [budget({})], bundled);
    expect(home?.files.slice(-2)).toEqual(['assets/en-core-bundle.js', 'assets/en-trips.js']);
  });

  it('fails a page without a map that loads the map library, not a map page', () => {
    const sizes = measureRoutes(
      dist,
      [
        budget({ route: '/trips', modules: ['src/routes/map.tsx'] }),
        budget({ route: '/trip', modules: ['src/routes/map.tsx'], map: true }),
      ],
      manifest,
    );
    expect(overBudget(sizes)).toEqual([
      '/trips shows no map but loads the map library (leaflet) before it is interactive',
    ]);
  });

  it('counts what a prerendered page loads itself: its scripts and their static imports', () => {
    expect(documentFiles(dist, 'landing/en.html')).toEqual([
      'assets/landing.js',
      'assets/landing-dep.js',
    ]);
    const [landing] = measureRoutes(
      dist,
      [budget({ modules: [], document: 'landing/en.html' })],
      manifest,
    );
    expect(landing?.files).toEqual(['assets/landing.js', 'assets/landing-dep.js']);
    expect(overBudget(landing ? [landing] : [])).toEqual([]);
    expect(
      overBudget(
        measureRoutes(dist, [budget({ document: 'landing/en.html', budgetKb: 1 })], manifest),
      ),
    ).toHaveLength(1);
  });

  it("fails a map whose load carries the forms' checks (zod), naming the package", () => {
    // The map's chunk imports a chunk it shares with the forms, which imports zod's chunk.
    const withForms: Manifest = {
      'src/components/maps/leaflet-map.tsx': {
        file: 'assets/leaflet-map.js',
        isDynamicEntry: true,
        imports: ['_framework.js', '_forms.js'],
      },
      '_framework.js': { file: 'assets/framework.js' },
      '_forms.js': { file: 'assets/forms.js', imports: ['_schemas.js'] },
      '_schemas.js': { file: 'assets/schemas.js' },
    };
    writeFileSync(
      path.join(dist, 'assets/schemas.js.map'),
      JSON.stringify({
        version: 3,
        sources: ['../../node_modules/zod/v4/core/schemas.js'],
        sourcesContent: [''],
        mappings: '',
      }),
    );
    expect(mapFailures(packagesWithMap(dist, withForms))).toEqual([
      'the map (src/components/maps/leaflet-map.tsx) loads zod with it; it should load only what it runs',
    ]);
    const alone: Manifest = {
      ...withForms,
      'src/components/maps/leaflet-map.tsx': {
        file: 'assets/leaflet-map.js',
        isDynamicEntry: true,
        imports: ['_framework.js'],
      },
    };
    expect(packagesWithMap(dist, alone)).toEqual([]);
    // A build without a map chunk of its own has nothing to check.
    expect(packagesWithMap(dist, manifest)).toEqual([]);
  });
});
