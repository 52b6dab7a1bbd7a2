import { describe, expect } from 'vitest';
import {
  SESSION_COOKIE,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  getMe,
  nextIp,
  onlyLink,
  setCookieHeaders,
  signIn,
  signedInJar,
  uniqueEmail,
  type AuthErrorBody,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import enLocale from '@jammy/shared/locales/en.json';

const en = enLocale.mail;

const test = serverTest();

const NEW_PASSWORD = 'a brand new passphrase';

function requestReset(server: TestServer, email: string, redirectTo = '/forgot-password') {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    remoteAddress: nextIp(),
    payload: { email, redirectTo },
  });
}

function resetPassword(server: TestServer, token: string, newPassword = NEW_PASSWORD) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    remoteAddress: nextIp(),
    payload: { token, newPassword },
  });
}

/** Asks for a reset, follows the mailed link and returns the token from the redirect. */
async function resetToken(server: TestServer, email: string): Promise<string> {
  const requested = await requestReset(server, email);
  expect(requested.statusCode).toBe(200);
  const mail = await server.smtp.waitForMail(email, (m) => m.subject === en.resetPassword.subject);
  const link = onlyLink(mail.links);
  expect(link).toMatch(
    /^http:\/\/localhost:3000\/api\/auth\/reset-password\/[A-Za-z0-9]+\?callbackURL=%2Fforgot-password$/,
  );
  const followed = await followLink(server.app, link);
  expect(followed.statusCode).toBe(302);
  const location = new URL(String(followed.headers.location), 'http://localhost:3000');
  expect(location.pathname).toBe('/forgot-password');
  const token = location.searchParams.get('token');
  expect(token).toMatch(/^[A-Za-z0-9]+$/);
  // Following the link does not sign anyone in.
  expect(setCookieHeaders(followed)).toEqual([]);
  return token ?? '';
}

describe('password reset', () => {
  test('mails a link that leads to /forgot-password?token=…', async ({ server }) => {
    const email = uniqueEmail('reset-mail');
    await createVerifiedUser(server.app, server.smtp, { email, name: 'Rita' });
    const requested = await requestReset(server, email);
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(
      email,
      (m) => m.subject === en.resetPassword.subject,
    );
    expect(mail.text).toContain('Rita');
    expect(mail.text).toContain(en.resetPassword.expiry);
    expect(mail.html).toContain(en.resetPassword.action);
    const token = new URL(onlyLink(mail.links)).pathname.split('/').at(-1);
    const followed = await followLink(server.app, onlyLink(mail.links));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`http://localhost:3000/forgot-password?token=${token}`);
  });

  test('sets the new password, revokes every session, and the token works once', async ({
    server,
  }) => {
    const email = uniqueEmail('reset');
    await createVerifiedUser(server.app, server.smtp, { email });
    const first = await signedInJar(server.app, email);
    const second = await signedInJar(server.app, email);
    expect((await getMe(server.app, first)).statusCode).toBe(200);
    expect((await getMe(server.app, second)).statusCode).toBe(200);

    const token = await resetToken(server, email);
    const reset = await resetPassword(server, token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });
    expect(setCookieHeaders(reset)).toEqual([]);

    expect((await getMe(server.app, first)).statusCode).toBe(401);
    expect((await getMe(server.app, second)).statusCode).toBe(401);

    const again = await resetPassword(server, token, 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json<AuthErrorBody>()).toEqual({
      code: 'INVALID_TOKEN',
      message: 'Invalid token',
    });

    const withNew = await signIn(server.app, email, NEW_PASSWORD);
    expect(withNew.statusCode).toBe(200);
    expect(setCookieHeaders(withNew).some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    const withOld = await signIn(server.app, email, TEST_PASSWORD);
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json<AuthErrorBody>().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    const withSecond = await signIn(server.app, email, 'yet another passphrase');
    expect(withSecond.statusCode).toBe(401);
  });

  test('refuses a forged token and a too short new password', async ({ server }) => {
    const forged = await resetPassword(server, 'not-a-real-token-0123456789');
    expect(forged.statusCode).toBe(400);
    expect(forged.json<AuthErrorBody>().code).toBe('INVALID_TOKEN');

    const email = uniqueEmail('reset-short');
    await createVerifiedUser(server.app, server.smtp, { email });
    const token = await resetToken(server, email);
    const short = await resetPassword(server, token, '123456789');
    expect(short.statusCode).toBe(400);
    expect(short.json<AuthErrorBody>().code).toBe('PASSWORD_TOO_SHORT');
    // The token was not spent by the refused attempt.
    expect((await resetPassword(server, token)).statusCode).toBe(200);
  });

  test('a reset link with an unknown token redirects with an error and no token', async ({
    server,
  }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/unknownToken123?callbackURL=%2Fforgot-password',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      'http://localhost:3000/forgot-password?error=INVALID_TOKEN',
    );
  });

  test('mails nothing for an unknown address', async ({ server }) => {
    const email = uniqueEmail('reset-nobody');
    expect((await requestReset(server, email)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.smtp.messagesTo(email)).toEqual([]);
  });
});
