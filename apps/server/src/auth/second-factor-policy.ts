import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { twoFactor } from '../db/schema/auth';
import { AppError } from '../lib/errors';
import { prependPreHandler } from '../lib/route-hooks';
import { bearerSecret } from './api-tokens';
import { hasPasskey } from './passkey-store';
import type { CurrentSession, Sessions } from './session';

/** How recent a sign-in or step-up must be for the operations that ask for one. */
export const STEP_UP_SECONDS = 10 * 60;

/** A confirmed authenticator app. */
async function authenticatorApp(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true)))
    .limit(1);
  return row !== undefined;
}

/** Each kind of second factor a traveller may hold: the authenticator app, a passkey. */
const SECOND_FACTORS: readonly ((db: Db, userId: string) => Promise<boolean>)[] = [
  authenticatorApp,
  hasPasskey,
];

/** Whether the traveller holds at least one second factor. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const held = await Promise.all(SECOND_FACTORS.map((check) => check(db, userId)));
  return held.some(Boolean);
}

export interface SecondFactorPolicy {
  /** Whether the installation requires a second factor of this traveller and they hold none. */
  missing(user: { id: string; role: string }): Promise<boolean>;
}

/**
 * REQUIRE_SECOND_FACTOR (`off`, `admins`, `everyone`) for one traveller. Those found to hold a
 * second factor are remembered until their account changes (every process hears it:
 * turning the app off changes the user row), so the check costs a query only while one is
 * missing.
 */
export function createSecondFactorPolicy(
  db: Db,
  requirement: Config['requireSecondFactor'],
  sessions: Sessions,
): SecondFactorPolicy {
  const holding = new Set<string>();
  sessions.onUserChange((userId) => (userId === null ? holding.clear() : holding.delete(userId)));
  return {
    async missing(user) {
      const concerned =
        requirement === 'everyone' || (requirement === 'admins' && user.role === 'admin');
      if (!concerned || holding.has(user.id)) return false;
      const held = await hasSecondFactor(db, user.id);
      if (held && sessions.caching()) holding.add(user.id);
      return !held;
    },
  };
}

/**
 * What a traveller without the required second factor may still do: set one up (and learn
 * whether that needs the password, and which ways to sign in there are), sign out, and ask
 * who is signed in.
 */
const WHILE_ENROLLING = [
  /^\/api\/auth\/two-factor\//,
  // A passkey counts as a second factor: adding one, and seeing the list, set it up too.
  /^\/api\/auth\/passkey\/register/,
  /^\/api\/me\/passkeys$/,
  /^\/api\/auth\/(sign-out|get-session|list-accounts)$/,
  /^\/api\/(session|sign-in-methods)$/,
];

/** Operations that need a sign-in or step-up of the last 10 minutes (method and route). */
const STEP_UP_ROUTES = new Set([
  'DELETE /api/me',
  'POST /api/auth/change-email',
  'POST /api/me/tokens',
  'POST /api/itineraries/:id/share-links',
  'POST /api/admin/shop/orders/:id/refund',
]);

/** better-auth's routes: one catch-all route of Fastify's. */
const AUTH_CATCH_ALL = '/api/auth/*';

/** The route a request matched (better-auth's own are one catch-all: its path, then). */
function routeOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  const route = request.routeOptions.url ?? path;
  return route === AUTH_CATCH_ALL ? path : route;
}

/** A 403 both clients read: Jammy's error body, and better-auth's `code` beside it. */
function refuse(error: AppError) {
  return { ...error.toBody(), code: error.code, message: error.message };
}

/**
 * Checks every API request of a signed-in traveller (never a token's: an API token is never
 * asked for a second factor) before its route runs: 403 `auth/second-factor-required` on
 * anything but setting one up, signing out and the session check while the installation
 * requires one they do not hold; 403 `auth/step-up-required` on the operations above when
 * the session's last proof is older than 10 minutes.
 */
export function secondFactorGate(
  app: FastifyInstance,
  deps: { sessions: Sessions; policy: SecondFactorPolicy; config: Config },
) {
  const required = deps.config.requireSecondFactor !== 'off';
  const gate: preHandlerAsyncHookHandler = async (request, reply) => {
    if (bearerSecret(request) !== undefined) return;
    const route = routeOf(request);
    const stepUp = STEP_UP_ROUTES.has(`${request.method} ${route}`);
    if (!required && !stepUp) return;
    const current: CurrentSession | null =
      deps.sessions.known(request) ?? (await deps.sessions.find(request));
    if (!current) return;
    if (
      required &&
      !WHILE_ENROLLING.some((pattern) => pattern.test(route)) &&
      (await deps.policy.missing(current.user))
    ) {
      const error = new AppError(
        'auth/second-factor-required',
        'This installation asks you to set up a second factor before anything else',
      );
      return reply.status(error.status).header('cache-control', 'no-store').send(refuse(error));
    }
    const provedAt = current.authenticatedAt ?? 0;
    if (stepUp && Date.now() - provedAt > STEP_UP_SECONDS * 1000) {
      const error = new AppError(
        'auth/step-up-required',
        'Confirm it is you (your password or a code) to do this: your last sign-in is over 10 minutes old',
      );
      return reply.status(error.status).header('cache-control', 'no-store').send(refuse(error));
    }
    return undefined;
  };
  // Only the routes it may concern run it, before their own handlers: every API route when
  // the installation requires a second factor, else the step-up operations (and better-auth's
  // catch-all, whose operations are told apart by path). A read pays nothing for it otherwise.
  // Prepended after the Idempotency-Key hook's own (registered earlier), it runs before it: a
  // refusal is never kept as the answer of the request's key.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const concerned =
      required ||
      route.url === AUTH_CATCH_ALL ||
      [route.method].flat().some((method) => STEP_UP_ROUTES.has(`${method} ${route.url}`));
    if (concerned) prependPreHandler(route, gate);
  });
}
