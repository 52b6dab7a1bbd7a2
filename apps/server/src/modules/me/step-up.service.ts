import type { StepUp } from '@jammy/shared/account';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth';
import { toHeaders } from '../../auth/session';
import type { Db } from '../../db/client';
import { session } from '../../db/schema/auth';
import { AppError } from '../../lib/errors';

/** Wrong passwords or codes one session may give to step up before it waits. */
const STEP_UP_FAILURES = 5;
/** How long those failures count (and the wait after them). */
const STEP_UP_WINDOW_MS = 15 * 60_000;

/**
 * The step-up of one server process: each session's failures, so a stolen session cannot
 * guess the password through it (better-auth's own limits do not see these calls).
 */
export function createStepUp(deps: { db: Db; auth: Auth }) {
  const failures = new Map<string, { count: number; since: number }>();

  /** Whether better-auth accepts the proof for the request's session. */
  async function holds(request: FastifyRequest, proof: StepUp): Promise<boolean> {
    const headers = toHeaders(request);
    try {
      if (proof.password !== undefined) {
        await deps.auth.api.verifyPassword({ body: { password: proof.password }, headers });
      } else {
        await deps.auth.api.verifyTOTP({ body: { code: proof.code ?? '' }, headers });
      }
      return true;
    } catch (error) {
      if (error instanceof Error && 'statusCode' in error && Number(error.statusCode) < 500) {
        return false;
      }
      throw error;
    }
  }

  return {
    /** Checks the password or code, then marks the session as proved now; 403 otherwise. */
    async stepUp(request: FastifyRequest, sessionId: string, proof: StepUp): Promise<void> {
      const now = Date.now();
      const seen = failures.get(sessionId);
      const counted = seen && now - seen.since < STEP_UP_WINDOW_MS ? seen : undefined;
      if (counted && counted.count >= STEP_UP_FAILURES) {
        throw new AppError(
          'request/rate-limited',
          'Too many wrong tries: wait, then try again',
          undefined,
          {
            retryAfterSeconds: Math.ceil((counted.since + STEP_UP_WINDOW_MS - now) / 1000),
          },
        );
      }
      if (!(await holds(request, proof))) {
        failures.set(sessionId, { count: (counted?.count ?? 0) + 1, since: counted?.since ?? now });
        throw new AppError('auth/step-up-refused', 'That password or code is not right');
      }
      failures.delete(sessionId);
      await deps.db
        .update(session)
        .set({ authenticatedAt: new Date() })
        .where(eq(session.id, sessionId));
    },
  };
}
