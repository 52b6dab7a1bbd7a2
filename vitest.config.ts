import { defineConfig } from 'vitest/config';
import { LOCALES_DIR, messageBundles, MESSAGE_BUNDLES } from './apps/web/scripts/message-bundles';

// Three suites: unit (no I/O), integration (real PostgreSQL), e2e (built app + Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's messages are read through a module its build writes (vite.config.ts).
        plugins: [messageBundles(LOCALES_DIR, MESSAGE_BUNDLES)],
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/scripts/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts'],
          // Vitest's default is one worker fewer than the cores: one worker on two cores, with
          // the other core idle while a file waits on its threads or its files.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/**/*.integration.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/contract-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file has a database of its own; two at a time keep both cores busy while
          // one waits on PostgreSQL.
          maxWorkers: 2,
          // A worker loads the server's modules once for all its files instead of once per
          // file (that took 190 of the suite's 510 s of work). Nothing a file changes lives in a
          // module: every file builds its own app on its own database.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          exclude: ['apps/web/e2e/**/*.alone.e2e.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page rendered on two busy cores can take more than expect.poll's default second
          // to show what the user asked for: poll as patiently as a user waits.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Two files at a time against the one server: each test uses its own accounts and
          // client address. A third file filled the time the two mostly wait, but on two cores
          // it also left less slack for the tests that must see something within a bound, and
          // a clean run failed one of them (decision 062).
          fileParallelism: true,
          maxWorkers: 2,
          // The helpers (browser, accounts, mail) load once per worker, and so does the browser of
          // browserForThisFile (each file's contexts are closed after it); each file still makes
          // its own accounts.
          isolate: false,
        },
      },
      {
        // What is measured against a page's clock runs after the rest, one file at a time.
        test: {
          name: 'e2e-alone',
          include: ['apps/web/e2e/**/*.alone.e2e.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000, interval: 100 } },
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
