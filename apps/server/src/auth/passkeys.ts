import { MAX_PASSKEYS, passkeyNameSchema } from '@jammy/shared/passkeys';
import {
  PASSKEY_TRANSPORTS,
  base64url,
  isPasskeyTransport,
  passkeyAssertionSchema,
  webAuthnCredentialSchema,
  type PasskeyAssertion,
  type PasskeyStepUpOptions,
} from '@jammy/shared/step-up';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, freshSessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { and, eq, gt, lt, like, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { Db } from '../db/client';
import { verification } from '../db/schema/auth';
import { presentPasskey } from './passkey-presenter';
import {
  countPasskeys,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  passkeyByCredential,
  type PasskeyRow,
} from './passkey-store';

/**
 * Passkeys (WebAuthn) as a sign-in method of better-auth's (docs/decisions/047): adding one
 * and signing in with one are endpoints of better-auth, so a passkey's sign-in makes the same
 * session, cookie, rate limit and hooks as a password's. `@simplewebauthn/server` checks the
 * authenticator's answers; better-auth's own passkey plugin could not be installed beside
 * better-auth 1.7.25 (it pins older versions of better-auth's own packages).
 */

/** How long the browser and the traveller have to answer a challenge. */
const CHALLENGE_SECONDS = 5 * 60;
/** Challenges are kept in better-auth's verification table under this prefix. */
const CHALLENGE_PREFIX = 'passkey:';

type Ceremony = 'registration' | 'authentication' | 'step-up';
/**
 * Whom a challenge was handed to: nobody for a sign-in, the traveller when adding a passkey,
 * the traveller and their session for a step-up (another session cannot spend it).
 */
interface Holder {
  userId: string | null;
  sessionId?: string;
}

const transports = z.array(z.enum(PASSKEY_TRANSPORTS)).max(8);
/** What `startRegistration` of `@simplewebauthn/browser` answers (RegistrationResponseJSON). */
const registrationResponse = webAuthnCredentialSchema.extend({
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export interface PasskeyOptions {
  db: Db;
  /** The public URL: its host is the relying party's id, its origin the only one accepted. */
  baseUrl: URL;
  /** The name a passkey is saved under on the device (the address, else the phone number). */
  accountName: (user: { email: string; name: string; phoneNumber?: unknown }) => string;
}

function refused(
  code: string,
  message: string,
  status: 'BAD_REQUEST' | 'UNAUTHORIZED' = 'BAD_REQUEST',
) {
  return new APIError(status, { code, message });
}

/** Keeps a challenge for one ceremony and its holder. */
async function keepChallenge(db: Db, challenge: string, ceremony: Ceremony, holder: Holder) {
  await db.insert(verification).values({
    id: uuidv7(),
    identifier: `${CHALLENGE_PREFIX}${challenge}`,
    value: JSON.stringify({ ceremony, ...holder }),
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
}

/**
 * Takes the challenge the browser signed, once: true when it was handed out for this ceremony
 * (and holder) and has not expired. A second answer to the same challenge finds nothing.
 */
async function takeChallenge(
  db: Db,
  challenge: string,
  ceremony: Ceremony,
  holder: Holder,
): Promise<boolean> {
  const [row] = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${CHALLENGE_PREFIX}${challenge}`),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .returning({ value: verification.value });
  if (!row) return false;
  const kept = z
    .object({
      ceremony: z.string(),
      userId: z.string().nullable(),
      sessionId: z.string().optional(),
    })
    .parse(JSON.parse(row.value));
  return (
    kept.ceremony === ceremony &&
    kept.userId === holder.userId &&
    kept.sessionId === holder.sessionId
  );
}

/** Drops the challenges nobody answered (a sign-in page hands one out on every visit). */
export async function purgeExpiredPasskeyChallenges(db: Db): Promise<number> {
  const rows = await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${CHALLENGE_PREFIX}%`),
        lt(verification.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verification.id });
  return rows.length;
}

/**
 * A step-up by passkey (POST /api/me/step-up): a challenge that only this session may answer,
 * and only with one of the traveller's own passkeys, the device unlocked. Undefined when the
 * traveller holds no passkey.
 */
export async function passkeyStepUpOptions(
  db: Db,
  baseUrl: URL,
  holder: { userId: string; sessionId: string },
): Promise<PasskeyStepUpOptions | undefined> {
  const own = await listPasskeys(db, holder.userId);
  if (own.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: baseUrl.hostname,
    allowCredentials: own.map((row) => ({ id: row.credentialId, transports: row.transports })),
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
  });
  await keepChallenge(db, options.challenge, 'step-up', holder);
  return {
    challenge: options.challenge,
    rpId: baseUrl.hostname,
    timeout: CHALLENGE_SECONDS * 1000,
    userVerification: 'required',
    allowCredentials: (options.allowCredentials ?? []).map((credential) => ({
      id: credential.id,
      type: 'public-key',
      // Those a newer browser names that this schema does not know are left out.
      transports: credential.transports?.filter(isPasskeyTransport),
    })),
  };
}

/**
 * Checks `passkey`'s signed answer to a challenge of `ceremony` (taken once) and, when it holds,
 * keeps the authenticator's new counter: whether it held. A refusal is logged, never thrown.
 */
async function verifyAssertion(
  db: Db,
  baseUrl: URL,
  passkey: PasskeyRow,
  response: PasskeyAssertion,
  challengeOf: { ceremony: Ceremony; holder: Holder },
  warn: (message: string, error: unknown) => void,
): Promise<boolean> {
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) =>
      takeChallenge(db, challenge, challengeOf.ceremony, challengeOf.holder),
    expectedOrigin: baseUrl.origin,
    expectedRPID: baseUrl.hostname,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch((error: unknown) => {
    warn(`passkey ${challengeOf.ceremony} refused`, error);
    return { verified: false, authenticationInfo: null };
  });
  if (!verified.verified || !verified.authenticationInfo) return false;
  await markPasskeyUsed(db, passkey.id, verified.authenticationInfo.newCounter);
  return true;
}

/**
 * Whether `response` is one of the traveller's own passkeys answering a challenge handed to
 * this session (once, within 5 minutes). A passkey of another account is refused before its
 * signature is looked at, and does not spend the challenge.
 */
export async function verifyPasskeyStepUp(
  db: Db,
  baseUrl: URL,
  holder: { userId: string; sessionId: string },
  response: PasskeyAssertion,
  warn: (message: string, error: unknown) => void,
): Promise<boolean> {
  const passkey = await passkeyByCredential(db, response.id);
  if (passkey?.userId !== holder.userId) return false;
  return verifyAssertion(db, baseUrl, passkey, response, { ceremony: 'step-up', holder }, warn);
}

/** The better-auth plugin: add a passkey (signed in, recently) and sign in with one. */
export function passkeys({ db, baseUrl, accountName }: PasskeyOptions) {
  const rpID = baseUrl.hostname;
  const expectedOrigin = baseUrl.origin;

  return {
    id: 'jammy-passkeys',
    endpoints: {
      passkeyRegisterOptions: createAuthEndpoint(
        '/passkey/register-options',
        { method: 'GET', use: [freshSessionMiddleware] },
        async (ctx) => {
          const { user } = ctx.context.session;
          const existing = await listPasskeys(db, user.id);
          const options = await generateRegistrationOptions({
            rpName: 'Jammy',
            rpID,
            userName: accountName(user),
            userDisplayName: user.name,
            // The same handle for all of a traveller's passkeys: a device then replaces its
            // old passkey for this account instead of keeping two.
            userID: new TextEncoder().encode(user.id),
            attestationType: 'none',
            excludeCredentials: existing.map((row) => ({
              id: row.credentialId,
              transports: row.transports,
            })),
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
            timeout: CHALLENGE_SECONDS * 1000,
          });
          await keepChallenge(db, options.challenge, 'registration', { userId: user.id });
          return ctx.json(options);
        },
      ),
      passkeyRegister: createAuthEndpoint(
        '/passkey/register',
        {
          method: 'POST',
          use: [freshSessionMiddleware],
          body: z.object({ name: passkeyNameSchema, response: registrationResponse }),
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          if ((await countPasskeys(db, user.id)) >= MAX_PASSKEYS) {
            throw refused(
              'TOO_MANY_PASSKEYS',
              `You hold ${MAX_PASSKEYS} passkeys already: remove one first`,
            );
          }
          const verified = await verifyRegistrationResponse({
            response: ctx.body.response,
            expectedChallenge: (challenge) =>
              takeChallenge(db, challenge, 'registration', { userId: user.id }),
            expectedOrigin,
            expectedRPID: rpID,
            requireUserVerification: true,
          }).catch((error: unknown) => {
            ctx.context.logger.warn('passkey registration refused', error);
            return { verified: false as const };
          });
          if (!verified.verified) {
            throw refused(
              'PASSKEY_NOT_VERIFIED',
              "response: the authenticator's answer could not be verified",
            );
          }
          const { credential, aaguid, credentialBackedUp } = verified.registrationInfo;
          const row = await insertPasskey(db, {
            userId: user.id,
            name: ctx.body.name,
            credentialId: credential.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            counter: credential.counter,
            transports: credential.transports ?? [],
            aaguid,
            backedUp: credentialBackedUp,
          });
          if (!row) throw refused('PASSKEY_EXISTS', 'response: this passkey is registered already');
          return ctx.json(presentPasskey(row));
        },
      ),
      passkeySignInOptions: createAuthEndpoint(
        '/passkey/sign-in-options',
        { method: 'GET' },
        async (ctx) => {
          // No allowed credentials: the browser offers the passkeys it holds for this site
          // (discoverable credentials), so nobody has to type who they are.
          const options = await generateAuthenticationOptions({
            rpID,
            userVerification: 'required',
            timeout: CHALLENGE_SECONDS * 1000,
          });
          await keepChallenge(db, options.challenge, 'authentication', { userId: null });
          return ctx.json(options);
        },
      ),
      passkeySignIn: createAuthEndpoint(
        '/passkey/sign-in',
        { method: 'POST', body: z.object({ response: passkeyAssertionSchema }) },
        async (ctx) => {
          const { response } = ctx.body;
          const passkey = await passkeyByCredential(db, response.id);
          // The same answer whether the passkey is unknown or its signature wrong.
          const failed = refused(
            'PASSKEY_SIGN_IN_FAILED',
            "This passkey is not one of Jammy's accounts",
            'UNAUTHORIZED',
          );
          if (!passkey) throw failed;
          const signed = await verifyAssertion(
            db,
            baseUrl,
            passkey,
            response,
            { ceremony: 'authentication', holder: { userId: null } },
            (message, error) => ctx.context.logger.warn(message, error),
          );
          if (!signed) throw failed;
          const user = await ctx.context.internalAdapter.findUserById(passkey.userId);
          if (!user) throw failed;
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ redirect: false, user: { id: user.id } });
        },
      ),
    },
    rateLimit: [
      { pathMatcher: (path: string) => path === '/passkey/sign-in', window: 60, max: 10 },
      { pathMatcher: (path: string) => path === '/passkey/sign-in-options', window: 60, max: 30 },
      { pathMatcher: (path: string) => path.startsWith('/passkey/register'), window: 300, max: 20 },
    ],
  } satisfies BetterAuthPlugin;
}
