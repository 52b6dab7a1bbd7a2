import type { Me } from '@jammy/shared/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startIdentityTest, type IdentityTest } from '../../test/identity-app';
import en from '../mail/messages/en.json';
import it_ from '../mail/messages/it.json';

let identity: IdentityTest;

beforeAll(async () => {
  identity = await startIdentityTest();
});

afterAll(async () => {
  await identity?.close();
});

const app = () => identity.main.app;
const dataDir = () => identity.main.config.dataDir;

let phoneCounter = 0;
/** A unique, valid E.164 number. */
function newPhone(): string {
  phoneCounter += 1;
  return `+3933${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneCounter).padStart(3, '0')}`;
}

function sendOtp(phoneNumber: string, headers: Record<string, string> = {}) {
  return app().inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: nextIp(),
    headers,
    payload: { phoneNumber },
  });
}

function verify(phoneNumber: string, code: string) {
  return app().inject({
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
  it('sends a six-digit code as a text message', async () => {
    const phone = newPhone();
    const response = await sendOtp(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'code sent' });
    const sms = (await readOutboxSms(dataDir())).filter((message) => message.to === phone);
    expect(sms).toHaveLength(1);
    const code = await latestSmsCode(dataDir(), phone);
    expect(sms[0]?.body).toBe(en.sms.code.replace('{{code}}', code));
    expect(sms[0]?.file).toMatch(/^[0-9a-f-]{36}\.sms\.json$/);
    // Nothing is mailed.
    expect(identity.smtp.messages).toEqual([]);
  });

  it("writes the text in the visitor's language", async () => {
    const phone = newPhone();
    // A browser sends its Origin with the cookie; better-auth refuses a cookie without one.
    const response = await sendOtp(phone, {
      cookie: 'i18n_redirected=it',
      origin: identity.origin,
    });
    expect(response.statusCode).toBe(200);
    const code = await latestSmsCode(dataDir(), phone);
    const [sms] = (await readOutboxSms(dataDir())).filter((message) => message.to === phone);
    expect(sms?.body).toBe(it_.sms.code.replace('{{code}}', code));
  });

  it('the code signs up a new traveller with a hidden placeholder address', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const response = await verify(phone, await latestSmsCode(dataDir(), phone));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: true, user: { phoneNumber: phone } });
    const jar = new CookieJar().store(response);
    expect(jar.has(SESSION_COOKIE)).toBe(true);

    const me = await readMe(app(), jar);
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
    const exported = await app().inject({
      method: 'GET',
      url: '/api/me/export',
      headers: jar.headers(),
    });
    expect(exported.body).not.toContain('users.jammy.invalid');
  });

  it('completing the profile needs a name and the terms', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const jar = new CookieJar().store(await verify(phone, await latestSmsCode(dataDir(), phone)));
    const response = await app().inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...jar.headers(), origin: identity.origin },
      payload: { name: 'Pia', acceptTerms: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>()).toMatchObject({ name: 'Pia', email: null, profileComplete: true });
  });

  it('a later code signs the same traveller in again', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const first = await readMe(
      app(),
      new CookieJar().store(await verify(phone, await latestSmsCode(dataDir(), phone))),
    );
    await sendOtp(phone);
    const second = await readMe(
      app(),
      new CookieJar().store(await verify(phone, await latestSmsCode(dataDir(), phone))),
    );
    expect(second.id).toBe(first.id);
  });

  it('a code works once', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const code = await latestSmsCode(dataDir(), phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(setCookieHeaders(again)).toEqual([]);
  });

  it('three wrong codes invalidate the code: the right one is then refused', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const code = await latestSmsCode(dataDir(), phone);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await verify(phone, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json<AuthErrorBody>()).toEqual({
        code: 'INVALID_OTP',
        message: 'Invalid OTP',
      });
    }
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(403);
    expect(right.json<AuthErrorBody>()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts',
    });
    expect(setCookieHeaders(right)).toEqual([]);
    const after = await verify(phone, code);
    expect(after.statusCode).toBe(400);
    expect(setCookieHeaders(after)).toEqual([]);

    // A new code works.
    await sendOtp(phone);
    expect((await verify(phone, await latestSmsCode(dataDir(), phone))).statusCode).toBe(200);
  });

  it('refuses numbers that are not E.164: 400 INVALID_PHONE_NUMBER, no SMS', async () => {
    for (const number of ['3331234567', '+0331234567', '+39 333 123 4567', '+12', 'abc', '']) {
      const response = await sendOtp(number);
      expect(response.statusCode).toBe(400);
      expect(response.json<AuthErrorBody>()).toEqual({
        code: 'INVALID_PHONE_NUMBER',
        message: 'Invalid phone number',
      });
    }
    const sent = await readOutboxSms(dataDir());
    expect(sent.map((sms) => sms.to)).not.toContain('3331234567');
  });

  it('GET /api/me is 401 after a failed verification', async () => {
    const phone = newPhone();
    await sendOtp(phone);
    const failed = await verify(phone, wrong(await latestSmsCode(dataDir(), phone)));
    expect((await getMe(app(), new CookieJar().store(failed))).statusCode).toBe(401);
  });
});
