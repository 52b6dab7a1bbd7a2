import { sessionSchema } from '@jammy/shared/session';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { PUBLIC, replies } from '../../lib/contract';
import { whoIsHere } from './me.service';

/**
 * GET /api/session: the signed-in traveller, or `user: null` for a visitor. Pages ask it on
 * every load; a 401 from /api/me would show as an error in every visitor's console.
 */
export function sessionRoute(app: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/session',
    {
      schema: {
        tags: ['account'],
        summary: 'Who is signed in: my profile, or `user: null` when nobody is (never 401)',
        ...PUBLIC,
        response: replies({ 200: sessionSchema }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('vary', 'Cookie')
        .send(await whoIsHere(deps, request)),
  );
}
