import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { PUBLIC, replies } from '../../lib/contract';
import type { Drain } from '../../lib/drain';
import {
  healthSchema,
  isReady,
  livenessSchema,
  presentHealth,
  presentReadiness,
  readinessSchema,
} from './health.presenter';
import { checkLiveness, createReadiness } from './health.service';

const TAGS = ['operations'];
const READINESS =
  'Readiness: 200 when the database answers, every migration is applied, the connection that ' +
  "carries other processes' changes listens and the server is not shutting down, else 503";

/**
 * The probes. GET /livez (the process answers; nothing else is asked, so a slow database
 * never gets a live process killed) and GET /readyz (database reachable, every committed
 * migration applied, LISTEN connection up, not shutting down), for an orchestrator or load
 * balancer to send traffic only to a ready process. /api/health/ready is /readyz under the
 * older name; GET /api/health is the older liveness that also pings the database.
 */
export function healthRoutes(
  root: FastifyInstance,
  deps: {
    pool: pg.Pool;
    buildId: string;
    /** Whether this process's LISTEN connection is up (events/notifications.ts). */
    listening: () => boolean;
    /** Unready from the start of the drain: a balancer stops sending new work. */
    drain: Drain;
    migrationsFolder?: string;
  },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const readiness = createReadiness(deps);

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const checked = await readiness.check(request.log);
    return reply
      .status(isReady(checked) ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(presentReadiness(checked, deps.buildId));
  };
  const readySchema = {
    tags: TAGS,
    summary: READINESS,
    ...PUBLIC,
    response: replies({ 200: readinessSchema, 503: readinessSchema }),
  };
  app.get('/readyz', { schema: readySchema }, ready);
  app.get('/api/health/ready', { schema: readySchema }, ready);

  app.get(
    '/livez',
    {
      schema: {
        tags: TAGS,
        summary: 'Liveness: 200 as long as the process answers (the database is not asked)',
        ...PUBLIC,
        response: replies({ 200: livenessSchema }),
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ status: 'ok' as const, build: deps.buildId }),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: TAGS,
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
