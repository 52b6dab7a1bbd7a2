import { storableHeader } from '@jammy/shared/text';
import { SESSION_LIFETIME_DAYS } from '@jammy/shared/constants';
import { LANGUAGES, LANGUAGE_COOKIE, isLanguage, type Language } from '@jammy/shared/languages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_NUMBER } from '@jammy/shared/account';
// better-auth's minimal build (no Kysely: the Drizzle adapter talks to the database) and only
// the plugins used, each from its own entry: its main entry and `better-auth/plugins` load
// every adapter and plugin it has, about twice the time at every start (docs/decisions/041).
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { phoneNumber } from 'better-auth/plugins/phone-number';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import * as authSchema from '../db/schema/auth';
import type { Mailer } from '../mail/mailer';
import { interpolate, mailMessages, renderMail, type MailKind } from '../mail/templates';
import type { SmsSender } from '../sms/sms-sender';
import { passkeys } from './passkeys';
import { forgetTrustedDevices, secondFactorGuards, secondFactorPlugin } from './second-factor';
import { authSecurityEvent, recordSecurityEvent } from './security-events';
import { COOKIE_PREFIX } from './session-cookie';
import type { TrustedOrigins } from './trusted-origins';

/** The header the server sets to the client's address (after TRUST_PROXY) for rate limits. */
export const CLIENT_IP_HEADER = 'x-jammy-client-ip';
/** The header the server sets to the request's own origin when it is trusted (trusted-origins.ts). */
export const REQUEST_ORIGIN_HEADER = 'x-jammy-request-origin';
/** Paths (relative to /api/auth) that must carry `acceptTerms: true`. */
const SIGN_UP_PATH = '/sign-up/email';

export interface AuthDeps {
  config: Config;
  db: Db;
  secret: string;
  mailer: Mailer;
  sms: SmsSender;
  logger: FastifyBaseLogger;
  origins: TrustedOrigins;
}

/** The language a mail to this person should use: theirs, else the visitor's cookie. */
function languageFor(user: { language?: unknown } | null, request: Request | undefined): Language {
  if (user && isLanguage(user.language)) return user.language;
  const cookie = request?.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.name}=([A-Za-z0-9-]+)`).exec(cookie);
  return isLanguage(match?.[1]) ? match[1] : 'en';
}

/**
 * better-auth's messages, logged at error level, when it refuses a request for its origin
 * or a redirect to an untrusted address. Anyone can send such requests (a foreign Origin,
 * `redirectTo=https://elsewhere`), so they are warnings: at error level they would flood the
 * log that should hold the server's own failures.
 */
const REFUSAL_MESSAGE =
  /^(Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL): |Blocked cross-site navigation login attempt)/;

function isRefusal(message: string): boolean {
  return REFUSAL_MESSAGE.test(message);
}

/** A phone user's placeholder address until they add a real one (never receives mail). */
export function phonePlaceholderEmail(phone: string): string {
  return `phone-${phone.replace(/\D/g, '')}@users.jammy.invalid`;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith('@users.jammy.invalid');
}

/**
 * better-auth configured for Jammy: e-mail and password (verified), e-mail link, phone
 * one-time code, generic OIDC, Google and GitHub; sessions in PostgreSQL; rate limits
 * shared by every process; roles from ADMIN_EMAILS.
 */
export function createAuth({ config, db, secret, mailer, sms, logger, origins }: AuthDeps) {
  const https = config.baseUrl.protocol === 'https:';

  async function sendMail(
    kind: MailKind,
    to: string,
    user: { name?: string | null; language?: unknown } | null,
    url: string,
    request: Request | undefined,
    values?: Record<string, string>,
  ) {
    if (isPlaceholderEmail(to)) return;
    const mail = renderMail(kind, {
      language: languageFor(user, request),
      name: user?.name,
      url,
      ...(values ? { values } : {}),
    });
    await mailer.send({ to, ...mail });
  }

  async function promoteIfAdmin(userId: string, email: string, role: unknown, verified: boolean) {
    if (verified && role !== 'admin' && config.adminEmails.has(email.toLowerCase())) {
      await db.update(authSchema.user).set({ role: 'admin' }).where(eq(authSchema.user.id, userId));
      logger.info({ userId }, 'promoted to admin (ADMIN_EMAILS)');
    }
  }

  const guardSecondFactor = secondFactorGuards(db, verifyTotp);

  /** Whether `code` is the signed-in traveller's current authenticator code. */
  async function verifyTotp(code: string, headers: Headers): Promise<boolean> {
    try {
      await auth.api.verifyTOTP({ body: { code }, headers });
      return true;
    } catch (error) {
      if (error instanceof APIError && error.statusCode < 500) return false;
      throw error;
    }
  }

  const auth = betterAuth({
    appName: 'Jammy',
    baseURL: new URL('/api/auth', config.baseUrl).toString(),
    basePath: '/api/auth',
    secret,
    // Those of every request, and the request's own when it is trusted (auth.routes.ts).
    trustedOrigins: (request) => [...origins.always, request?.headers.get(REQUEST_ORIGIN_HEADER)],
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    advanced: {
      database: { generateId: () => uuidv7() },
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth turns these checks off when NODE_ENV or TEST say "test"; never in Jammy.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    // Profile fields change through PATCH /api/me only (validated, versioned).
    disabledPaths: ['/update-user'],
    onAPIError: {
      errorURL: new URL('/login/start', config.baseUrl).toString(),
      // A refused request (4xx: a foreign redirect, a bad token) is the client's doing, and
      // anyone can send one: warn. The error level is for the server's own failures.
      onError: (error) =>
        error instanceof APIError && error.statusCode < 500
          ? logger.warn({ err: error }, 'auth: request refused')
          : logger.error({ err: error }, 'auth: request failed'),
    },
    session: {
      expiresIn: SESSION_LIFETIME_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      freshAge: 10 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 300, max: 5 },
        '/reset-password': { window: 300, max: 10 },
        '/sign-in/magic-link': { window: 300, max: 5 },
        '/send-verification-email': { window: 300, max: 5 },
        '/phone-number/send-otp': { window: 300, max: 5 },
        '/phone-number/verify': { window: 300, max: 10 },
        '/change-password': { window: 300, max: 10 },
        '/change-email': { window: 300, max: 5 },
        // Authenticator and backup codes: besides these, 5 wrong codes end a sign-in's second
        // step and 10 in a row lock it for 15 minutes (second-factor.ts).
        '/two-factor/*': { window: 10, max: 3 },
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        language: {
          type: 'string',
          required: false,
          defaultValue: 'en',
          input: true,
          validator: { input: z.enum(LANGUAGES) },
        },
        homePlace: { type: 'string', required: false, input: false },
        termsAcceptedAt: { type: 'date', required: false, input: false },
        onboardedAt: { type: 'date', required: false, input: false },
      },
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }, request) => {
          await sendMail('changeEmail', user.email, user, url, request, { newEmail });
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }, request) => {
        await sendMail('resetPassword', user.email, user, url, request);
      },
      // A sign-up with a known address answers like a new one (no enumeration) and tells
      // the owner instead.
      // The answer to a sign-up with a known address looks exactly like a new account's.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        ...additionalFields,
        role: 'user',
        termsAcceptedAt: coreFields.createdAt,
        phoneNumber: null,
        phoneNumberVerified: false,
        homePlace: null,
        onboardedAt: null,
        id,
      }),
      onExistingUserSignUp: async ({ user }, request) => {
        const resetUrl = new URL('/forgot-password', config.baseUrl).toString();
        await sendMail('existingAccount', user.email, user, resetUrl, request);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }, request) => {
        await sendMail('verifyEmail', user.email, user, url, request);
      },
    },
    account: {
      accountLinking: {
        enabled: true,
        // Google and GitHub only hand out verified addresses. A self-hosted OIDC provider may
        // not, so its accounts are never linked to an existing one by address alone.
        trustedProviders: ['google', 'github'],
        allowDifferentEmails: false,
      },
    },
    socialProviders: {
      ...(config.google ? { google: { ...config.google, prompt: 'select_account' as const } } : {}),
      ...(config.github ? { github: config.github } : {}),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            // Admin only for a verified address; an unverified one is promoted once verified.
            const role =
              user.emailVerified && config.adminEmails.has(user.email.toLowerCase())
                ? 'admin'
                : 'user';
            const acceptedTerms = context?.path === SIGN_UP_PATH;
            return {
              data: {
                ...user,
                role,
                ...(acceptedTerms ? { termsAcceptedAt: new Date() } : {}),
              },
            };
          },
        },
      },
      session: {
        create: {
          // The device's User-Agent is stored and shown on the account page: text rule.
          before: async (session) => ({
            data: { ...session, userAgent: storableHeader(session.userAgent) },
          }),
          after: async (session) => {
            const [row] = await db
              .select({
                email: authSchema.user.email,
                role: authSchema.user.role,
                verified: authSchema.user.emailVerified,
              })
              .from(authSchema.user)
              .where(eq(authSchema.user.id, session.userId));
            if (row) await promoteIfAdmin(session.userId, row.email, row.role, row.verified);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (context) => {
        await guardSecondFactor(context);
        if (context.path !== SIGN_UP_PATH) return;
        const body: unknown = context.body;
        const accepted =
          typeof body === 'object' &&
          body !== null &&
          'acceptTerms' in body &&
          body.acceptTerms === true;
        if (!accepted) {
          throw new APIError('BAD_REQUEST', {
            code: 'TERMS_NOT_ACCEPTED',
            message: 'acceptTerms: you must accept the terms to create an account',
          });
        }
      }),
      // Security activity by endpoint path (security-events.ts); never fails the call.
      after: createAuthMiddleware(async (context) => {
        const { returned, session, newSession } = context.context;
        const refused = isAPIError(returned) && returned.statusCode >= 400;
        // Turning the second factor off forgets every device trusted to skip it.
        if (context.path === '/two-factor/disable' && session && !isAPIError(returned)) {
          await forgetTrustedDevices(db, session.user.id);
        }
        await authSecurityEvent(db, {
          path: context.path,
          userId: session?.user.id ?? null,
          newSessionUserId: newSession?.user.id ?? null,
          refused,
          body: context.body,
          ip: context.headers?.get(CLIENT_IP_HEADER) ?? null,
          userAgent: context.headers?.get('user-agent') ?? null,
        })
          .then((event) => event && recordSecurityEvent(db, event))
          .catch((error: unknown) =>
            logger.error({ err: error }, 'auth: security event not recorded'),
          );
      }),
    },
    plugins: [
      secondFactorPlugin(config.baseUrl),
      passkeys({
        db,
        baseUrl: config.baseUrl,
        accountName: (user) =>
          isPlaceholderEmail(user.email) && typeof user.phoneNumber === 'string'
            ? user.phoneNumber
            : user.email,
      }),
      magicLink({
        expiresIn: 15 * 60,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, url }, context) => {
          const [row] = await db
            .select({ name: authSchema.user.name, language: authSchema.user.language })
            .from(authSchema.user)
            .where(eq(authSchema.user.email, email.toLowerCase()));
          await sendMail('magicLink', email, row ?? null, url, context?.request);
        },
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: 5 * 60,
        allowedAttempts: 3,
        phoneNumberValidator: (phone) => PHONE_NUMBER.test(phone),
        sendOTP: async ({ phoneNumber: phone, code }, context) => {
          const language = languageFor(null, context?.request);
          const text = interpolate(mailMessages(language).sms.code, { code }, language);
          await sms.send(phone, text);
        },
        signUpOnVerification: {
          getTempEmail: phonePlaceholderEmail,
          getTempName: () => '',
        },
      }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  name: config.oidc.name,
                  discoveryUrl: new URL(
                    '.well-known/openid-configuration',
                    config.oidc.issuer.endsWith('/')
                      ? config.oidc.issuer
                      : `${config.oidc.issuer}/`,
                  ).toString(),
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
    logger: {
      log: (level, message, ...args) =>
        logger[level === 'error' && isRefusal(message) ? 'warn' : level](
          { args },
          `auth: ${message}`,
        ),
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
