import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By its path: Node loads this file, and would not load the shared package's TypeScript by name.
import { INBOX_SHARE } from '../../packages/shared/src/inbox-share';
import { ROUTES } from '../../packages/shared/src/route-table';
// A relative import: Vite bundles it with this file (the package's TypeScript is not built).
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../packages/shared/src/languages';
import {
  LOCALES_DIR,
  MESSAGE_BUNDLES,
  bundleModule,
  messageBundles,
} from './scripts/message-bundles';
import { PUBLIC_ENTRY, familyOf, pageChunks, type MainPages } from './scripts/page-chunks';
import { woff2Only } from './scripts/woff2-only';

const BUILD_ID = randomUUID();
const BUILD_TIMESTAMP = Date.now();
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Brand colours of the manifest and the browser chrome (theme.ts: jam shades 8 and 0). */
const THEME_COLOUR = '#c2255c';
const BACKGROUND_COLOUR = '#fff0f6';

/**
 * Emits /builds/latest.json ({ id, timestamp }) and /builds/meta/{id}.json, which the app
 * polls to notice a newer build (spec §4, §7) and the server reports in /api/health.
 */
function buildManifest(): Plugin {
  return {
    name: 'jammy-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: BUILD_ID, timestamp: BUILD_TIMESTAMP }),
      });
      this.emitFile({
        type: 'asset',
        fileName: `builds/meta/${BUILD_ID}.json`,
        source: JSON.stringify({
          id: BUILD_ID,
          timestamp: BUILD_TIMESTAMP,
          version: APP_VERSION,
          matcher: {},
          prerendered: [],
        }),
      });
    },
  };
}

/**
 * React Router ships a production build (its development warnings left out) beside the
 * development one, but its package exports name only the latter: the app's build takes the
 * production files, for every entry the app imports (one copy of the router, never two).
 */
function reactRouterProduction(): Plugin {
  const productionDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  const entries: Record<string, string> = {
    'react-router': 'index.mjs',
    'react-router/dom': 'dom-export.mjs',
  };
  return {
    name: 'jammy-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      const file = entries[source];
      return file ? path.join(productionDir, file) : null;
    },
  };
}

// Pages that only work online (account, sharing, on-boarding, a preset's page) and the
// visitors' pages are not precached: a traveller without a connection needs their trips.
const ONLINE_ONLY_PAGES = [
  'account',
  'itinerary-share',
  'on-boarding',
  'preset',
  'presets',
  'interests',
  'home',
  'faq',
  'contact',
  'privacy',
  'terms',
  'language',
  'shop',
  'login',
  'login-start',
  'login-second-factor',
  'register',
  'register-finish',
  'forgot-password',
  'finish-register',
  'send-email',
  // Reading a file into the trip and printing it need the server anyway.
  'itinerary-import',
  'itinerary-print',
  // The booking inbox: what arrives, its review and its acceptance are the server's work.
  'inbox',
];

// Dialogs that only do something with the server (reading a file into a new trip, making a
// calendar feed's address), loaded when opened: not precached either.
const ONLINE_ONLY_DIALOGS = [
  'features/imports/components/import-trip-dialog.tsx',
  'features/exports/components/calendar-feed-modal.tsx',
  // Confirming a recent sign-in (the password or a code) is for the server.
  'components/second-factor/step-up-modal.tsx',
];

// Namespaces of messages that only online-only pages show (the second factor's: the account
// page and the sign-in's code page; the account's security activity), in English (the other
// languages are never precached).
const ONLINE_ONLY_MESSAGES = ['second-factor', 'security'];

// Parts loaded only when needed, kept by the runtime cache once loaded, and not precached: a
// device without them offline does without (a long list shows every row).
const LOADED_WHEN_NEEDED = [
  'features/places/components/virtual-place-list.tsx',
  'components/virtual-window-list.tsx',
];

/**
 * The pages whose first visit loads only code it runs, in few files (scripts/page-chunks.ts):
 * those Lighthouse and the JavaScript budget measure. Each module their first visit loads, by
 * the pages it counts for. (Each page more splits the code the others share into more files.)
 */
const MAIN_PAGES: MainPages = {
  'src/routes/login.tsx': ['login'],
  'src/routes/itineraries.tsx': ['list'],
  'src/routes/presets.tsx': ['presets'],
  'src/routes/itinerary.tsx': ['trip'],
  // The overview's loader imports it (route-preloads.ts names it in the page's head).
  'src/features/itineraries/api/overview-sections.ts': ['trip'],
  'src/routes/stage.tsx': ['stage'],
  // Every signed-in page loads the signed-in layout.
  'src/layouts/logged-layout.tsx': ['list', 'trip', 'stage'],
  // What a trip's page loads right after its first screen (its sections below it), counted
  // apart from that screen: its code that other pages share joins their files instead of
  // pulling in theirs (the stages' sortable list, which the stage pages share with it).
  'src/features/itineraries/components/overview-body.tsx': ['trip-below'],
};

/** The code files only the online-only pages load, found by `onlineOnlyCode` at each build. */
const onlineOnlyFiles = new Set<string>();

/**
 * The chunks of the app's bundle, and each by its file; null for another bundle (the offline
 * worker is built on its own, with no page).
 */
function appChunks(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter(
    (output): output is Rolldown.OutputChunk => output.type === 'chunk',
  );
  if (!chunks.some((chunk) => chunk.facadeModuleId?.includes('/src/routes/'))) return null;
  return { chunks, byFile: new Map(chunks.map((chunk) => [chunk.fileName, chunk])) };
}

/**
 * Finds the code of the online-only pages: each page's own chunk and the shared chunks no
 * other page reaches. A page is known by its source file, never by its chunk's name: a shared
 * chunk can have a page's name (the presets feature's code and the presets page are both
 * `presets-*.js`), and a name pattern left such code out of the precache, so a trip's overview
 * could not load offline before it had been opened online once.
 */
function onlineOnlyCode(): Plugin {
  return {
    name: 'jammy-online-only-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const app = appChunks(bundle);
      if (!app) return;
      const { chunks, byFile } = app;
      const onlineOnlyPage = (chunk: Rolldown.OutputChunk) =>
        ONLINE_ONLY_PAGES.some((page) =>
          chunk.facadeModuleId?.endsWith(`/src/routes/${page}.tsx`),
        ) ||
        [...ONLINE_ONLY_DIALOGS, ...LOADED_WHEN_NEEDED].some((part) =>
          chunk.facadeModuleId?.endsWith(`/src/${part}`),
        ) ||
        ONLINE_ONLY_MESSAGES.some(
          (namespace) => chunk.facadeModuleId === `\0${bundleModule(namespace, 'en')}`,
        );
      const reached = new Set<string>();
      const reach = (chunk: Rolldown.OutputChunk) => {
        if (reached.has(chunk.fileName) || onlineOnlyPage(chunk)) return;
        reached.add(chunk.fileName);
        for (const file of [...chunk.imports, ...chunk.dynamicImports]) {
          const next = byFile.get(file);
          if (next) reach(next);
        }
      };
      chunks.filter((chunk) => chunk.isEntry).forEach(reach);
      // Their stylesheets too, unless a page that stays needs the same one.
      const css = (chunk: Rolldown.OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const neededCss = new Set(chunks.filter((chunk) => reached.has(chunk.fileName)).flatMap(css));
      onlineOnlyFiles.clear();
      for (const chunk of chunks) {
        if (reached.has(chunk.fileName)) continue;
        onlineOnlyFiles.add(chunk.fileName);
        for (const file of css(chunk)) if (!neededCss.has(file)) onlineOnlyFiles.add(file);
      }
    },
  };
}

/** The app's frame loaded on demand, found by `shellCode` at each build. */
const shellFiles = new Set<string>();

/**
 * Finds the app's frame code that a page loads on demand: every chunk the entry reaches by
 * dynamic imports without passing through a page (`src/routes/<page>.tsx`), and its
 * stylesheets, but not what the entry imports statically (index.html loads that with every
 * page, so the browser holds it). The worker's first install keeps these with index.html before
 * it takes the page (src/pwa/precache-in-two-steps.ts): a page reloaded without a connection
 * then finds what it did not load yet (the sign-in client, the language menu).
 */
function shellCode(): Plugin {
  return {
    name: 'jammy-shell-code',
    apply: 'build',
    generateBundle(_options, bundle) {
      const app = appChunks(bundle);
      if (!app) return;
      const { chunks, byFile } = app;
      const page = (chunk: Rolldown.OutputChunk) =>
        chunk.facadeModuleId?.includes('/src/routes/') === true;
      const filesOf = (chunk: Rolldown.OutputChunk) => [
        chunk.fileName,
        ...(chunk.viteMetadata?.importedCss ?? []),
      ];
      /** Every chunk reached from `from` through `imports` of each, pages left out. */
      const closure = (
        from: Rolldown.OutputChunk[],
        imports: (chunk: Rolldown.OutputChunk) => string[],
      ) => {
        const reached = new Set<Rolldown.OutputChunk>();
        const reach = (chunk: Rolldown.OutputChunk) => {
          if (reached.has(chunk) || page(chunk)) return;
          reached.add(chunk);
          for (const file of imports(chunk)) {
            const next = byFile.get(file);
            if (next) reach(next);
          }
        };
        from.forEach(reach);
        return reached;
      };
      const entries = chunks.filter((chunk) => chunk.isEntry);
      const loadedWithEveryPage = new Set(
        [...closure(entries, (chunk) => chunk.imports)].flatMap(filesOf),
      );
      const frame = closure(entries, (chunk) => [...chunk.imports, ...chunk.dynamicImports]);
      shellFiles.clear();
      for (const file of [...frame].flatMap(filesOf)) {
        if (!loadedWithEveryPage.has(file)) shellFiles.add(file);
      }
    },
  };
}

/** Marks the frame's files (and index.html) in the precache list: the first install's shell. */
function markShell<Entry extends { url: string; size: number }>(entries: Entry[]) {
  const inShell = (entry: Entry) => entry.url === 'index.html' || shellFiles.has(entry.url);
  const shell = entries.filter(inShell);
  const kib = shell.reduce((sum, entry) => sum + entry.size, 0) / 1024;
  console.info(`shell of the first install: ${shell.length} entries (${kib.toFixed(2)} KiB)`);
  return {
    manifest: entries.map((entry) => (inShell(entry) ? { ...entry, shell: true } : entry)),
    warnings: [],
  };
}

/**
 * Names index.html's stylesheets before its scripts. They are what the first paint waits for
 * (the app's frame, decision 022); Vite writes them after the entry and its thirty module
 * preloads, so on a busy connection the browser asked for them last and drew the frame only
 * once most of the app's code had arrived. Order alone: what is fetched stays the same.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'jammy-stylesheets-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const firstScript = html.search(/[ \t]*<script type="module"/);
        if (stylesheets.length === 0 || firstScript < 0) return html;
        const rest = stylesheets.reduce((page, link) => page.replace(link, ''), html);
        const at = rest.search(/[ \t]*<script type="module"/);
        return rest.slice(0, at) + stylesheets.join('') + rest.slice(at);
      },
    },
  };
}

/**
 * A feature's public entry (src/features/<name>/public.ts, decision 037) only names exports of
 * the feature's other modules: it has no side effects of its own. Said so, a page importing one
 * name from it loads the module that holds that name, not every module the entry names (which
 * the entry's chunk would otherwise import, pulling one page's code into another's).
 */
function publicEntriesWithoutSideEffects(): Plugin {
  return {
    name: 'jammy-public-entries',
    apply: 'build',
    transform(code, id) {
      return PUBLIC_ENTRY.test(id) ? { code, moduleSideEffects: false } : null;
    },
  };
}

/** Leaves the online-only pages' code out of the precache (the runtime cache keeps it). */
function withoutOnlineOnlyCode<Entry extends { url: string }>(entries: Entry[]) {
  return { manifest: entries.filter((entry) => !onlineOnlyFiles.has(entry.url)), warnings: [] };
}

/** The precache a traveller downloads on first visit stays within 2 MiB (issue 12). */
const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

/** Fails the build when the precached files together outgrow the budget. */
function precacheBudget<Entry extends { url: string; size: number }>(entries: Entry[]) {
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  // PRECACHE_REPORT=<file>: every precached file and its size, to compare two builds.
  if (process.env.PRECACHE_REPORT) {
    const sizes = Object.fromEntries(entries.map((entry) => [entry.url, entry.size]));
    writeFileSync(process.env.PRECACHE_REPORT, JSON.stringify({ total, sizes }, null, 1));
  }
  if (total > PRECACHE_BUDGET_BYTES) {
    const largest = [...entries]
      .sort((a, b) => b.size - a.size)
      .slice(0, 5)
      .map((entry) => `${entry.url} (${Math.round(entry.size / 1024)} KiB)`);
    throw new Error(
      `The precache is ${Math.round(total / 1024)} KiB, over its budget of ` +
        `${PRECACHE_BUDGET_BYTES / 1024} KiB; the largest files: ${largest.join(', ')}`,
    );
  }
  return { manifest: entries, warnings: [] };
}

export default defineConfig({
  css: { postcss: { plugins: [woff2Only] } },
  define: {
    __BUILD_ID__: JSON.stringify(BUILD_ID),
    __BUILD_TIMESTAMP__: JSON.stringify(BUILD_TIMESTAMP),
    __APP_VERSION__: JSON.stringify(APP_VERSION),
  },
  plugins: [
    react(),
    messageBundles(LOCALES_DIR, MESSAGE_BUNDLES),
    reactRouterProduction(),
    buildManifest(),
    onlineOnlyCode(),
    shellCode(),
    stylesheetsFirst(),
    publicEntriesWithoutSideEffects(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // The app registers the worker itself (src/pwa/pwa-store.ts) to raise spec §4's signals.
      injectRegister: false,
      includeManifestIcons: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Jammy — trip planner',
        short_name: 'Jammy',
        description: 'Plan trips as itineraries of stages and places, together — even offline.',
        // The server sends / to the traveller's language (its cookie), so one start URL
        // opens the app in the language they chose.
        start_url: '/?source=app',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOUR,
        background_color: BACKGROUND_COLOUR,
        categories: ['travel', 'productivity'],
        // On a phone, the installed app is offered in the share sheet: a confirmation mail,
        // a PDF or a wallet pass shared to it lands in the booking inbox (src/pwa/share-target.ts).
        share_target: {
          action: INBOX_SHARE.path,
          method: 'POST',
          enctype: 'multipart/form-data',
          params: {
            title: INBOX_SHARE.fields.title,
            text: INBOX_SHARE.fields.text,
            url: INBOX_SHARE.fields.url,
            files: [{ name: INBOX_SHARE.fields.files, accept: [...INBOX_SHARE.accept] }],
          },
        },
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/app-screenshots/wide.png',
            sizes: '1280x720',
            type: 'image/png',
            form_factor: 'wide',
            label: 'A trip with its stages and map',
          },
          {
            src: '/app-screenshots/narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A trip on a phone',
          },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'favicon.svg', 'assets/*.{js,css,svg,png,woff2}'],
        globIgnores: [
          // Messages of other languages than English: cached when first used.
          `assets/{${LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join(',')}}-*.js`,
          'assets/hero-journey-*.svg',
          // The fonts of scripts (src/i18n/script-fonts.ts): fetched with their language only.
          'assets/font-*.css',
          'assets/noto-sans-*',
        ],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
        manifestTransforms: [withoutOnlineOnlyCode, precacheBudget, markShell],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph the route budget (scripts/route-budget.ts) reads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs (React, the router, the query cache) in one file:
          // compressed together it is smaller than as the many small chunks it would be split
          // into, and it stays cached from one release to the next more often.
          groups: [
            {
              name: 'framework',
              test: (id) =>
                /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](?:react-query|query-core)|use-sync-external-store)[\\/]/.test(
                  id,
                ),
            },
            // What the map (loaded after a page's first screen) needs beside its own code and
            // what the page has already: the map's settings and the measure of its box. In the
            // chunks of the later-loaded code they would share with others (the forms' fields
            // and checks), loading the map ran every form's checks too (zod's schemas, a long
            // task before the page was quiet, issue 34).
            {
              name: 'map-support',
              test: (id) =>
                /src[\\/]lib[\\/]client-config\.ts$|@mantine[\\/]hooks[\\/]esm[\\/]use-resize-observer[\\/]/.test(
                  id,
                ),
              includeDependenciesRecursively: false,
            },
            // The rest by the main pages that load it, in a few files a page (Mantine's
            // common code included: it had a group of its own, decision 019).
            {
              name: pageChunks(
                path.dirname(fileURLToPath(import.meta.url)),
                MAIN_PAGES,
                Object.fromEntries(
                  ROUTES.map((route) => [
                    `src/routes/${route.id}.tsx`,
                    familyOf(route, new Set(ONLINE_ONLY_PAGES)),
                  ]),
                ),
              ),
              // Each module where `pageChunks` puts it (its dependencies are in wider sets).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 700,
  },
});
