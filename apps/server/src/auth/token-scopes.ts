import type { TokenScope } from '@jammy/shared/api-tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { bearerSecret } from './api-tokens';
import type { Sessions } from './session';

declare module 'fastify' {
  interface FastifySchema {
    /** What a personal API token needs to call the operation (in the OpenAPI document). */
    'x-token-scope'?: TokenScope;
  }
}

/**
 * Operations no token may call, whatever its access: the account and its sessions, tokens
 * and sign-in; administration; who shares a trip and how (members, invitations, the owner's
 * transfer, share links, calendar feeds); the shop's cart and orders; and the storage
 * protocol's own sign-in token (a token reaches the storage protocol directly).
 */
const NO_TOKEN = [
  /^\/api\/(me|session|admin|auth|storage\/token|invitations)(\/|$)/,
  /^\/api\/itineraries\/:id\/(members|invitations|transfer|share-links|calendar-feed)(\/|$)/,
  /^\/api\/shop\/(cart|orders|stripe)(\/|$)/,
];
/** Publishing, changing and withdrawing presets is an administrator's. */
const ADMIN_WRITES = /^\/api\/presets(\/:id)?$/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The scope an operation needs (the table above, else a read or a write by its method). */
export function tokenScopeOf(method: string, url: string): TokenScope {
  if (NO_TOKEN.some((pattern) => pattern.test(url))) return 'none';
  if (READS.has(method)) return 'read';
  return ADMIN_WRITES.test(url) ? 'none' : 'write';
}

/** The trip an operation acts on, when its path names one (`/api/itineraries/:id…`). */
function tripOf(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.url?.startsWith('/api/itineraries/:id')) return undefined;
  const params = request.params as Record<string, string | undefined>;
  return params.id;
}

function refused(message: string): AppError {
  return new AppError('auth/forbidden', message);
}

/**
 * Personal API tokens on every route (docs/decisions/044): each operation's schema carries its
 * `x-token-scope` (set here as routes are registered, unless a route says its own), and every
 * request with `Authorization: Bearer jmy_…` is checked before anything else: a token that is
 * unknown, revoked or expired is a 401 on any route; an operation beyond its scope a 403; a
 * trip it does not reach a 404, like a trip of someone else. Trips listed are filtered by the
 * list's route, files by the storage protocol's path check.
 */
export function checkTokenScopes(app: FastifyInstance, sessions: Sessions): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return;
    const method = [route.method].flat()[0] ?? 'GET';
    route.schema = {
      ...route.schema,
      'x-token-scope': route.schema['x-token-scope'] ?? tokenScopeOf(method, route.url),
    };
  });
  // A callback hook: a request without a token (nearly all) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (bearerSecret(request) === undefined) {
      done();
      return;
    }
    checkToken(request).then(
      () => done(),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });

  async function checkToken(request: FastifyRequest): Promise<void> {
    const current = sessions.known(request) ?? (await sessions.find(request));
    const token = current?.token;
    if (!token) {
      throw new AppError(
        'auth/unauthenticated',
        'This API token is not valid: it expired, was revoked or never existed',
      );
    }
    const url = request.routeOptions.url;
    if (url === undefined) return;
    const scope =
      request.routeOptions.schema?.['x-token-scope'] ?? tokenScopeOf(request.method, url);
    if (scope === 'none') throw refused('API tokens may not do this: sign in to Jammy instead');
    if (scope === 'write' && token.access === 'read') {
      throw refused('This API token may only read');
    }
    if (!token.trips) return;
    const trip = tripOf(request);
    if (trip !== undefined && !token.trips.has(trip)) {
      throw new AppError('itinerary/not-found', 'There is no such itinerary');
    }
    // A write outside a trip (a new trip, an import, a copy of a preset) would reach beyond
    // the chosen trips; the storage protocol checks the trip of each object itself.
    if (trip === undefined && scope === 'write' && !url.startsWith('/v0/')) {
      throw refused('This API token reaches only its chosen trips');
    }
  }
}
