import { deviceSessionSchema, setPasswordSchema } from '@jammy/shared/account';
import { pageSchema } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { presentDevice } from './me.presenter';
import { myDevices, setFirstPassword, signDeviceOut, signOtherDevicesOut } from './me.service';

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
      const rows = await myDevices(db, user.id);
      return reply.header('cache-control', 'no-store').send({
        items: rows.map((row) => presentDevice(row, sessionId)),
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
      await signDeviceOut(db, user.id, request.params.sessionId);
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
      return { revoked: await signOtherDevicesOut(db, user.id, sessionId) };
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
      await setFirstPassword(auth, request, request.body.newPassword);
      return reply.status(204).send(null);
    },
  );
}
