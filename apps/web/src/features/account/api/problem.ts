import { ApiError } from '../../../lib/api-client';
import { toProblem } from '../../../lib/problem';
import { runAuthCall, type AuthFetchOptions, type AuthResult } from '../../../lib/auth-call';

/** What went wrong with an account operation, in terms the page can explain. */
export type ProblemKind =
  | 'network'
  | 'timeout'
  | 'rate-limited'
  | 'signed-out'
  | 'not-fresh'
  | 'step-up'
  | 'forbidden'
  | 'wrong-password'
  | 'wrong-code'
  | 'no-password'
  | 'email-in-use'
  | 'same-email'
  | 'last-method'
  | 'conflict'
  | 'passkey-cancelled'
  | 'passkey-exists'
  | 'passkey-too-many'
  | 'passkey-failed'
  | 'invalid'
  | 'server'
  | 'unknown';

/**
 * A failed account operation: its kind, the fields at fault (named as the API names them:
 * `name`, `newPassword`…), how long to wait before retrying, and the API's details.
 */
export class AccountProblem extends Error {
  override name = 'AccountProblem';
  constructor(
    readonly kind: ProblemKind,
    readonly extra: {
      status?: number;
      fields?: string[];
      retryAfterSeconds?: number;
      details?: unknown;
    } = {},
  ) {
    super(kind);
  }
}

/** Seconds to wait from a Retry-After header (seconds or an HTTP date), if it says. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()) {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function byStatus(status: number, extra: AccountProblem['extra'] = {}): AccountProblem {
  if (status === 401) return new AccountProblem('signed-out', { status, ...extra });
  if (status === 403) return new AccountProblem('forbidden', { status, ...extra });
  if (status === 409) return new AccountProblem('conflict', { status, ...extra });
  if (status === 429) return new AccountProblem('rate-limited', { status, ...extra });
  if (status >= 500) return new AccountProblem('server', { status, ...extra });
  return new AccountProblem('unknown', { status, ...extra });
}

/** An error of the Jammy API client (or anything thrown) as an AccountProblem. */
export function problemFromApi(error: unknown): AccountProblem {
  if (error instanceof AccountProblem) return error;
  if (!(error instanceof ApiError)) return new AccountProblem('unknown');
  if (error.code === 'network/timeout') return new AccountProblem('timeout');
  if (error.isNetworkError) return new AccountProblem('network');
  if (error.status === 400) {
    const fields = toProblem(error).issues.map((issue) => issue.field);
    return new AccountProblem(fields.length > 0 ? 'invalid' : 'unknown', {
      status: 400,
      fields,
    });
  }
  return byStatus(error.status, {
    details: error.details,
    ...(error.retryAfterSeconds === undefined
      ? {}
      : { retryAfterSeconds: error.retryAfterSeconds }),
  });
}

/** The error half of a better-auth client answer. */
export interface AuthErrorBody {
  status: number;
  statusText: string;
  code?: string | undefined;
  message?: string | undefined;
}

const AUTH_CODES: Record<string, ProblemKind> = {
  INVALID_PASSWORD: 'wrong-password',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'no-password',
  USER_ALREADY_EXISTS: 'email-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-in-use',
  SESSION_NOT_FRESH: 'not-fresh',
  SESSION_EXPIRED: 'not-fresh',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'last-method',
  PASSKEY_EXISTS: 'passkey-exists',
  TOO_MANY_PASSKEYS: 'passkey-too-many',
  PASSKEY_NOT_VERIFIED: 'passkey-failed',
  INVALID_CODE: 'wrong-code',
  // Jammy's own refusal in front of better-auth (auth/second-factor-policy.ts).
  'auth/step-up-required': 'step-up',
};

const FIELD_CODES: Record<string, string> = {
  PASSWORD_TOO_SHORT: 'newPassword',
  PASSWORD_TOO_LONG: 'newPassword',
  INVALID_EMAIL: 'newEmail',
};

/** A better-auth error answer as an AccountProblem. */
export function problemFromAuth(error: AuthErrorBody, retryAfter?: string | null): AccountProblem {
  const { status, code = '', message = '' } = error;
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(retryAfter);
    return new AccountProblem(
      'rate-limited',
      retryAfterSeconds === undefined ? { status } : { status, retryAfterSeconds },
    );
  }
  const kind = AUTH_CODES[code];
  if (kind) return new AccountProblem(kind, { status });
  const field = FIELD_CODES[code];
  if (field) return new AccountProblem('invalid', { status, fields: [field] });
  if (status === 400 && /\bsame\b/i.test(message))
    return new AccountProblem('same-email', { status });
  // better-auth names a field that failed its input check as "[body.newEmail] …".
  const bodyField = /\[body\.(\w+)\]/.exec(message)?.[1];
  if (status === 400 && bodyField)
    return new AccountProblem('invalid', { status, fields: [bodyField] });
  return byStatus(status);
}

/**
 * Runs a better-auth client call and returns its data; any failure (refusal, network,
 * the 30 s timeout) is thrown as an AccountProblem.
 */
export function authCall<T>(
  run: (fetchOptions: AuthFetchOptions) => Promise<AuthResult<T, AuthErrorBody>>,
): Promise<T> {
  return runAuthCall(run, problemFromAuth, (error) => {
    const aborted = error instanceof DOMException && /Abort|Timeout/.test(error.name);
    return new AccountProblem(aborted ? 'timeout' : 'network');
  });
}
