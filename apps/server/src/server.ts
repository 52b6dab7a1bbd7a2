import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { boundHeapGrowth } from './lib/heap-growth';
import { createLogger } from './lib/logger';
import { getOrCreateSessionSecret, recordBuildId } from './modules/meta/meta.repository';
import { loadCatalogue } from './modules/presets/catalogue';
import type { Tracing } from './observability/tracing';

const SHUTDOWN_TIMEOUT_MS = 15_000;
/**
 * Connections the kernel may hold until the server accepts them (Node's default: 511). A
 * reconnect storm (every open page's live stream coming back at once after a restart) brings
 * thousands together: beyond the queue, the kernel drops them and each client waits a second
 * or more to try again. Linux caps it at net.core.somaxconn (4096 on current kernels).
 */
const LISTEN_BACKLOG = 8192;

/** Boots the server (main.ts calls it): database, migrations, app, metrics, listen, shutdown. */
export async function startServer(config: Config, tracing?: Tracing): Promise<void> {
  boundHeapGrowth();
  const logger = createLogger(config);
  // What the start spent where, in ms since the process began (`npm run bench:start` prints it).
  const phases: Record<string, number> = { modulesLoaded: Math.round(performance.now()) };
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now());
  };
  // The app's modules (Fastify, better-auth, every route: over a second to load) load while
  // PostgreSQL starts, rather than before it (a chunk of its own in the build).
  const appModule = import('./app');
  // Awaited below; a failure before then is not left unhandled.
  appModule.catch(() => undefined);
  const database = await openDatabase(config, logger);
  phase('databaseOpen');
  try {
    await runMigrations(database.pool);
    phase('migrationsChecked');
    // Independent rows, each its own round trips: side by side, on the pool's connections.
    const [, buildId, sessionSecret] = await Promise.all([
      loadCatalogue(database.db),
      readBuildId(config.webDistDir).then(async (id) => {
        await recordBuildId(database.db, id);
        return id;
      }),
      config.sessionSecret ?? getOrCreateSessionSecret(database.db),
    ]);
    phase('rowsChecked');
    // prom-client is loaded only when metrics are asked for.
    const metrics =
      config.metricsPort === undefined
        ? undefined
        : (await import('./observability/metrics')).createMetrics({ database });
    const { buildApp } = await appModule;
    phase('appModulesLoaded');
    const app = await buildApp({
      config,
      database,
      logger,
      sessionSecret,
      buildId,
      metrics,
      traceRequest: tracing?.traceRequest,
    });
    phase('appBuilt');
    const metricsServer =
      metrics && config.metricsPort !== undefined
        ? await metrics.serve({ host: config.host, port: config.metricsPort })
        : undefined;
    installShutdown(logger, config.drainDelayMs, app.beginDrain, async () => {
      await app.close();
      await metricsServer?.close();
      await database.close();
      await tracing?.shutdown();
    });
    await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
    phase('listening');
    logger.info(
      {
        database: database.kind,
        build: buildId,
        metricsPort: config.metricsPort,
        tracing: !!tracing,
        phases,
      },
      'Jammy is ready',
    );
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The id of the web build being served (from /builds/latest.json), or `development`. */
async function readBuildId(webDistDir: string): Promise<string> {
  try {
    const latest: unknown = JSON.parse(
      await readFile(path.join(webDistDir, 'builds', 'latest.json'), 'utf8'),
    );
    if (latest && typeof latest === 'object' && 'id' in latest && typeof latest.id === 'string') {
      return latest.id;
    }
  } catch {
    // Not built yet: the API still works, e.g. under `npm run dev`.
  }
  return 'development';
}

/**
 * On SIGTERM or SIGINT: turn unready (`beginDrain`) and keep answering for `drainDelayMs`, so
 * that a proxy's health checks move traffic away first; then stop accepting, let requests
 * finish, close the database, exit.
 */
function installShutdown(
  logger: Logger,
  drainDelayMs: number,
  beginDrain: () => void,
  close: () => Promise<void>,
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal, drainDelayMs }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainDelayMs + SHUTDOWN_TIMEOUT_MS).unref();
    beginDrain();
    new Promise((resolve) => setTimeout(resolve, drainDelayMs)).then(close).then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
