import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, verification } from '../db/schema/auth';

/** How long "trust this device" spares the second step: 30 days. */
const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** Wrong codes in a row, over every sign-in, before the second step is locked. */
export const LOCK_AFTER_FAILURES = 10;
/** How long the second step stays locked after them. */
export const LOCK_SECONDS = 15 * 60;
/** Wrong codes one sign-in may try before it has to start again. */
export const CODES_PER_SIGN_IN = 5;
/** How recent a sign-in must be for an account without a password to enrol. */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

/** Sign-ins the plugin does not stop itself: the e-mail link and the SMS code. */
const OTHER_SIGN_INS = new Set(['/magic-link/verify', '/phone-number/verify']);

/** The web page that asks for the code (the e-mail link lands there instead of its target). */
export const SECOND_FACTOR_PAGE = '/login/second-factor';

/**
 * Authenticator codes (RFC 6238, 6 digits every 30 s) and 10 one-time backup codes, from
 * better-auth's two-factor plugin; secrets and backup codes are stored encrypted with the
 * auth secret. Its limits: 3 requests per 10 s per address on /two-factor/*, 5 wrong codes
 * per sign-in, and 10 wrong codes in a row lock the second step for 15 minutes.
 *
 * The plugin stops the sign-ins it knows (e-mail and password); its own hook is added for the
 * e-mail link and the SMS code, so they get the same second step, trusted devices included.
 * The SMS answer then says `twoFactorRedirect` as a password sign-in does; the e-mail link, a
 * page the browser opens, goes to the code page, which continues to where the link was going.
 */
export function secondFactorPlugin(baseUrl: URL) {
  const plugin = twoFactor({
    issuer: 'Jammy',
    // Accounts without a password (e-mail link, SMS, federation) enrol after a fresh sign-in
    // instead (`secondFactorGuards`); those with one type it.
    allowPasswordless: true,
    trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    accountLockout: {
      enabled: true,
      maxFailedAttempts: LOCK_AFTER_FAILURES,
      durationSeconds: LOCK_SECONDS,
    },
  });
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error('better-auth two-factor plugin: no sign-in hook');
  type Hook = (typeof plugin.hooks.after)[number];
  const path = (context: Parameters<Hook['matcher']>[0]) => context.path ?? '';
  plugin.hooks.after.push(
    { matcher: (context) => OTHER_SIGN_INS.has(path(context)), handler: challenge.handler },
    {
      matcher: (context) => path(context) === '/magic-link/verify',
      handler: createAuthMiddleware(async (context) => {
        const returned: unknown = context.context.returned;
        if (typeof returned !== 'object' || returned === null) return undefined;
        if (!('twoFactorRedirect' in returned)) return undefined;
        throw context.redirect(codePage(baseUrl, context.query?.callbackURL).toString());
      }),
    },
  );
  return plugin;
}

/** The code page, keeping where an e-mail link was going when it is this site. */
function codePage(baseUrl: URL, callbackURL: unknown): URL {
  const page = new URL(SECOND_FACTOR_PAGE, baseUrl);
  if (typeof callbackURL === 'string' && callbackURL) {
    const target = new URL(callbackURL, baseUrl);
    if (target.origin === baseUrl.origin) {
      page.searchParams.set('redirect', `${target.pathname}${target.search}`);
    }
  }
  return page;
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function bodyField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(name in body)) return undefined;
  const value: unknown = Reflect.get(body, name);
  return typeof value === 'string' ? value : undefined;
}

/**
 * What Jammy adds to the plugin, run before better-auth's endpoints:
 * - enrolling without a password asks a sign-in of the last 10 minutes (SESSION_NOT_FRESH);
 * - disabling asks a current code from the app (`code`), besides the password if there is one.
 * `verifyCode` checks a code against the signed-in traveller's secret (the plugin's own
 * verification, with the session).
 */
export function secondFactorGuards(
  db: Db,
  verifyCode: (code: string, headers: Headers) => Promise<boolean>,
) {
  return async (context: AuthContext) => {
    if (context.path !== '/two-factor/enable' && context.path !== '/two-factor/disable') return;
    const current = await getSessionFromCtx(context);
    if (!current) return; // the endpoint answers 401 itself
    if (context.path === '/two-factor/enable') {
      const [credential] = await db
        .select({ id: account.id })
        .from(account)
        .where(and(eq(account.userId, current.user.id), eq(account.providerId, 'credential')));
      const age = Date.now() - new Date(current.session.createdAt).getTime();
      if (!credential && age >= FRESH_SIGN_IN_SECONDS * 1000) {
        throw new APIError('FORBIDDEN', {
          code: 'SESSION_NOT_FRESH',
          message: 'Sign in again (within 10 minutes) to set up an authenticator app',
        });
      }
      return;
    }
    const code = bodyField(context.body, 'code');
    if (!code) {
      throw new APIError('BAD_REQUEST', {
        code: 'INVALID_CODE',
        message: 'code: a code from the authenticator app is needed to turn it off',
      });
    }
    if (!context.headers || !(await verifyCode(code, context.headers))) {
      throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
    }
  };
}

/** Forgets every device a traveller trusted (when their second factor is turned off). */
export async function forgetTrustedDevices(db: Db, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(eq(verification.value, userId), like(verification.identifier, 'trust-device-%')));
}
