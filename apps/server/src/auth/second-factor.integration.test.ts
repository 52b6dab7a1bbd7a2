import { and, eq, like } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  getMe,
  latestSmsCode,
  nextIp,
  readMe,
  uniqueEmail,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import { session, verification } from '../db/schema/auth';
import locale from '@jammy/shared/locales/en.json';
import {
  codeFor,
  enrol,
  enrolledTraveller,
  firstStep,
  post,
  secretOf,
  wrongCode,
} from './second-factor.test-helpers';

const test = serverTest();
const TWO_FACTOR_COOKIE = 'jammy.two_factor';
const TRUST_COOKIE = 'jammy.trust_device';

describe('enrolling an authenticator app', () => {
  test('asks the password, shows the secret and 10 backup codes, and counts once confirmed', async ({
    server,
  }) => {
    const email = uniqueEmail('enrol');
    const { jar } = await createVerifiedUser(server.app, server.smtp, { email });
    const refused = await post(server, jar, '/api/auth/two-factor/enable', { password: 'wrong' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_PASSWORD' });

    const started = await post(server, jar, '/api/auth/two-factor/enable', {
      password: TEST_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    const { totpURI, backupCodes } = started.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Jammy:.+\?secret=[A-Z2-7]+/);
    expect(new URL(totpURI).searchParams.get('issuer')).toBe('Jammy');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Not yet confirmed: sign-in is not changed by a secret nobody has typed back.
    expect((await readMe(server.app, jar)).twoFactorEnabled).toBe(false);
    expect((await firstStep(server, email)).jar.has(SESSION_COOKIE)).toBe(true);

    const secret = secretOf(totpURI);
    const wrong = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: wrongCode(await codeFor(secret)),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    const confirmed = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    jar.store(confirmed);
    expect((await readMe(server.app, jar)).twoFactorEnabled).toBe(true);
  });
});

describe('signing in with a second factor', () => {
  test('a password sign-in gives no session until the code from the app', async ({ server }) => {
    const { email, secret } = await enrolledTraveller(server, 'password-2fa');
    const { response, jar } = await firstStep(server, email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    expect(jar.has(TWO_FACTOR_COOKIE)).toBe(true);
    expect((await getMe(server.app, jar)).statusCode).toBe(401);

    const wrong = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: wrongCode(await codeFor(secret)),
    });
    expect(wrong.statusCode).toBe(401);
    const right = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(right.statusCode).toBe(200);
    jar.store(right);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    expect((await readMe(server.app, jar)).email).toBe(email);
  });

  test('a backup code signs in once and never again', async ({ server }) => {
    const { email, backupCodes } = await enrolledTraveller(server, 'backup-2fa');
    const [code] = backupCodes;
    if (!code) throw new Error('no backup code');
    const first = await firstStep(server, email);
    const used = await post(server, first.jar, '/api/auth/two-factor/verify-backup-code', {
      code,
    });
    expect(used.statusCode).toBe(200);
    first.jar.store(used);
    expect((await getMe(server.app, first.jar)).statusCode).toBe(200);

    const second = await firstStep(server, email);
    const again = await post(server, second.jar, '/api/auth/two-factor/verify-backup-code', {
      code,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });
    expect(second.jar.store(again).has(SESSION_COOKIE)).toBe(false);
  });

  test('five wrong codes end the sign-in, and ten in a row lock the account for a while', async ({
    server,
  }) => {
    const { email, secret } = await enrolledTraveller(server, 'wrong-2fa');
    const wrong = wrongCode(await codeFor(secret));
    const first = await firstStep(server, email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await post(server, first.jar, '/api/auth/two-factor/verify-totp', {
        code: wrong,
      });
      expect(answer.statusCode).toBe(401);
    }
    // The right code comes too late: this sign-in is over.
    const late = await post(server, first.jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' });

    const second = await firstStep(server, email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await post(server, second.jar, '/api/auth/two-factor/verify-totp', { code: wrong });
    }
    const third = await firstStep(server, email);
    const locked = await post(server, third.jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'ACCOUNT_TEMPORARILY_LOCKED' });
  });

  test('one address may try 3 codes in 10 seconds', async ({ server }) => {
    const { email, secret } = await enrolledTraveller(server, 'rate-2fa');
    const { jar } = await firstStep(server, email);
    const address = nextIp();
    const tries = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      tries.push(
        await server.app.inject({
          method: 'POST',
          url: '/api/auth/two-factor/verify-totp',
          remoteAddress: address,
          headers: { ...jar.headers(), origin: server.origin },
          payload: { code: wrongCode(await codeFor(secret)) },
        }),
      );
    }
    expect(tries.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
    expect(Number(tries[3]?.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a trusted device skips the code for 30 days', async ({ server }) => {
    const { email, secret } = await enrolledTraveller(server, 'trust-2fa');
    const { jar } = await firstStep(server, email);
    const verified = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
      trustDevice: true,
    });
    expect(verified.statusCode).toBe(200);
    jar.store(verified);
    const trust = verified.cookies.find((cookie) => cookie.name === TRUST_COOKIE);
    expect(trust?.maxAge).toBe(30 * 24 * 60 * 60);

    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { cookie: `${TRUST_COOKIE}=${jar.get(TRUST_COOKIE) ?? ''}`, origin: server.origin },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(again.json()).not.toHaveProperty('twoFactorRedirect');
    expect(new CookieJar().store(again).has(SESSION_COOKIE)).toBe(true);
  });

  test('an e-mail link leads to the code page, which continues where the link went', async ({
    server,
  }) => {
    const { email, secret } = await enrolledTraveller(server, 'link-2fa');
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, callbackURL: '/itineraries' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(
      email,
      (m) => m.subject === locale.mail.magicLink.subject,
    );
    const link = mail.links.find((candidate) => candidate.includes('/magic-link/verify'));
    if (!link) throw new Error('no link in the mail');

    const followed = await followLink(server.app, link);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(
      `${server.origin}/login/second-factor?redirect=%2Fitineraries`,
    );
    const jar = new CookieJar().store(followed);
    expect(jar.has(SESSION_COOKIE)).toBe(false);
    expect(jar.has(TWO_FACTOR_COOKIE)).toBe(true);
    const verified = await post(server, jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(verified.statusCode).toBe(200);
    expect((await readMe(server.app, jar.store(verified))).email).toBe(email);
  });

  test('an SMS sign-in asks the code too; an account without a password enrols after a fresh sign-in', async ({
    server,
  }) => {
    const phoneNumber = `+3934${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const smsSignIn = async () => {
      const sent = await server.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        remoteAddress: nextIp(),
        payload: { phoneNumber },
      });
      expect(sent.statusCode).toBe(200);
      const code = await latestSmsCode(server.config.dataDir, phoneNumber);
      return server.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/verify',
        remoteAddress: nextIp(),
        payload: { phoneNumber, code },
      });
    };
    const jar = new CookieJar().store(await smsSignIn());
    const me = await readMe(server.app, jar);

    // A sign-in older than 10 minutes is not enough to add a second factor without a password.
    await server.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.userId, me.id));
    const stale = await post(server, jar, '/api/auth/two-factor/enable', {});
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'SESSION_NOT_FRESH' });
    await server.database.db
      .update(session)
      .set({ createdAt: new Date() })
      .where(eq(session.userId, me.id));
    const { secret } = await enrol(server, jar, '');

    const second = await smsSignIn();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ twoFactorRedirect: true });
    const challenged = new CookieJar().store(second);
    expect(challenged.has(SESSION_COOKIE)).toBe(false);
    const verified = await post(server, challenged, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
    });
    expect(verified.statusCode).toBe(200);
    expect((await readMe(server.app, challenged.store(verified))).id).toBe(me.id);
  });
});

describe('turning the second factor off', () => {
  test('asks a current code as well as the password, and forgets trusted devices', async ({
    server,
  }) => {
    const { email, jar, secret } = await enrolledTraveller(server, 'disable-2fa');
    const trusted = await firstStep(server, email);
    const verified = await post(server, trusted.jar, '/api/auth/two-factor/verify-totp', {
      code: await codeFor(secret),
      trustDevice: true,
    });
    expect(verified.statusCode).toBe(200);
    const me = await readMe(server.app, jar);
    const trustedDevices = () =>
      server.database.db
        .select()
        .from(verification)
        .where(and(eq(verification.value, me.id), like(verification.identifier, 'trust-device-%')));
    expect(await trustedDevices()).toHaveLength(1);
    const noCode = await post(server, jar, '/api/auth/two-factor/disable', {
      password: TEST_PASSWORD,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'INVALID_CODE' });
    const wrong = await post(server, jar, '/api/auth/two-factor/disable', {
      password: TEST_PASSWORD,
      code: wrongCode(await codeFor(secret)),
    });
    expect(wrong.statusCode).toBe(401);
    expect((await readMe(server.app, jar)).twoFactorEnabled).toBe(true);

    const off = await post(server, jar, '/api/auth/two-factor/disable', {
      password: TEST_PASSWORD,
      code: await codeFor(secret),
    });
    expect(off.statusCode).toBe(200);
    expect((await readMe(server.app, jar.store(off))).twoFactorEnabled).toBe(false);
    expect((await firstStep(server, email)).jar.has(SESSION_COOKIE)).toBe(true);
    expect(await trustedDevices()).toEqual([]);
  });
});

describe('who may call the second-factor endpoints', () => {
  const ENDPOINTS = [
    ['/api/auth/two-factor/enable', { password: TEST_PASSWORD }],
    ['/api/auth/two-factor/disable', { password: TEST_PASSWORD, code: '123456' }],
    ['/api/auth/two-factor/verify-totp', { code: '123456' }],
    ['/api/auth/two-factor/verify-backup-code', { code: 'abcde-fghij' }],
    ['/api/auth/two-factor/generate-backup-codes', { password: TEST_PASSWORD }],
    ['/api/auth/two-factor/get-totp-uri', { password: TEST_PASSWORD }],
  ] as const;

  test('nobody without a session or a pending sign-in (401), and never an API token (403)', async ({
    server,
    owner,
  }) => {
    const created = await owner.post('/api/me/tokens', {
      name: 'Script',
      expiresInDays: 7,
      access: 'read-write',
      trips: null,
    });
    const { secret } = created.json<{ secret: string }>();
    for (const [url, payload] of ENDPOINTS) {
      const anonymous = await post(server, new CookieJar(), url, payload);
      expect(anonymous.statusCode, url).toBe(401);
      const token = await server.app.inject({
        method: 'POST',
        url,
        remoteAddress: nextIp(),
        headers: { authorization: `Bearer ${secret}` },
        payload,
      });
      expect(token.statusCode, url).toBe(403);
    }
  });
});
