import { deviceSessionSchema, setPasswordSchema } from '@jammy/shared/account';
import { pageSchema } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { requireSession, toHeaders, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { deleteOtherSessions, deleteSession, listActiveSessions } from './me.repository';

const sessionParams = z.object({ sessionId: idSchema });

/**
 * The traveller's own sessions (devices) and a first password for accounts that signed up
 * by link, phone or federation. Sessions are listed without their tokens.
 */
export function sessionRoutes(
  root: FastifyInstance,
  deps: { db: Db; auth: Auth; sessions: Sessions },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, auth, sessions } = deps;
  const tags = ['account'];

  app.get(
    '/api/me/sessions',
    {
      schema: {
        tags,
        summary: 'My signed-in devices',
        response: replies({ 200: pageSchema(deviceSessionSchema) }, [401]),
      },
    },
    async (request, reply) => {
      const { user, sessionId } = await requireSession(sessions, request);
      const rows = await listActiveSessions(db, user.id);
      return reply.header('cache-control', 'no-store').send({
        items: rows.map((row) => ({
          id: row.id,
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          current: row.id === sessionId,
        })),
        nextCursor: null,
      });
    },
  );

  app.delete(
    '/api/me/sessions/:sessionId',
    {
      schema: {
        tags,
        summary: 'Sign one device out',
        params: sessionParams,
        response: replies({ 204: noContent }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      if (!(await deleteSession(db, user.id, request.params.sessionId))) {
        throw new AppError('session/not-found', 'There is no such session of yours');
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign every other device out',
        response: replies({ 200: z.object({ revoked: z.number().int() }) }, [401]),
      },
    },
    async (request) => {
      const { user, sessionId } = await requireSession(sessions, request);
      return { revoked: await deleteOtherSessions(db, user.id, sessionId) };
    },
  );

  app.post(
    '/api/me/password',
    {
      schema: {
        tags,
        summary: 'Set a first password (accounts made by e-mail link, phone or another provider)',
        body: setPasswordSchema,
        response: replies({ 204: noContent }, [401, 409]),
      },
    },
    async (request, reply) => {
      await requireSession(sessions, request);
      try {
        await auth.api.setPassword({
          body: { newPassword: request.body.newPassword },
          headers: toHeaders(request),
        });
      } catch (error) {
        // better-auth refuses when the account already has a password: change it instead.
        throw new AppError('conflict', 'This account already has a password: change it instead', {
          cause: error instanceof Error ? error.message : undefined,
        });
      }
      return reply.status(204).send(null);
    },
  );
}
