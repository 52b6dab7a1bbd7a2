import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { z } from 'zod';
import { PUBLIC, replies } from '../../lib/contract';
import { MIGRATIONS_DIR } from '../../paths';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  build: z.string(),
  checks: z.object({ database: z.enum(['up', 'down']) }),
  databaseMs: z.number().optional(),
});

const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  build: z.string(),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['done', 'pending', 'unknown']),
    accepting: z.boolean().describe('false once the server is shutting down'),
  }),
});

/**
 * GET /api/health (liveness: the process answers and reaches its database) and
 * GET /api/health/ready (readiness: database reachable, every committed migration applied,
 * not shutting down), for a load balancer to send traffic only to a ready process.
 */
export function healthRoutes(
  root: FastifyInstance,
  deps: { pool: pg.Pool; buildId: string; migrationsFolder?: string },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  readinessRoute(app, deps);
  const schema = {
    tags: ['operations'],
    summary: 'Health: 200 when the database answers within 2 s, else 503',
    ...PUBLIC,
    response: replies({ 200: healthSchema, 503: healthSchema }),
  };
  app.get('/api/health', { schema }, async (request, reply) => {
    const started = performance.now();
    try {
      await withTimeout(deps.pool.query('select 1'), DATABASE_CHECK_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', build: deps.buildId, checks: { database: 'down' } });
    }
    return reply.header('cache-control', 'no-store').send({
      status: 'ok',
      build: deps.buildId,
      checks: { database: 'up' },
      databaseMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The hashes of the committed migrations this build expects to find applied. */
function expectedMigrations(migrationsFolder: string): string[] {
  return readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
}

function readinessRoute(
  app: FastifyInstance,
  deps: { pool: pg.Pool; buildId: string; migrationsFolder?: string },
) {
  const expected = expectedMigrations(deps.migrationsFolder ?? MIGRATIONS_DIR);
  let accepting = true;
  // Set as soon as close() starts: a balancer stops sending new work while requests drain.
  app.addHook('preClose', async () => {
    accepting = false;
  });
  // Migrations are never undone: once seen applied, the check needs no more queries.
  let migrated = false;

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: 200 when the database answers, every migration is applied and the server is not shutting down, else 503',
        ...PUBLIC,
        response: replies({ 200: readinessSchema, 503: readinessSchema }),
      },
    },
    async (request, reply) => {
      let database: 'up' | 'down' = 'up';
      let migrations: 'done' | 'pending' | 'unknown' = migrated ? 'done' : 'unknown';
      try {
        if (migrated) await withTimeout(deps.pool.query('select 1'), DATABASE_CHECK_TIMEOUT_MS);
        else {
          const applied = await withTimeout(
            deps.pool.query<{ hash: string }>(
              'select hash from drizzle.__drizzle_migrations where hash = any($1::text[])',
              [expected],
            ),
            DATABASE_CHECK_TIMEOUT_MS,
          );
          migrated = new Set(applied.rows.map((row) => row.hash)).size === expected.length;
          migrations = migrated ? 'done' : 'pending';
        }
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database unavailable');
        database = 'down';
        // A missing migrations table is a database that answers but is not migrated.
        if ((error as { code?: unknown }).code === '42P01') {
          database = 'up';
          migrations = 'pending';
        }
      }
      const ready = database === 'up' && migrations === 'done' && accepting;
      return reply
        .status(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({
          status: ready ? 'ready' : 'unavailable',
          build: deps.buildId,
          checks: { database, migrations, accepting },
        });
    },
  );
}
