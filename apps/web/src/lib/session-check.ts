import { SESSION_EXPIRY_SKEW_MS } from '@jammy/shared/constants';
import { ApiError, apiRequest } from './api-client';

/**
 * What the server says of this tab's session, asked of better-auth's GET
 * /api/auth/get-session with its cookie cache bypassed (so a session revoked elsewhere is seen
 * at once, and the server extends one that is due): `live` with when it expires, `ended` when
 * it is gone or about to be, `unknown` when there was no answer (offline, a failing server,
 * a proxy's error page), which must not sign anyone out.
 *
 * A plain request rather than better-auth's client: that client is a module of its own that
 * every signed-in page would load, once the page is idle, for this one call.
 */
export type SessionCheck =
  { state: 'live'; expiresAt: number } | { state: 'ended' } | { state: 'unknown' };

export async function checkSession(now = Date.now()): Promise<SessionCheck> {
  let answer: unknown;
  try {
    answer = await apiRequest<unknown>('/api/auth/get-session?disableCookieCache=true');
  } catch (error) {
    // 401: the server no longer knows this session.
    return error instanceof ApiError && error.status === 401
      ? { state: 'ended' }
      : { state: 'unknown' };
  }
  const expiresAt = expiryOf(answer);
  if (expiresAt === undefined) return answer === null ? { state: 'ended' } : { state: 'unknown' };
  return expiresAt - SESSION_EXPIRY_SKEW_MS <= now
    ? { state: 'ended' }
    : { state: 'live', expiresAt };
}

/** The session's expiry in an answer `{ session: { expiresAt }, user }`, if it has one. */
function expiryOf(answer: unknown): number | undefined {
  if (typeof answer !== 'object' || answer === null || !('session' in answer)) return undefined;
  const { session } = answer;
  if (typeof session !== 'object' || session === null || !('expiresAt' in session)) {
    return undefined;
  }
  const expiresAt = new Date(String(session.expiresAt)).getTime();
  return Number.isFinite(expiresAt) ? expiresAt : undefined;
}
