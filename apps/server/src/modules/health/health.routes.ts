import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(app: FastifyInstance, deps: { pool: pg.Pool; buildId: string }) {
  app.get('/api/health', async (request, reply) => {
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
