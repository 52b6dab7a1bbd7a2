import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { AuthFailure, callAuth, fromAuthError, toAuthFailure } from './auth-errors';

describe('fromAuthError', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'errors.invalidCredentials', undefined],
    ['EMAIL_NOT_VERIFIED', 403, 'errors.emailNotVerified', undefined],
    ['TERMS_NOT_ACCEPTED', 400, 'errors.termsNotAccepted', 'terms'],
    ['PASSWORD_TOO_SHORT', 400, 'errors.passwordTooShort', 'password'],
    ['INVALID_OTP', 400, 'errors.invalidCode', 'code'],
    ['OTP_EXPIRED', 400, 'errors.codeExpired', 'code'],
    ['TOO_MANY_ATTEMPTS', 403, 'errors.tooManyCodeAttempts', 'code'],
    ['INVALID_TOKEN', 400, 'errors.invalidLink', undefined],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 422, 'errors.emailInUse', 'email'],
    ['INVALID_PHONE_NUMBER', 400, 'errors.invalidPhone', 'phone'],
  ])('maps %s to its message and field', (code, status, key, field) => {
    const failure = fromAuthError({ code, status });
    expect(failure.key).toBe(key);
    expect(failure.field).toBe(field);
    expect(failure.code).toBe(code);
  });

  it('reads when to try again from a 429', () => {
    const failure = fromAuthError({ status: 429 }, '90');
    expect(failure.key).toBe('errors.tooManyRequests');
    expect(failure.options.retryAfterSeconds).toBe(90);
    expect(fromAuthError({ status: 429 }, null).key).toBe('errors.tooManyRequestsSoon');
  });

  it('tells a refused origin what to open or what to set, with the addresses', () => {
    const refused = fromAuthError({
      code: 'INVALID_ORIGIN',
      status: 403,
      origin: 'http://127.0.0.1:3000',
      publicUrl: 'https://trips.example.org',
    });
    expect(refused.key).toBe('errors.otherOrigin');
    expect(refused.options.values).toEqual({
      origin: 'http://127.0.0.1:3000',
      publicUrl: 'https://trips.example.org',
    });
    const unset = fromAuthError({
      code: 'INVALID_ORIGIN',
      status: 403,
      origin: 'http://203.0.113.7:3000',
      publicUrl: null,
    });
    expect(unset.key).toBe('errors.untrustedOrigin');
    expect(unset.options.values).toEqual({ origin: 'http://203.0.113.7:3000' });
    // Without the addresses (an older server), still not "something went wrong".
    expect(fromAuthError({ code: 'INVALID_ORIGIN', status: 403 }).key).toBe(
      'errors.untrustedOrigin',
    );
  });

  it('falls back on the status for codes it does not know', () => {
    expect(fromAuthError({ code: 'SOMETHING_NEW', status: 503 }).key).toBe('errors.server');
    expect(fromAuthError({ status: 400 }).key).toBe('errors.unknown');
  });
});

describe('toAuthFailure', () => {
  it('tells a time-out from a lost connection', () => {
    expect(toAuthFailure(new DOMException('aborted', 'AbortError')).key).toBe('errors.timeout');
    expect(toAuthFailure(new TypeError('Failed to fetch')).key).toBe('errors.network');
    expect(toAuthFailure(new ApiError(0, 'network/timeout', 'x')).key).toBe('errors.timeout');
    expect(toAuthFailure(new ApiError(0, 'network/failed', 'x')).key).toBe('errors.network');
  });

  it('keeps a failure as it is and maps API errors by status', () => {
    const failure = new AuthFailure('errors.invalidLink');
    expect(toAuthFailure(failure)).toBe(failure);
    expect(toAuthFailure(new ApiError(429, 'request/rate-limited', 'x')).key).toBe(
      'errors.tooManyRequestsSoon',
    );
    expect(toAuthFailure(new ApiError(500, 'internal', 'x')).key).toBe('errors.server');
  });
});

describe('callAuth', () => {
  it('returns the data of a success', async () => {
    await expect(callAuth(async () => ({ data: { ok: true }, error: null }))).resolves.toEqual({
      ok: true,
    });
  });

  it('throws a failure with the Retry-After the answer carried', async () => {
    const call = callAuth(async ({ onError }) => {
      onError({ response: new Response(null, { status: 429, headers: { 'retry-after': '30' } }) });
      return { data: null, error: { status: 429, message: 'Too many requests' } };
    });
    await expect(call).rejects.toMatchObject({
      key: 'errors.tooManyRequests',
      options: { retryAfterSeconds: 30 },
    });
  });

  it('turns a thrown network error into a failure', async () => {
    await expect(
      callAuth(() => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toMatchObject({ key: 'errors.network' });
  });
});
