import { stepUpSchema } from '@jammy/shared/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Auth } from '../../auth/auth';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { createStepUp } from './step-up.service';

/**
 * POST /api/me/step-up: the password or an authenticator code again, for the operations that
 * need a sign-in of the last 10 minutes (auth/second-factor-policy.ts).
 */
export function stepUpRoute(
  root: FastifyInstance,
  deps: { db: Db; auth: Auth; sessions: Sessions },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const stepUp = createStepUp(deps);
  app.post(
    '/api/me/step-up',
    {
      schema: {
        tags: ['account'],
        summary:
          'Confirm it is me (password or authenticator code) for the operations that need a recent sign-in',
        body: stepUpSchema,
        response: replies({ 204: noContent }, [401, 403, 429]),
      },
    },
    async (request, reply) => {
      const current = await requireSession(deps.sessions, request);
      if (current.token) throw new AppError('auth/forbidden', 'API tokens cannot step up');
      await stepUp.stepUp(request, current.sessionId, request.body);
      return reply.status(204).send(null);
    },
  );
}
