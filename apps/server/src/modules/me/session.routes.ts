import { sessionSchema } from '@jammy/shared/session';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SecondFactorPolicy } from '../../auth/second-factor-policy';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { PUBLIC, replies } from '../../lib/contract';
import { notModified, sendDocument, type CachingHeaders } from '../../lib/http-cache';
import { createProfileCache } from './profile-cache';

/** Never kept by a browser or a proxy: it is whoever the cookie says, right now. */
const PER_COOKIE: CachingHeaders = { cacheControl: 'no-store', vary: 'Cookie, Accept-Encoding' };

/**
 * GET /api/session: the signed-in traveller, or `user: null` for a visitor. Pages ask it on
 * every load; a 401 from /api/me would show as an error in every visitor's console.
 */
export function sessionRoute(
  app: FastifyInstance,
  deps: { db: Db; sessions: Sessions; secondFactor: SecondFactorPolicy },
) {
  const profiles = createProfileCache(deps);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/session',
    {
      schema: {
        tags: ['account'],
        summary: 'Who is signed in: my profile, or `user: null` when nobody is (never 401)',
        ...PUBLIC,
        response: replies({ 200: sessionSchema, 304: notModified }),
      },
      // A kept answer is sent as its bytes (compressed once when it is long: sendDocument).
      compress: false,
    },
    (request, reply) => {
      // A known session's kept answer goes at once, without a promise.
      const cached = profiles.known(request);
      if (cached) {
        sendDocument(request, reply, cached, PER_COOKIE);
        return;
      }
      return profiles.answer(request).then((document) => {
        sendDocument(request, reply, document, PER_COOKIE);
      });
    },
  );
}
