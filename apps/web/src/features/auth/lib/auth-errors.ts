import { ApiError } from '../../../lib/api-client';
import { runAuthCall, type AuthFetchOptions, type AuthResult } from '../../../lib/auth-call';

/** The form fields an identity error can belong to. */
export type AuthField =
  'name' | 'email' | 'password' | 'confirmPassword' | 'terms' | 'phone' | 'code' | 'language';

/** Translation key (namespace `auth`) of each way an identity request can fail. */
export type AuthErrorKey =
  | 'errors.invalidCredentials'
  | 'errors.emailNotVerified'
  | 'errors.emailInUse'
  | 'errors.invalidEmail'
  | 'errors.userNotFound'
  | 'errors.tooManyRequests'
  | 'errors.tooManyRequestsSoon'
  | 'errors.network'
  | 'errors.timeout'
  | 'errors.invalidLink'
  | 'errors.invalidCode'
  | 'errors.codeExpired'
  | 'errors.tooManyCodeAttempts'
  // The second step's, in its own messages (loaded by its page only).
  | 'second-factor:errors.invalidAppCode'
  | 'second-factor:errors.invalidBackupCode'
  | 'second-factor:errors.secondFactorOver'
  | 'errors.invalidPhone'
  | 'errors.termsNotAccepted'
  | 'errors.passwordTooShort'
  | 'errors.passwordTooLong'
  | 'errors.federationFailed'
  | 'errors.passkeyCancelled'
  | 'errors.passkeyFailed'
  | 'errors.untrustedOrigin'
  | 'errors.otherOrigin'
  | 'errors.server'
  | 'errors.unknown';

/** A failed identity request, as the forms show it: a message key, and the field it concerns. */
export class AuthFailure extends Error {
  override name = 'AuthFailure';
  constructor(
    readonly key: AuthErrorKey,
    readonly options: {
      /** The better-auth or API code it came from (kept for special cases and logs). */
      code?: string;
      field?: AuthField;
      /** From Retry-After on a 429: how long to wait before the next try. */
      retryAfterSeconds?: number;
      /** Values the message names (the addresses of a refused origin). */
      values?: Record<string, string>;
    } = {},
  ) {
    super(key);
  }

  get code(): string | undefined {
    return this.options.code;
  }

  get field(): AuthField | undefined {
    return this.options.field;
  }
}

/** better-auth codes (server and plugins) → message and field. Unknown codes fall through. */
const CODES: Record<string, { key: AuthErrorKey; field?: AuthField }> = {
  INVALID_EMAIL_OR_PASSWORD: { key: 'errors.invalidCredentials' },
  INVALID_PASSWORD: { key: 'errors.invalidCredentials' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { key: 'errors.invalidCredentials' },
  EMAIL_NOT_VERIFIED: { key: 'errors.emailNotVerified' },
  USER_ALREADY_EXISTS: { key: 'errors.emailInUse', field: 'email' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { key: 'errors.emailInUse', field: 'email' },
  INVALID_EMAIL: { key: 'errors.invalidEmail', field: 'email' },
  USER_NOT_FOUND: { key: 'errors.userNotFound' },
  TERMS_NOT_ACCEPTED: { key: 'errors.termsNotAccepted', field: 'terms' },
  PASSWORD_TOO_SHORT: { key: 'errors.passwordTooShort', field: 'password' },
  PASSWORD_TOO_LONG: { key: 'errors.passwordTooLong', field: 'password' },
  INVALID_TOKEN: { key: 'errors.invalidLink' },
  TOKEN_EXPIRED: { key: 'errors.invalidLink' },
  INVALID_OTP: { key: 'errors.invalidCode', field: 'code' },
  OTP_NOT_FOUND: { key: 'errors.codeExpired', field: 'code' },
  OTP_EXPIRED: { key: 'errors.codeExpired', field: 'code' },
  TOO_MANY_ATTEMPTS: { key: 'errors.tooManyCodeAttempts', field: 'code' },
  INVALID_PHONE_NUMBER: { key: 'errors.invalidPhone', field: 'phone' },
  PROVIDER_NOT_FOUND: { key: 'errors.federationFailed' },
  PASSKEY_SIGN_IN_FAILED: { key: 'errors.passkeyFailed' },
};

/** What better-auth's client returns as `error` (the JSON body plus the status). */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
  /** INVALID_ORIGIN (Jammy's server): the refused origin, and PUBLIC_URL's when it is set. */
  origin?: string | undefined;
  publicUrl?: string | null | undefined;
}

/**
 * The page's address is not one the server accepts: the person who runs Jammy has to open it
 * at PUBLIC_URL or set PUBLIC_URL to this address. Saying which beats "something went wrong"
 * on a first run.
 */
function refusedOrigin(error: AuthClientError): AuthFailure {
  const origin = error.origin ?? globalThis.location?.origin ?? '';
  return error.publicUrl
    ? new AuthFailure('errors.otherOrigin', {
        code: 'INVALID_ORIGIN',
        values: { origin, publicUrl: error.publicUrl },
      })
    : new AuthFailure('errors.untrustedOrigin', { code: 'INVALID_ORIGIN', values: { origin } });
}

function retryAfterSeconds(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/** A 429 answer: when to try again, if the server said so. */
function tooManyRequests(code: string | undefined, retryAfter: string | null | undefined) {
  const seconds = retryAfterSeconds(retryAfter);
  return seconds === undefined
    ? new AuthFailure('errors.tooManyRequestsSoon', { ...(code ? { code } : {}) })
    : new AuthFailure('errors.tooManyRequests', {
        ...(code ? { code } : {}),
        retryAfterSeconds: seconds,
      });
}

/** Maps an error answer of better-auth (its code, else its status) to a failure. */
export function fromAuthError(error: AuthClientError, retryAfter?: string | null): AuthFailure {
  if (error.status === 429) return tooManyRequests(error.code, retryAfter);
  if (error.code === 'INVALID_ORIGIN') return refusedOrigin(error);
  const known = error.code ? CODES[error.code] : undefined;
  if (known && error.code) {
    return new AuthFailure(known.key, {
      code: error.code,
      ...(known.field ? { field: known.field } : {}),
    });
  }
  if (error.status >= 500) return new AuthFailure('errors.server', codeOf(error.code));
  return new AuthFailure('errors.unknown', codeOf(error.code));
}

function codeOf(code: string | undefined) {
  return code ? { code } : {};
}

/** Maps whatever a request threw (network failure, time-out, API error) to a failure. */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  if (error instanceof ApiError) {
    if (error.code === 'network/timeout') return new AuthFailure('errors.timeout');
    if (error.isNetworkError) return new AuthFailure('errors.network');
    if (error.status === 429) return tooManyRequests(error.code, undefined);
    if (error.status >= 500) return new AuthFailure('errors.server', { code: error.code });
    return new AuthFailure('errors.unknown', { code: error.code });
  }
  // better-fetch aborts a request after its time-out; fetch throws a TypeError when offline.
  if (
    error instanceof DOMException &&
    (error.name === 'AbortError' || error.name === 'TimeoutError')
  ) {
    return new AuthFailure('errors.timeout');
  }
  if (error instanceof TypeError) return new AuthFailure('errors.network');
  return new AuthFailure('errors.unknown');
}

export type { AuthFetchOptions } from '../../../lib/auth-call';

/**
 * Runs one better-auth client call and returns its data, or throws an AuthFailure (with
 * Retry-After read from a 429 answer, and network failures and time-outs told apart).
 */
export function callAuth<T>(
  run: (fetchOptions: AuthFetchOptions) => Promise<AuthResult<T, AuthClientError>>,
): Promise<T> {
  return runAuthCall(run, fromAuthError, toAuthFailure);
}
