import type { Me } from '@jammy/shared/account';
import { describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  getMe,
  latestSmsCode,
  nextIp,
  readMe,
  readOutboxSms,
  setCookieHeaders,
  type AuthErrorBody,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import enLocale from '@jammy/shared/locales/en.json';
import itLocale from '@jammy/shared/locales/it.json';

const en = enLocale.mail;
const it_ = itLocale.mail;

const test = serverTest();

const dataDir = (server: TestServer) => server.config.dataDir;

let phoneCounter = 0;
/** A unique, valid E.164 number. */
function newPhone(): string {
  phoneCounter += 1;
  return `+3933${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneCounter).padStart(3, '0')}`;
}

function sendOtp(server: TestServer, phoneNumber: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: nextIp(),
    headers,
    payload: { phoneNumber },
  });
}

function verify(server: TestServer, phoneNumber: string, code: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/verify',
    remoteAddress: nextIp(),
    payload: { phoneNumber, code },
  });
}

/** A six-digit code that is not `code`. */
function wrong(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('sign-in with a phone number (SMS to the outbox)', () => {
  test('sends a six-digit code as a text message', async ({ server }) => {
    const phone = newPhone();
    const response = await sendOtp(server, phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'code sent' });
    const sms = (await readOutboxSms(dataDir(server))).filter((message) => message.to === phone);
    expect(sms).toHaveLength(1);
    const code = await latestSmsCode(dataDir(server), phone);
    expect(sms[0]?.body).toBe(en.sms.code.replace('{code}', code));
    expect(sms[0]?.file).toMatch(/^[0-9a-f-]{36}\.sms\.json$/);
    // Nothing is mailed.
    expect(server.smtp.messages).toEqual([]);
  });

  test("writes the text in the visitor's language", async ({ server }) => {
    const phone = newPhone();
    // A browser sends its Origin with the cookie; better-auth refuses a cookie without one.
    const response = await sendOtp(server, phone, {
      cookie: 'i18n_redirected=it',
      origin: server.origin,
    });
    expect(response.statusCode).toBe(200);
    const code = await latestSmsCode(dataDir(server), phone);
    const [sms] = (await readOutboxSms(dataDir(server))).filter((message) => message.to === phone);
    expect(sms?.body).toBe(it_.sms.code.replace('{code}', code));
  });

  test('the code signs up a new traveller with a hidden placeholder address', async ({
    server,
  }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const response = await verify(server, phone, await latestSmsCode(dataDir(server), phone));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, user: { phoneNumber: phone } });
    const jar = new CookieJar().store(response);
    expect(jar.has(SESSION_COOKIE)).toBe(true);

    const me = await readMe(server.app, jar);
    expect(me).toMatchObject({
      email: null,
      emailVerified: false,
      phoneNumber: phone,
      name: '',
      termsAcceptedAt: null,
      profileComplete: false,
      role: 'user',
    });
    // The placeholder never leaves the server, not even in the export.
    const exported = await server.app.inject({
      method: 'GET',
      url: '/api/me/export',
      headers: jar.headers(),
    });
    expect(exported.body).not.toContain('users.jammy.invalid');
  });

  test('completing the profile needs a name and the terms', async ({ server }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const jar = new CookieJar().store(
      await verify(server, phone, await latestSmsCode(dataDir(server), phone)),
    );
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...jar.headers(), origin: server.origin },
      payload: { name: 'Pia', acceptTerms: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>()).toMatchObject({ name: 'Pia', email: null, profileComplete: true });
  });

  test('a later code signs the same traveller in again', async ({ server }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const first = await readMe(
      server.app,
      new CookieJar().store(
        await verify(server, phone, await latestSmsCode(dataDir(server), phone)),
      ),
    );
    await sendOtp(server, phone);
    const second = await readMe(
      server.app,
      new CookieJar().store(
        await verify(server, phone, await latestSmsCode(dataDir(server), phone)),
      ),
    );
    expect(second.id).toBe(first.id);
  });

  test('a code works once', async ({ server }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const code = await latestSmsCode(dataDir(server), phone);
    expect((await verify(server, phone, code)).statusCode).toBe(200);
    const again = await verify(server, phone, code);
    expect(again.statusCode).toBe(400);
    expect(setCookieHeaders(again)).toEqual([]);
  });

  test('three wrong codes invalidate the code: the right one is then refused', async ({
    server,
  }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const code = await latestSmsCode(dataDir(server), phone);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await verify(server, phone, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json<AuthErrorBody>()).toEqual({
        code: 'INVALID_OTP',
        message: 'Invalid OTP',
      });
    }
    const right = await verify(server, phone, code);
    expect(right.statusCode).toBe(403);
    expect(right.json<AuthErrorBody>()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts',
    });
    expect(setCookieHeaders(right)).toEqual([]);
    const after = await verify(server, phone, code);
    expect(after.statusCode).toBe(400);
    expect(setCookieHeaders(after)).toEqual([]);

    // A new code works.
    await sendOtp(server, phone);
    expect(
      (await verify(server, phone, await latestSmsCode(dataDir(server), phone))).statusCode,
    ).toBe(200);
  });

  test('refuses numbers that are not E.164: 400 INVALID_PHONE_NUMBER, no SMS', async ({
    server,
  }) => {
    for (const number of ['3331234567', '+0331234567', '+39 333 123 4567', '+12', 'abc', '']) {
      const response = await sendOtp(server, number);
      expect(response.statusCode).toBe(400);
      expect(response.json<AuthErrorBody>()).toEqual({
        code: 'INVALID_PHONE_NUMBER',
        message: 'Invalid phone number',
      });
    }
    const sent = await readOutboxSms(dataDir(server));
    expect(sent.map((sms) => sms.to)).not.toContain('3331234567');
  });

  test('GET /api/me is 401 after a failed verification', async ({ server }) => {
    const phone = newPhone();
    await sendOtp(server, phone);
    const failed = await verify(server, phone, wrong(await latestSmsCode(dataDir(server), phone)));
    expect((await getMe(server.app, new CookieJar().store(failed))).statusCode).toBe(401);
  });
});
