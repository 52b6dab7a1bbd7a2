import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { TrustedOrigins } from './trusted-origins';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Against cross-site request forgery: a state-changing /api request that carries cookies
 * must come from one of our own origins (better-auth checks /api/auth/* itself), and so must
 * a storage write (/v0/…) signed in by cookie rather than by an `Authorization` token.
 */
export function originCheck(app: FastifyInstance, origins: TrustedOrigins) {
  app.addHook('onRequest', (request, _reply, done) => {
    done(refused(request, origins));
  });
}

function refused(request: FastifyRequest, origins: TrustedOrigins): AppError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const storage = request.url.startsWith('/v0/') && !request.headers.authorization;
  const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/auth/');
  if (!storage && !api) return undefined;
  if (!request.headers.cookie) return undefined;
  const origin = requestOrigin(request);
  if (!origin || !origins.trusts(request, origin)) {
    return new AppError('auth/forbidden', 'This request must come from the Jammy app itself');
  }
  return undefined;
}

/** The origin a request says it comes from: its Origin header, else its Referer's. */
export function requestOrigin(request: FastifyRequest): string | undefined {
  return request.headers.origin ?? refererOrigin(request.headers.referer);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
