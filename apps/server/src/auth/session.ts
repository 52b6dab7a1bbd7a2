import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { session, user } from '../db/schema/auth';
import { AppError } from '../lib/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
  role: string;
}

export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
}

/** Who is asking: reads the session cookie better-auth set, in one query. */
export interface Sessions {
  find(request: FastifyRequest): Promise<CurrentSession | null>;
}

/** The request's headers as web Headers, for better-auth's API. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The token of a `token.signature` cookie value when the HMAC-SHA256 signature holds. */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

/**
 * Sessions checked the way better-auth checks them (signed cookie, unexpired row in the
 * session table) but with one query joining the user, instead of better-auth's endpoint
 * pipeline and its two lookups. Every API request asks this, so it is the hot path.
 * Sliding expiry stays with better-auth: the web client calls /api/auth/get-session on
 * focus and before expiry, which extends the session.
 */
export function createSessions(auth: Auth, db: Db): Sessions {
  let cookie: Promise<{ name: string; secret: string }> | undefined;
  const cookieSettings = () =>
    (cookie ??= auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    })));

  const lookup = db
    .select({
      sessionId: session.id,
      id: user.id,
      email: user.email,
      role: user.role,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .prepare('jammy_session_lookup');

  return {
    async find(request) {
      const { name, secret } = await cookieSettings();
      const raw = request.cookies[name];
      if (!raw) return null;
      const token = verifySignedToken(raw, secret);
      if (!token) return null;
      const [row] = await lookup.execute({ token });
      if (!row) return null;
      return {
        user: { id: row.id, email: row.email, role: row.role ?? 'user' },
        sessionId: row.sessionId,
      };
    },
  };
}

/** The signed-in caller; 401 otherwise. */
export async function requireSession(
  sessions: Sessions,
  request: FastifyRequest,
): Promise<CurrentSession> {
  const current = await sessions.find(request);
  if (!current) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return current;
}

/** The signed-in caller when they are an admin; 401 or 403 otherwise. */
export async function requireAdmin(
  sessions: Sessions,
  request: FastifyRequest,
): Promise<CurrentSession> {
  const current = await requireSession(sessions, request);
  if (current.user.role !== 'admin')
    throw new AppError('auth/forbidden', 'Only administrators may do this');
  return current;
}
