import { describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  getMe,
  nextIp,
  onlyLink,
  parseSetCookie,
  setCookieHeaders,
  signIn,
  signUp,
  uniqueEmail,
  type AuthErrorBody,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestApp } from '../../test/test-app';
import enLocale from '@jammy/shared/locales/en.json';
import itLocale from '@jammy/shared/locales/it.json';

const en = enLocale.mail;
const it_ = itLocale.mail;

const test = serverTest();

interface SignUpBody {
  token: string | null;
  user: Record<string, unknown>;
}

describe('sign-up with e-mail and password', () => {
  test('mails a verification link over SMTP in the language chosen at sign-up', async ({
    server,
  }) => {
    const email = uniqueEmail('italian');
    const response = await signUp(server.app, { email, name: 'Giulia', language: 'it' });
    expect(response.statusCode).toBe(200);
    const body = response.json<SignUpBody>();
    expect(body.token).toBeNull();
    expect(body.user).toMatchObject({
      email,
      name: 'Giulia',
      emailVerified: false,
      language: 'it',
    });
    expect(setCookieHeaders(response)).toEqual([]);

    const mail = await server.smtp.waitForMail(email);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@jammy.localhost');
    expect(mail.subject).toBe(it_.verifyEmail.subject);
    expect(mail.text).toContain('Giulia');
    expect(mail.text).toContain(it_.verifyEmail.intro);
    expect(mail.html).toContain('<html lang="it" dir="ltr">');
    expect(mail.html).toContain('Giulia');
    const link = onlyLink(mail.links);
    expect(link.startsWith('http://localhost:3000/api/auth/verify-email?token=')).toBe(true);
    expect(new URL(link).searchParams.get('callbackURL')).toBe('/itineraries');
    // The HTML part carries the same link (escaped for HTML).
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
  });

  test('the mailed link verifies the address, signs in and redirects to the callback', async ({
    server,
  }) => {
    const email = uniqueEmail('verify');
    await signUp(server.app, { email, name: 'Vera', callbackURL: '/itineraries' });
    const mail = await server.smtp.waitForMail(email);
    expect(mail.subject).toBe(en.verifyEmail.subject);

    const response = await followLink(server.app, onlyLink(mail.links));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/itineraries');
    const cookies = setCookieHeaders(response).map(parseSetCookie);
    const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session?.value).toMatch(/^[A-Za-z0-9]+\./);
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')).toBe('Lax');
    expect(session?.attributes.get('path')).toBe('/');
    expect(session?.attributes.has('secure')).toBe(false);

    const me = await getMe(server.app, new CookieJar().store(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      name: 'Vera',
      emailVerified: true,
      profileComplete: true,
      role: 'user',
      language: 'en',
      version: 1,
    });
  });

  test('a verification link cannot be tampered with', async ({ server }) => {
    const email = uniqueEmail('tamper');
    await signUp(server.app, { email });
    const link = new URL(onlyLink((await server.smtp.waitForMail(email)).links));
    link.searchParams.set('token', `${link.searchParams.get('token') ?? ''}x`);
    const response = await followLink(server.app, link.toString());
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/itineraries?error=INVALID_TOKEN');
    expect(setCookieHeaders(response)).toEqual([]);
  });

  test('refuses a sign-up without acceptTerms: 400 TERMS_NOT_ACCEPTED, no user, no mail', async ({
    server,
  }) => {
    const email = uniqueEmail('no-terms');
    const response = await signUp(server.app, { email, acceptTerms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json<AuthErrorBody>()).toEqual({
      code: 'TERMS_NOT_ACCEPTED',
      message: 'acceptTerms: you must accept the terms to create an account',
    });
    // Had the user been created, this would now be answered with an "existing account" mail.
    const again = await signUp(server.app, { email });
    expect(again.statusCode).toBe(200);
    expect((await server.smtp.waitForMail(email)).subject).toBe(en.verifyEmail.subject);
    expect(server.smtp.messagesTo(email)).toHaveLength(1);
  });

  test('refuses acceptTerms sent as a string', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextIp(),
      payload: {
        name: 'S',
        email: uniqueEmail('str'),
        password: TEST_PASSWORD,
        acceptTerms: 'true',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<AuthErrorBody>().code).toBe('TERMS_NOT_ACCEPTED');
  });

  test('refuses a password of 9 characters (400 PASSWORD_TOO_SHORT) and accepts 10', async ({
    server,
  }) => {
    const short = await signUp(server.app, { email: uniqueEmail('short'), password: '123456789' });
    expect(short.statusCode).toBe(400);
    expect(short.json<AuthErrorBody>()).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password too short',
    });
    const enough = await signUp(server.app, {
      email: uniqueEmail('enough'),
      password: '1234567890',
    });
    expect(enough.statusCode).toBe(200);
  });

  test('refuses a password longer than 128 characters', async ({ server }) => {
    const response = await signUp(server.app, {
      email: uniqueEmail('long'),
      password: 'x'.repeat(129),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<AuthErrorBody>().code).toBe('PASSWORD_TOO_LONG');
  });

  test('refuses to sign in before the address is verified: 403 EMAIL_NOT_VERIFIED, no session', async ({
    server,
  }) => {
    const email = uniqueEmail('early');
    await signUp(server.app, { email });
    await server.smtp.waitForMail(email);
    const response = await signIn(server.app, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json<AuthErrorBody>()).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not verified',
    });
    expect(setCookieHeaders(response)).toEqual([]);
  });

  test('signs in after verification with a session cookie', async ({ server }) => {
    const email = uniqueEmail('signin');
    await createVerifiedUser(server.app, server.smtp, { email });
    const response = await signIn(server.app, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ token: string; redirect: boolean }>()).toMatchObject({
      redirect: false,
    });
    const jar = new CookieJar().store(response);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    expect((await getMe(server.app, jar)).json()).toMatchObject({ email, emailVerified: true });
  });
});

describe('no account enumeration', () => {
  test('a sign-up with a known address answers like a new one and mails the owner instead', async ({
    server,
  }) => {
    const email = uniqueEmail('owner');
    await createVerifiedUser(server.app, server.smtp, { email, name: 'Owner' });
    const fresh = await signUp(server.app, { email: uniqueEmail('fresh'), name: 'Someone' });
    const duplicate = await signUp(server.app, { email, name: 'Someone' });

    expect(duplicate.statusCode).toBe(fresh.statusCode);
    const freshBody = fresh.json<SignUpBody>();
    const duplicateBody = duplicate.json<SignUpBody>();
    expect(duplicateBody.token).toBeNull();
    expect(Object.keys(duplicateBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(duplicateBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    // The answer does not reveal the existing account's id or name.
    expect(duplicateBody.user.name).toBe('Someone');
    expect(duplicateBody.user.emailVerified).toBe(false);

    const mail = await server.smtp.waitForMail(email, (m) => m.subject !== en.verifyEmail.subject);
    expect(mail.subject).toBe(en.existingAccount.subject);
    expect(mail.text).toContain('Owner');
    expect(onlyLink(mail.links)).toBe('http://localhost:3000/forgot-password');
    expect(server.smtp.messagesTo(email).map((m) => m.subject)).toEqual([
      en.verifyEmail.subject,
      en.existingAccount.subject,
    ]);
  });

  // Any field that differed would tell a caller that the address already has an account.
  test('the duplicate answer has the same values as a new sign-up (ids and times aside)', async ({
    server,
  }) => {
    const email = uniqueEmail('twin');
    await signUp(server.app, { email, name: 'Same' });
    await server.smtp.waitForMail(email);
    const fresh = await signUp(server.app, { email: uniqueEmail('other'), name: 'Same' });
    const duplicate = await signUp(server.app, { email, name: 'Same' });
    // Values that differ between any two sign-ups are compared by type only.
    const varying = new Set(['id', 'email', 'createdAt', 'updatedAt', 'termsAcceptedAt']);
    const comparable = (body: SignUpBody) =>
      Object.fromEntries(
        Object.entries(body.user).map(([key, value]) => [
          key,
          varying.has(key) ? typeof value : value,
        ]),
      );
    expect(comparable(duplicate.json<SignUpBody>())).toEqual(comparable(fresh.json<SignUpBody>()));
  });

  test('request-password-reset answers the same for unknown and known addresses', async ({
    server,
  }) => {
    const email = uniqueEmail('known');
    await createVerifiedUser(server.app, server.smtp, { email });
    const request = (address: string, ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: ip,
        payload: { email: address, redirectTo: '/forgot-password' },
      });
    const known = await request(email, nextIp());
    const unknown = await request(uniqueEmail('nobody'), nextIp());
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });
    expect((await server.smtp.waitForMail(email)).subject).toBe(en.resetPassword.subject);
  });

  test('sign-in with an unknown address and with a wrong password fail alike', async ({
    server,
  }) => {
    const email = uniqueEmail('wrongpw');
    await createVerifiedUser(server.app, server.smtp, { email });
    const wrong = await signIn(server.app, email, 'not the right password');
    const unknown = await signIn(server.app, uniqueEmail('ghost'), 'not the right password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json<AuthErrorBody>().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });
});

describe('session cookie over https', () => {
  let https: TestApp;

  test.beforeAll(async ({ server }) => {
    https = await server.another({ PUBLIC_URL: 'https://jammy.example', TRUST_PROXY: 'true' });
  });

  test('is Secure, HttpOnly, SameSite=Lax, Path=/ and __Secure- prefixed', async ({ server }) => {
    const email = uniqueEmail('secure');
    await signUp(https.app, { email });
    const mail = await server.smtp.waitForMail(email);
    const link = onlyLink(mail.links);
    expect(link.startsWith('https://jammy.example/api/auth/verify-email?')).toBe(true);
    const verified = await followLink(https.app, link);
    expect(verified.statusCode).toBe(302);

    const response = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { 'x-forwarded-proto': 'https', origin: 'https://jammy.example' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookies = setCookieHeaders(response).map(parseSetCookie);
    expect(cookies.map((cookie) => cookie.name)).toEqual([`__Secure-${SESSION_COOKIE}`]);
    const [session] = cookies;
    expect(session?.attributes.has('secure')).toBe(true);
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')).toBe('Lax');
    expect(session?.attributes.get('path')).toBe('/');

    const me = await getMe(https.app, new CookieJar().store(response));
    expect(me.statusCode).toBe(200);
  });
});
