import { z } from 'zod';
import type { Liveness, Readiness } from './health.service';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  build: z.string(),
  checks: z.object({ database: z.enum(['up', 'down']) }),
  databaseMs: z.number().optional(),
});

export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  build: z.string(),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['done', 'pending', 'unknown']),
    events: z
      .enum(['listening', 'down'])
      .describe("the LISTEN connection that carries other processes' changes"),
    accepting: z.boolean().describe('false once the server is shutting down'),
  }),
});

export const livenessSchema = z.object({
  status: z.literal('ok'),
  build: z.string(),
});

/**
 * Ready for traffic: the database answers, is migrated, other processes' changes reach this
 * one, and the process is not closing.
 */
export function isReady(readiness: Readiness): boolean {
  return (
    readiness.database === 'up' &&
    readiness.migrations === 'done' &&
    readiness.events === 'listening' &&
    readiness.accepting
  );
}

/** The answer of GET /api/health. */
export function presentHealth(liveness: Liveness, build: string): z.infer<typeof healthSchema> {
  if (liveness.database === 'down') {
    return { status: 'unavailable', build, checks: { database: 'down' } };
  }
  return { status: 'ok', build, checks: { database: 'up' }, databaseMs: liveness.databaseMs };
}

/** The answer of GET /api/health/ready. */
export function presentReadiness(
  readiness: Readiness,
  build: string,
): z.infer<typeof readinessSchema> {
  return {
    status: isReady(readiness) ? 'ready' : 'unavailable',
    build,
    checks: {
      database: readiness.database,
      migrations: readiness.migrations,
      events: readiness.events,
      accepting: readiness.accepting,
    },
  };
}
