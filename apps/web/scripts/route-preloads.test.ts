import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Route } from '@jammy/shared/route-table';
import { LANGUAGES } from '@jammy/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from './route-budget';
import { routePreload, titlesOf } from './route-preloads';

// A build as Vite writes it: the entry (named in index.html) with its framework; a signed-in
// page with its own stylesheet and a shared chunk that brings another; the logged layout; and
// messages in two languages, of which the page asks for "trips" and the layout for "shop" (in
// English only).
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js'],
    css: ['assets/index.css'],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  'src/routes/trips.tsx': {
    file: 'assets/trips.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_framework.js'],
    dynamicImports: ['src/routes/map.tsx'],
    css: ['assets/trips.css'],
  },
  'src/layouts/logged-layout.tsx': {
    file: 'assets/logged-layout.js',
    isDynamicEntry: true,
    imports: ['_shared.js'],
  },
  'src/routes/map.tsx': { file: 'assets/map.js', isDynamicEntry: true },
  'virtual:messages/en-core': { file: 'assets/en-core.js', isDynamicEntry: true },
  'virtual:messages/ar-core': { file: 'assets/ar-core.js', isDynamicEntry: true },
  'virtual:messages/en-trips': { file: 'assets/en-trips.js', isDynamicEntry: true },
  'virtual:messages/ar-trips': { file: 'assets/ar-trips.js', isDynamicEntry: true },
  'virtual:messages/en-shop': { file: 'assets/en-shop.js', isDynamicEntry: true },
};
const inIndex = new Set(['assets/index.js', 'assets/framework.js', 'assets/index.css']);
const route = (overrides: Partial<Route>): Route =>
  ({ id: 'trips', path: '/trips', layout: 'logged', access: 'signed-in', ...overrides }) as Route;

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'assets/trips.js.map'),
    JSON.stringify({
      version: 3,
      sources: ['../../src/routes/trips.tsx'],
      sourcesContent: ["const { t } = useTranslation('trips');"],
      mappings: '',
    }),
  );
  writeFileSync(
    path.join(dist, 'assets/logged-layout.js.map'),
    JSON.stringify({
      version: 3,
      sources: ['../../src/layouts/logged-layout.tsx'],
      sourcesContent: ["const { t } = useTranslation(['translation', 'shop']);"],
      mappings: '',
    }),
  );
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the files a page preloads', () => {
  it('lists its page, its layout and their static imports, not what index.html names or loads lazily', () => {
    const preload = routePreload(dist, manifest, route({}), inIndex);
    expect(preload.scripts).toEqual([
      'assets/trips.js',
      'assets/shared.js',
      'assets/logged-layout.js',
    ]);
    expect(preload.styles).toEqual(['assets/shared.css', 'assets/trips.css']);
  });

  it('lists the messages its code asks for, in each language', () => {
    const preload = routePreload(dist, manifest, route({}), inIndex);
    expect(preload.messages.en).toEqual([
      'assets/en-core.js',
      'assets/en-trips.js',
      'assets/en-shop.js',
    ]);
    expect(preload.messages.ar).toEqual(['assets/ar-core.js', 'assets/ar-trips.js']);
    // A language without messages of its own in this build has none to preload.
    expect(preload.messages.it).toEqual([]);
  });

  it('adds no layout to a page of a layout in the entry', () => {
    const preload = routePreload(dist, manifest, route({ layout: 'not-logged' }), inIndex);
    expect(preload.scripts).toEqual(['assets/trips.js', 'assets/shared.js']);
  });

  it('adds to a page open to everyone what a signed-in visit brings: the logged layout', () => {
    const preload = routePreload(dist, manifest, route({ layout: 'visitor' }), inIndex);
    expect(preload.scripts).toEqual(['assets/trips.js', 'assets/shared.js']);
    // Only what the page does not name already: shared.js is the page's own.
    expect(preload.signedIn?.scripts).toEqual(['assets/logged-layout.js']);
    expect(preload.signedIn?.styles).toEqual([]);
    expect(preload.signedIn?.messages.en).toEqual(['assets/en-shop.js']);
    expect(preload.signedIn?.messages.ar).toEqual([]);
    // A page of one layout only has nothing more to list.
    expect(routePreload(dist, manifest, route({}), inIndex).signedIn).toBeUndefined();
  });

  it('adds the modules a page’s loader imports itself, and fails the build without them', () => {
    const trip = route({ id: 'itinerary', path: '/itinerary/:id', layout: 'visitor' });
    const sections = 'src/features/itineraries/api/overview-sections.ts';
    const withPage: Manifest = {
      ...manifest,
      'src/routes/itinerary.tsx': { file: 'assets/itinerary.js', isDynamicEntry: true },
    };
    expect(() => routePreload(dist, withPage, trip, inIndex)).toThrow(
      `The build manifest has no chunk ${sections}`,
    );
    const built: Manifest = {
      ...withPage,
      [sections]: { file: 'assets/sections.js', isDynamicEntry: true, imports: ['_shared.js'] },
    };
    expect(routePreload(dist, built, trip, inIndex).scripts).toEqual([
      'assets/itinerary.js',
      'assets/sections.js',
      'assets/shared.js',
    ]);
  });

  it('fails the build for a page whose module the build does not have', () => {
    expect(() =>
      routePreload(dist, manifest, route({ id: 'shop' } as Partial<Route>), inIndex),
    ).toThrow('The build manifest has no chunk src/routes/shop.tsx');
  });
});

describe('a page’s title for the app’s frame', () => {
  it('is read from the core messages of every language, and fails the build when one lacks it', () => {
    const locales = mkdtempSync(path.join(os.tmpdir(), 'route-titles-'));
    try {
      for (const language of LANGUAGES) {
        writeFileSync(
          path.join(locales, `${language}.json`),
          JSON.stringify({ translation: { routes: { trips: { title: `${language}: trips` } } } }),
        );
      }
      expect(titlesOf(locales, 'routes.trips.title')).toMatchObject({
        en: 'en: trips',
        ar: 'ar: trips',
      });
      expect(() => titlesOf(locales, 'routes.trips.lead')).toThrow(
        'No message routes.trips.lead in en.json',
      );
    } finally {
      rmSync(locales, { recursive: true, force: true });
    }
  });
});
