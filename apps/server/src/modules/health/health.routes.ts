import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { PUBLIC, replies } from '../../lib/contract';
import {
  healthSchema,
  isReady,
  presentHealth,
  presentReadiness,
  readinessSchema,
} from './health.presenter';
import { checkLiveness, createReadiness } from './health.service';

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
  const readiness = createReadiness(deps);
  // Set as soon as close() starts: a balancer stops sending new work while requests drain.
  app.addHook('preClose', async () => readiness.stopAccepting());

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
      const checked = await readiness.check(request.log);
      return reply
        .status(isReady(checked) ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(presentReadiness(checked, deps.buildId));
    },
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['operations'],
        summary: 'Health: 200 when the database answers within 2 s, else 503',
        ...PUBLIC,
        response: replies({ 200: healthSchema, 503: healthSchema }),
      },
    },
    async (request, reply) => {
      const liveness = await checkLiveness(deps.pool, request.log);
      return reply
        .status(liveness.database === 'up' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(presentHealth(liveness, deps.buildId));
    },
  );
}
