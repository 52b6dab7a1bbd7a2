import type { FastifyRequest } from 'fastify';
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

/** The request's headers as web Headers, for better-auth's API. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The signed-in caller, or null for an anonymous one. */
export async function findSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<CurrentSession | null> {
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  if (!result) return null;
  const role =
    'role' in result.user && typeof result.user.role === 'string' ? result.user.role : 'user';
  return {
    user: { id: result.user.id, email: result.user.email, role },
    sessionId: result.session.id,
  };
}

/** The signed-in caller; 401 otherwise. */
export async function requireSession(auth: Auth, request: FastifyRequest): Promise<CurrentSession> {
  const session = await findSession(auth, request);
  if (!session) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return session;
}

/** The signed-in caller when they are an admin; 401 or 403 otherwise. */
export async function requireAdmin(auth: Auth, request: FastifyRequest): Promise<CurrentSession> {
  const session = await requireSession(auth, request);
  if (session.user.role !== 'admin')
    throw new AppError('auth/forbidden', 'Only administrators may do this');
  return session;
}
