import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { PUBLIC, replies } from '../../lib/contract';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  build: z.string(),
  checks: z.object({ database: z.enum(['up', 'down']) }),
  databaseMs: z.number().optional(),
});

/** GET /api/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(root: FastifyInstance, deps: { pool: pg.Pool; buildId: string }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
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
