import type { StepUp } from '@jammy/shared/step-up';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../../auth/auth';
import { passkeyStepUpOptions, verifyPasskeyStepUp } from '../../auth/passkeys';
import { toHeaders, type CurrentSession } from '../../auth/session';
import type { Db } from '../../db/client';
import { session } from '../../db/schema/auth';
import { AppError } from '../../lib/errors';

/** Wrong passwords, codes or passkeys one session may give to step up before it waits. */
const STEP_UP_FAILURES = 5;
/** How long those failures count (and the wait after them). */
const STEP_UP_WINDOW_MS = 15 * 60_000;

/**
 * The step-up of one server process: each session's failures, so a stolen session cannot
 * guess the password through it (better-auth's own limits do not see these calls).
 */
export function createStepUp(deps: { db: Db; auth: Auth; baseUrl: URL }) {
  const failures = new Map<string, { count: number; since: number }>();

  /**
   * Whether the proof holds for the request's session: a passkey is checked here against the
   * traveller's own passkeys, a password or code by better-auth.
   */
  async function holds(
    request: FastifyRequest,
    current: CurrentSession,
    proof: StepUp,
  ): Promise<boolean> {
    if (proof.passkey !== undefined) {
      return verifyPasskeyStepUp(
        deps.db,
        deps.baseUrl,
        { userId: current.user.id, sessionId: current.sessionId },
        proof.passkey,
        (message, error) => request.log.warn({ err: error }, message),
      );
    }
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
    /** A challenge for a passkey of the traveller's, bound to this session; undefined: none. */
    passkeyOptions(current: CurrentSession) {
      return passkeyStepUpOptions(deps.db, deps.baseUrl, {
        userId: current.user.id,
        sessionId: current.sessionId,
      });
    },

    /**
     * Checks the password, code or passkey, then marks the session as proved now; 403
     * otherwise.
     */
    async stepUp(request: FastifyRequest, current: CurrentSession, proof: StepUp): Promise<void> {
      const { sessionId } = current;
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
      if (!(await holds(request, current, proof))) {
        failures.set(sessionId, { count: (counted?.count ?? 0) + 1, since: counted?.since ?? now });
        throw new AppError('auth/step-up-refused', 'That password, code or passkey is not right');
      }
      failures.delete(sessionId);
      await deps.db
        .update(session)
        .set({ authenticatedAt: new Date() })
        .where(eq(session.id, sessionId));
    },
  };
}
