import { storageTokenSchema, storageUsageSchema } from '@jammy/shared/storage';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, type Sessions } from '../../auth/session';
import { replies } from '../../lib/contract';
import { signStorageToken, STORAGE_TOKEN_TTL_MS } from './storage-token';
import type { Storage } from './storage.service';

/**
 * The API side of storage: a short-lived token for clients that speak the protocol with
 * `Authorization: Firebase <token>` (the Firebase SDK, native apps), and the use meter.
 */
export function storageApiRoutes(
  root: FastifyInstance,
  deps: { sessions: Sessions; storage: Storage; sessionSecret: string },
): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/storage/token',
    {
      schema: {
        tags: ['storage'],
        summary: 'A short-lived token for the storage protocol (Authorization: Firebase <token>)',
        response: replies({ 200: storageTokenSchema }, [401]),
      },
    },
    async (request, reply) => {
      const current = await requireSession(deps.sessions, request);
      const exp = Date.now() + STORAGE_TOKEN_TTL_MS;
      reply.header('cache-control', 'no-store');
      return {
        token: signStorageToken(deps.sessionSecret, {
          uid: current.user.id,
          sid: current.sessionId,
          exp,
        }),
        expiresAt: new Date(exp).toISOString(),
      };
    },
  );

  app.get(
    '/api/me/storage',
    {
      schema: {
        tags: ['me'],
        summary: 'What my files (and those of the trips I own) take, against my quota',
        response: replies({ 200: storageUsageSchema }, [401]),
      },
    },
    async (request) => {
      const { user } = await requireSession(deps.sessions, request);
      return deps.storage.usage(user.id);
    },
  );
}
