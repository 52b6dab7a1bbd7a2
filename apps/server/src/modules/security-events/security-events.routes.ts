import { idSchema } from '@jammy/shared/ids';
import {
  SECURITY_EVENT_PAGE_SIZE,
  securityEventPageSchema,
  type SecurityEvent,
} from '@jammy/shared/security-events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listSecurityEvents, type SecurityEventRow } from '../../auth/security-events';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';

// Not strict: a share-link reader's `?share=` is ignored here (the route answers 401).
const pageQuery = z.object({ cursor: idSchema.optional() });

function presentSecurityEvent(row: SecurityEventRow): SecurityEvent {
  return {
    id: row.id,
    kind: row.kind,
    method: row.method,
    success: row.success,
    detail: row.detail,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The traveller's security activity (docs/decisions/048): their sign-ins and the changes of
 * their ways in. Only they read it; no API token does (`x-token-scope: none`).
 */
export function securityEventRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/me/security-events',
    {
      schema: {
        tags: ['account'],
        summary: `My sign-ins and security changes, newest first (${SECURITY_EVENT_PAGE_SIZE} a page)`,
        querystring: pageQuery,
        response: replies({ 200: securityEventPageSchema }, [401]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { rows, nextCursor } = await listSecurityEvents(
        db,
        user.id,
        request.query.cursor ?? null,
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ items: rows.map(presentSecurityEvent), nextCursor });
    },
  );
}
