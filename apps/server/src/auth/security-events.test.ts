import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { authSecurityEvent, signInMethod, type AuthCall } from './security-events';

// The calls below never reach the database (no refused sign-in to look up).
const db = {} as Db;

const call = (values: Partial<AuthCall>): AuthCall => ({
  path: '/sign-in/email',
  userId: null,
  newSessionUserId: null,
  refused: false,
  body: {},
  ip: '203.0.113.9',
  userAgent: 'Firefox',
  ...values,
});

describe('security events of better-auth calls', () => {
  it('name each sign-in path’s method', () => {
    expect(signInMethod('/sign-in/email')).toBe('password');
    expect(signInMethod('/magic-link/verify')).toBe('email-link');
    expect(signInMethod('/phone-number/verify')).toBe('phone');
    expect(signInMethod('/passkey/sign-in')).toBe('passkey');
    expect(signInMethod('/two-factor/verify-totp')).toBe('two-factor');
    expect(signInMethod('/callback/google')).toBe('google');
    expect(signInMethod('/oauth2/callback/oidc')).toBe('oidc');
    expect(signInMethod('/get-session')).toBeNull();
  });

  it('record a second factor switched on or off by its path, for the signed-in traveller', async () => {
    expect(await authSecurityEvent(db, call({ path: '/two-factor/enable', userId: 'u1' }))).toEqual(
      expect.objectContaining({ userId: 'u1', kind: 'two-factor-enabled', ip: '203.0.113.9' }),
    );
    expect(
      await authSecurityEvent(db, call({ path: '/two-factor/disable', userId: 'u1' })),
    ).toEqual(expect.objectContaining({ kind: 'two-factor-disabled' }));
    expect(
      await authSecurityEvent(
        db,
        call({ path: '/two-factor/disable', userId: 'u1', refused: true }),
      ),
    ).toBeNull();
  });

  it('record a new session as a sign-in, and a passkey added under its name', async () => {
    expect(
      await authSecurityEvent(db, call({ path: '/passkey/sign-in', newSessionUserId: 'u2' })),
    ).toEqual(expect.objectContaining({ userId: 'u2', kind: 'sign-in', method: 'passkey' }));
    expect(
      await authSecurityEvent(
        db,
        call({ path: '/passkey/register', userId: 'u3', body: { name: ' Laptop ' } }),
      ),
    ).toEqual(expect.objectContaining({ userId: 'u3', kind: 'passkey-added', detail: 'Laptop' }));
    expect(await authSecurityEvent(db, call({ path: '/get-session', userId: 'u3' }))).toBeNull();
  });
});
