import { idSchema } from '@jammy/shared/ids';
import { passkeyListSchema, passkeySchema, renamePasskeySchema } from '@jammy/shared/passkeys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSecurityEvent } from '../../auth/security-events';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { presentPasskey } from '../../auth/passkey-presenter';
import { listPasskeys } from '../../auth/passkey-store';
import { removeMyPasskey, renameMyPasskey } from './passkeys.service';

const passkeyParams = z.object({ passkeyId: idSchema });

/**
 * The traveller's passkeys (docs/decisions/047): listed, renamed and removed here; added and
 * used to sign in through the WebAuthn ceremonies under /api/auth/passkey (auth/passkeys.ts).
 * No API token reaches them (`x-token-scope: none`, as for everything under /api/me).
 */
export function passkeyRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const tags = ['account'];

  app.get(
    '/api/me/passkeys',
    {
      schema: {
        tags,
        summary: 'My passkeys',
        response: replies({ 200: passkeyListSchema }, [401]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const rows = await listPasskeys(db, user.id);
      return reply.header('cache-control', 'no-store').send({ items: rows.map(presentPasskey) });
    },
  );

  app.patch(
    '/api/me/passkeys/:passkeyId',
    {
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: passkeyParams,
        body: renamePasskeySchema,
        response: replies({ 200: passkeySchema }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const row = await renameMyPasskey(db, user.id, request.params.passkeyId, request.body.name);
      return reply.header('cache-control', 'no-store').send(presentPasskey(row));
    },
  );

  app.delete(
    '/api/me/passkeys/:passkeyId',
    {
      schema: {
        tags,
        summary: 'Remove a passkey: it signs nobody in any more',
        params: passkeyParams,
        response: replies({ 204: noContent }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const removed = await removeMyPasskey(db, user.id, request.params.passkeyId);
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'passkey-removed',
        detail: removed.name,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(204).send(null);
    },
  );
}
