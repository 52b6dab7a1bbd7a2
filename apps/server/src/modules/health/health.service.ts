import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Drain } from '../../lib/drain';
import { MIGRATIONS_DIR } from '../../paths';
import { appliedMigrations, ping } from './health.repository';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

/** The database answered (in `databaseMs`), or did not. */
export type Liveness = { database: 'up'; databaseMs: number } | { database: 'down' };

export interface Readiness {
  database: 'up' | 'down';
  migrations: 'done' | 'pending' | 'unknown';
  /** This process's LISTEN connection (events/notifications.ts). */
  events: 'listening' | 'down';
  accepting: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness: the database answers within 2 s. */
export async function checkLiveness(pool: pg.Pool, log: FastifyBaseLogger): Promise<Liveness> {
  const started = performance.now();
  try {
    await withTimeout(ping(pool), DATABASE_CHECK_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error }, 'health check: database unavailable');
    return { database: 'down' };
  }
  return { database: 'up', databaseMs: Math.round((performance.now() - started) * 10) / 10 };
}

/**
 * Readiness of this process: database reachable, every committed migration applied, the
 * LISTEN connection up (without it, other processes' changes would not reach this one's live
 * streams and caches), and not shutting down. Made once per app: it remembers what never
 * changes back.
 */
export function createReadiness(deps: {
  pool: pg.Pool;
  listening: () => boolean;
  /** Not accepting from the start of the drain (lib/drain.ts). */
  drain: Drain;
  migrationsFolder?: string;
}) {
  // The hashes of the committed migrations this build expects to find applied.
  const expected = readMigrationFiles({
    migrationsFolder: deps.migrationsFolder ?? MIGRATIONS_DIR,
  }).map((migration) => migration.hash);
  // Migrations are never undone: once seen applied, the check needs no more queries.
  let migrated = false;

  return {
    async check(log: FastifyBaseLogger): Promise<Readiness> {
      let database: 'up' | 'down' = 'up';
      let migrations: 'done' | 'pending' | 'unknown' = migrated ? 'done' : 'unknown';
      try {
        if (migrated) await withTimeout(ping(deps.pool), DATABASE_CHECK_TIMEOUT_MS);
        else {
          const applied = await withTimeout(
            appliedMigrations(deps.pool, expected),
            DATABASE_CHECK_TIMEOUT_MS,
          );
          migrated = applied.size === expected.length;
          migrations = migrated ? 'done' : 'pending';
        }
      } catch (error) {
        log.warn({ err: error }, 'readiness check: database unavailable');
        database = 'down';
        // A missing migrations table is a database that answers but is not migrated.
        if (error instanceof Error && 'code' in error && error.code === '42P01') {
          database = 'up';
          migrations = 'pending';
        }
      }
      return {
        database,
        migrations,
        events: deps.listening() ? 'listening' : 'down',
        accepting: !deps.drain.draining(),
      };
    },
  };
}
