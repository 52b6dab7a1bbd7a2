import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { createNotifications, type Notifications } from '../src/events/notifications';
import { runMigrations } from '../src/db/migrate';
import { createLogger } from '../src/lib/logger';
import { DOCUMENTS_CHANNEL } from '../src/modules/itineraries/document-cache';
import { getOrCreateSessionSecret, recordBuildId } from '../src/modules/meta/meta.repository';
import { loadCatalogue } from '../src/modules/presets/catalogue';
import { createWebDistFixture } from './web-dist';

const FIXED_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

export interface TestAppOptions {
  /** DATABASE_URL of the test file's database (see createTestDatabase). */
  databaseUrl: string;
  /** Extra environment variables, e.g. `{ PUBLIC_URL: 'https://…' }`. */
  env?: Record<string, string>;
  /** The web build to serve; a fresh fixture (web-dist.ts) when absent. */
  webDistDir?: string;
  /** Adds files to the fresh fixture before the app reads it. */
  prepareWebDist?: (dir: string) => Promise<void>;
  /** An already open database to use instead of opening DATABASE_URL (no migrations run). */
  database?: Database;
  /** The app's logger instead of one made from the configuration (to read what it logs). */
  logger?: Logger;
  /** The app's LISTEN connection instead of a fresh one (a test may close it). */
  notifications?: Notifications;
}

export interface TestApp {
  /** Not yet ready: tests may still add routes, then use `app.inject`. */
  app: FastifyInstance;
  config: Config;
  database: Database;
  /**
   * Resolves once the app has heard every notification committed before the call: PostgreSQL
   * delivers a listener's notifications in commit order, so a marker notified now comes after
   * them. A test that counts what a read asks the database waits for it after its writes, so
   * that a write's late notification does not empty the cache in the middle of the count.
   */
  heard(): Promise<void>;
  /** Closes the app, its database pool and removes its temporary folders. */
  close(): Promise<void>;
}

/** Builds the app as main.ts does (config, database, migrations, meta), without listening. */
export async function buildTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-test-data-'));
  const fixture = options.webDistDir === undefined ? await createWebDistFixture() : undefined;
  if (fixture) await options.prepareWebDist?.(fixture.dir);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: fixture?.dir ?? options.webDistDir,
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config);
  const removeTemp = async () => {
    await rm(dataDir, { recursive: true, force: true });
    await fixture?.remove();
  };

  let database: Database | undefined = options.database;
  try {
    if (!database) {
      database = await openDatabase(config, logger);
      await runMigrations(database.pool);
      await loadCatalogue(database.db);
    }
    const buildId = await readBuildId(config.webDistDir);
    if (!options.database) await recordBuildId(database.db, buildId);
    // A database given by the test may be unreachable on purpose: do not query it.
    const sessionSecret =
      config.sessionSecret ??
      (options.database ? FIXED_SESSION_SECRET : await getOrCreateSessionSecret(database.db));
    const notifications =
      options.notifications ?? createNotifications({ pool: database.pool, logger });
    const app = await buildApp({ config, database, logger, sessionSecret, buildId, notifications });
    const opened = database;
    const markers = new Map<string, () => void>();
    // A marker is a notification no itinerary has: the cache drops nothing it holds.
    notifications.on(DOCUMENTS_CHANNEL, (payload) => markers.get(payload)?.());
    return {
      app,
      config,
      database: opened,
      async heard() {
        const marker = `marker-${randomUUID()}`;
        const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the app heard no notification')), 5000);
        });
        try {
          await opened.pool.query('select pg_notify($1, $2)', [DOCUMENTS_CHANNEL, marker]);
          await Promise.race([arrived, late]);
        } finally {
          clearTimeout(timer);
          markers.delete(marker);
        }
      },
      close: async () => {
        await app.close();
        await opened.close();
        await removeTemp();
      },
    };
  } catch (error) {
    await database?.close();
    await removeTemp();
    throw error;
  }
}

async function readBuildId(webDistDir: string): Promise<string> {
  try {
    const latest = JSON.parse(
      await readFile(path.join(webDistDir, 'builds', 'latest.json'), 'utf8'),
    ) as { id?: unknown };
    return typeof latest.id === 'string' ? latest.id : 'development';
  } catch {
    return 'development';
  }
}
