import { passkeyStepUpOptionsSchema, stepUpSchema } from '@jammy/shared/step-up';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { createStepUp } from './step-up.service';

/**
 * POST /api/me/step-up: the password, an authenticator code or a passkey again, for the
 * operations that need a sign-in of the last 10 minutes (auth/second-factor-policy.ts); a
 * passkey first asks POST /api/me/step-up/passkey-options for its challenge.
 */
export function stepUpRoute(
  root: FastifyInstance,
  deps: { db: Db; auth: Auth; sessions: Sessions; baseUrl: URL },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const stepUp = createStepUp(deps);
  app.post(
    '/api/me/step-up/passkey-options',
    {
      schema: {
        tags: ['account'],
        summary:
          'A challenge for one of my passkeys, for this session only, to step up with (5 minutes)',
        response: replies({ 200: passkeyStepUpOptionsSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const current = await requireSession(deps.sessions, request);
      if (current.token) throw new AppError('auth/forbidden', 'API tokens cannot step up');
      const options = await stepUp.passkeyOptions(current);
      if (!options) throw new AppError('passkey/not-found', 'You hold no passkey');
      return options;
    },
  );
  app.post(
    '/api/me/step-up',
    {
      schema: {
        tags: ['account'],
        summary:
          'Confirm it is me (password, authenticator code or passkey) for the operations that need a recent sign-in',
        body: stepUpSchema,
        response: replies({ 204: noContent }, [401, 403, 429]),
      },
    },
    async (request, reply) => {
      const current = await requireSession(deps.sessions, request);
      if (current.token) throw new AppError('auth/forbidden', 'API tokens cannot step up');
      await stepUp.stepUp(request, current, request.body);
      return reply.status(204).send(null);
    },
  );
}
