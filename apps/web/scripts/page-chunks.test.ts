import { ROUTES, type RouteId } from '@jammy/shared/route-table';
import { describe, expect, it } from 'vitest';
import {
  MERGE_BELOW,
  chunkNames,
  familyOf,
  namedImports,
  packageOf,
  reexports,
  type Graph,
} from './page-chunks';

const APP = '/app';
const NODE = '/app/node_modules';

interface Module {
  code?: string;
  imports?: string[];
  lazy?: string[];
  /** Bytes of code (the sets of main pages are merged by size). */
  size?: number;
}

/** A module graph as Rolldown's chunking shows it, from each module's imports. */
function graphOf(modules: Record<string, Module>): Graph {
  const importers = new Map<string, string[]>();
  for (const [id, module] of Object.entries(modules)) {
    for (const imported of module.imports ?? []) {
      importers.set(imported, [...(importers.get(imported) ?? []), id]);
    }
  }
  return {
    ids: () => Object.keys(modules),
    info: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        code: module.code ?? 'x'.repeat(module.size ?? MERGE_BELOW),
        importers: importers.get(id) ?? [],
        importedIds: module.imports ?? [],
        dynamicallyImportedIds: module.lazy ?? [],
        isEntry: id === `${APP}/index.html`,
      };
    },
  };
}

// The entry loads the router and the UI library's index; four pages: a list and a trip (main
// pages), a register page and the signed-in layout (the layout counts for both main pages).
const pages = {
  'src/routes/list.tsx': ['list'],
  'src/routes/trip.tsx': ['trip'],
  'src/layouts/logged-layout.tsx': ['list', 'trip'],
};
const families = { 'src/routes/register.tsx': 'auth', 'src/routes/help.tsx': 'visitor' } as const;
const ui = `${NODE}/ui/index.mjs`;
const modules: Record<string, Module> = {
  [`${APP}/index.html`]: { imports: [`${APP}/src/main.tsx`] },
  [`${APP}/src/main.tsx`]: {
    imports: [`${APP}/src/router.tsx`, ui],
    code: 'import { Provider } from "ui";',
  },
  [`${APP}/src/router.tsx`]: {
    lazy: [
      `${APP}/src/routes/list.tsx`,
      `${APP}/src/routes/trip.tsx`,
      `${APP}/src/routes/register.tsx`,
      `${APP}/src/routes/help.tsx`,
      `${APP}/src/layouts/logged-layout.tsx`,
    ],
  },
  // The UI library's index re-exports every component: a page loads the ones it names.
  [ui]: {
    imports: ['provider', 'card', 'menu', 'text', 'box'].map((name) => `${NODE}/ui/${name}.mjs`),
    code:
      'import { Provider } from "./provider.mjs"; import { Card } from "./card.mjs";' +
      'import { Menu } from "./menu.mjs"; export { Provider, Card, Menu };' +
      'export { Text } from "./text.mjs"; export { Box } from "./box.mjs";',
  },
  [`${NODE}/ui/text.mjs`]: {},
  [`${NODE}/ui/box.mjs`]: {},
  [`${NODE}/ui/provider.mjs`]: {},
  [`${NODE}/ui/card.mjs`]: {},
  [`${NODE}/ui/menu.mjs`]: {},
  [`${APP}/src/routes/list.tsx`]: {
    imports: [ui, `${APP}/src/both.ts`, `${APP}/src/list-only.ts`, `${APP}/src/tiny.ts`],
    // Its Menu is another package's: not the UI library's.
    code: 'import { Card } from "ui"; import { Menu } from "router";',
  },
  [`${APP}/src/routes/trip.tsx`]: {
    imports: [ui, `${APP}/src/both.ts`, `${APP}/src/trip-and-register.ts`],
    lazy: [`${APP}/src/dialog.tsx`],
    code: 'import { Card, Menu } from "ui";',
  },
  [`${APP}/src/layouts/logged-layout.tsx`]: { imports: [`${APP}/src/layout-part.ts`] },
  [`${APP}/src/routes/register.tsx`]: {
    imports: [
      `${APP}/src/trip-and-register.ts`,
      `${APP}/src/visitor-and-register.ts`,
      `${APP}/src/tiny.ts`,
      `${NODE}/widgets/widget.mjs`,
    ],
  },
  [`${APP}/src/routes/help.tsx`]: {
    imports: [`${APP}/src/visitor-and-register.ts`, `${NODE}/widgets/widget.mjs`],
  },
  [`${NODE}/widgets/widget.mjs`]: {},
  [`${APP}/src/both.ts`]: {},
  [`${APP}/src/list-only.ts`]: {},
  [`${APP}/src/tiny.ts`]: { size: 10 },
  [`${APP}/src/trip-and-register.ts`]: {},
  [`${APP}/src/visitor-and-register.ts`]: {},
  [`${APP}/src/layout-part.ts`]: {},
  [`${APP}/src/dialog.tsx`]: { imports: [`${APP}/src/both.ts`] },
};

describe('the chunks of the pages', () => {
  const names = chunkNames(graphOf(modules), APP, pages, families);
  const nameOf = (file: string) => names.get(file.startsWith('/') ? file : `${APP}/${file}`);

  it('puts what the entry loads beside it, the entry itself left to Rolldown', () => {
    expect(nameOf('src/router.tsx')).toBe('app');
    expect(nameOf(`${NODE}/ui/provider.mjs`)).toBe('app');
    expect(nameOf('src/main.tsx')).toBeUndefined();
    expect(nameOf('index.html')).toBeUndefined();
  });

  it('groups code by the main pages that load it, seeing through a package index', () => {
    expect(nameOf('src/both.ts')).toBe('list_trip');
    // The list names Card, the trip Card and Menu: Menu is the trip's own.
    expect(nameOf(`${NODE}/ui/card.mjs`)).toBe('list_trip');
    expect(nameOf(`${NODE}/ui/menu.mjs`)).toBeUndefined();
    // The signed-in layout counts for every signed-in main page.
    expect(nameOf('src/layout-part.ts')).toBe('list_trip');
  });

  it("leaves a page's own code, and what only later parts load, to Rolldown", () => {
    expect(nameOf('src/list-only.ts')).toBeUndefined();
    expect(nameOf('src/dialog.tsx')).toBeUndefined();
    expect(nameOf('src/routes/list.tsx')).toBeUndefined();
  });

  it('puts code of one main page and other pages with that page, other shared code by family', () => {
    expect(nameOf('src/trip-and-register.ts')).toBe('trip');
    expect(nameOf('src/visitor-and-register.ts')).toBe('more-auth_visitor');
  });

  it("keeps the other pages' shared packages apart from their shared app code", () => {
    // A dialog needing the widget alone must not load (and run) the app code its pages share.
    expect(nameOf(`${NODE}/widgets/widget.mjs`)).toBe('more-auth_visitor-lib');
  });

  it('joins a small set of pages to the smallest wider one', () => {
    // Loaded by the list (and the register page) only, but too small for a file of its own.
    expect(nameOf('src/tiny.ts')).toBe('list_trip');
    const larger = chunkNames(
      graphOf({ ...modules, [`${APP}/src/tiny.ts`]: { size: MERGE_BELOW } }),
      APP,
      pages,
      families,
    );
    expect(larger.get(`${APP}/src/tiny.ts`)).toBe('list');
  });

  it("sees through a feature's public entry: a page loads only the modules it names", () => {
    const entry = `${APP}/src/features/maps/public.ts`;
    const pin = `${APP}/src/features/maps/components/pin.tsx`;
    const map = `${APP}/src/features/maps/components/map.tsx`;
    const styles = `${APP}/src/features/maps/components/map.module.css`;
    const withEntry = chunkNames(
      graphOf({
        ...modules,
        [`${APP}/src/routes/list.tsx`]: {
          imports: [entry],
          code: 'import { Pin } from "../features/maps/public";',
        },
        [`${APP}/src/routes/trip.tsx`]: {
          imports: [entry],
          code: "import { Map, Pin as MapPin, mapClasses } from '../features/maps/public';",
        },
        [entry]: {
          imports: [pin, map, styles],
          code:
            "export { Pin } from './components/pin';\nexport { Map } from './components/map';\n" +
            "export { default as mapClasses } from './components/map.module.css';",
        },
        [pin]: {},
        [map]: {},
        [styles]: {},
      }),
      APP,
      pages,
      families,
    );
    expect(withEntry.get(pin)).toBe('list_trip');
    // Only the trip names them: they stay the trip's own.
    expect(withEntry.get(map)).toBeUndefined();
    expect(withEntry.get(styles)).toBeUndefined();
  });
});

describe('reading modules', () => {
  it('reads the names a module imports by name from a package, not what it calls them', () => {
    const code =
      'import { Card, Menu as M } from "ui";\nimport Other, { Text } from "ui";\n' +
      'import { NavLink } from "router";';
    expect([...namedImports(code, 'ui')]).toEqual(['Card', 'Menu', 'Text']);
    expect([...namedImports(code, 'router')]).toEqual(['NavLink']);
  });

  it('knows the package of a module', () => {
    expect(packageOf(`${NODE}/@mantine/core/esm/index.mjs`)).toBe('@mantine/core');
    expect(packageOf(`${NODE}/clsx/dist/clsx.mjs`)).toBe('clsx');
    expect(packageOf(`${APP}/src/main.tsx`)).toBeNull();
  });

  it("reads what a package's index exports from each module, either way it writes it", () => {
    const exported = reexports(
      `${NODE}/icons/index.mjs`,
      "export { default as IconPlus } from './icons/IconPlus.mjs';\n" +
        'import { Card } from "./card.mjs";\nexport { Card, Card as Tile };',
    );
    expect(exported.get(`${NODE}/icons/icons/IconPlus.mjs`)).toEqual(new Set(['IconPlus']));
    expect(exported.get(`${NODE}/icons/card.mjs`)).toEqual(new Set(['Card', 'Tile']));
  });
});

describe('the families of the other pages', () => {
  const onlineOnly = new Set(['itinerary-share', 'account', 'login', 'faq']);
  const familyOfPage = (id: RouteId) => {
    const route = ROUTES.find((candidate) => candidate.id === id);
    if (!route) throw new Error(`No page ${id}`);
    return familyOf(route, onlineOnly);
  };

  it("puts a trip's pages together, even the overview with the visitors' layout", () => {
    expect(familyOfPage('itinerary')).toBe('trip');
    expect(familyOfPage('stage-edit')).toBe('trip');
    expect(familyOfPage('itinerary-share')).toBe('account');
  });

  it('keeps the pages that need the server apart from those that work offline', () => {
    expect(familyOfPage('itineraries')).toBe('list');
    expect(familyOfPage('account')).toBe('account');
    expect(familyOfPage('login')).toBe('auth');
    expect(familyOfPage('faq')).toBe('visitor');
  });
});
