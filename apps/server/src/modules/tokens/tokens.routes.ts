import {
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@jammy/shared/api-tokens';
import { idSchema } from '@jammy/shared/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordSecurityEvent } from '../../auth/security-events';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { presentCreatedToken, presentToken } from './tokens.presenter';
import { createToken, myTokens, revokeMyToken } from './tokens.service';

const tokenParams = z.object({ tokenId: idSchema });

/**
 * The traveller's personal API tokens (docs/decisions/044). Only a signed-in traveller
 * manages them: no token reaches these routes (`x-token-scope: none`).
 */
export function tokenRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const tags = ['account'];

  app.get(
    '/api/me/tokens',
    {
      schema: {
        tags,
        summary: 'My API tokens (never their secrets)',
        response: replies({ 200: apiTokenListSchema }, [401]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { rows, titles } = await myTokens(db, user.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ items: rows.map((row) => presentToken(row, titles)) });
    },
  );

  app.post(
    '/api/me/tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token (its secret is answered this once)',
        body: createApiTokenSchema,
        response: replies({ 201: createdApiTokenSchema }, [401, 409]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { row, titles, secret } = await createToken(db, user.id, request.body);
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'api-token-created',
        detail: row.name,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(presentCreatedToken(row, titles, secret));
    },
  );

  app.delete(
    '/api/me/tokens/:tokenId',
    {
      schema: {
        tags,
        summary: 'Revoke an API token, at once on every server',
        params: tokenParams,
        response: replies({ 204: noContent }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const revoked = await revokeMyToken(db, user.id, request.params.tokenId);
      if (revoked) {
        await recordSecurityEvent(db, {
          userId: user.id,
          kind: 'api-token-revoked',
          detail: revoked,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
      }
      return reply.status(204).send(null);
    },
  );
}
