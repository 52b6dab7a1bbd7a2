import { describe, expect } from 'vitest';
import {
  CookieJar,
  followLink,
  nextIp,
  onlyLink,
  readMe,
  signUp,
  uniqueEmail,
  type ApiErrorBody,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import enLocale from '@jammy/shared/locales/en.json';

const en = enLocale.mail;

const BOSS = 'boss@example.com';

const test = serverTest({ mail: 'outbox', env: { ADMIN_EMAILS: BOSS } });

let boss: CookieJar;
let traveller: CookieJar;
let travellerEmail: string;

interface OutboxItem {
  id: string;
  kind: 'mail' | 'sms';
  to: string;
  subject: string | null;
  createdAt: string;
  text: string;
  links: string[];
}

/** Signs up and follows the verification link the outbox mailer wrote. */
async function verifiedThroughOutbox(server: TestServer, email: string): Promise<CookieJar> {
  expect((await signUp(server.app, { email })).statusCode).toBe(200);
  const mail = (await server.outbox()).filter((m) => m.to === email).at(-1);
  expect(mail?.subject).toBe(en.verifyEmail.subject);
  const response = await followLink(server.app, onlyLink(mail?.links ?? []));
  expect(response.statusCode).toBe(302);
  return new CookieJar().store(response);
}

function getOutbox(server: TestServer, jar?: CookieJar, suffix = '') {
  return server.app.inject({
    method: 'GET',
    url: `/api/admin/outbox${suffix}`,
    headers: jar?.headers() ?? {},
  });
}

test.beforeAll(async ({ server }) => {
  boss = await verifiedThroughOutbox(server, BOSS);
  travellerEmail = uniqueEmail('traveller');
  traveller = await verifiedThroughOutbox(server, travellerEmail);
});

describe('the outbox (no SMTP_URL)', () => {
  test('mail goes nowhere but the outbox: the SMTP server got nothing', ({ server }) => {
    expect(server.smtp.messages).toEqual([]);
  });

  test('ADMIN_EMAILS makes that address admin on sign-up; others are users', async ({ server }) => {
    expect((await readMe(server.app, boss)).role).toBe('admin');
    expect((await readMe(server.app, traveller)).role).toBe('user');
  });

  test('GET /api/admin/outbox: 401 anonymous, 403 for a traveller', async ({ server }) => {
    const anonymous = await getOutbox(server);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json<ApiErrorBody>().error.code).toBe('auth/unauthenticated');
    const user = await getOutbox(server, traveller);
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({
      error: { code: 'auth/forbidden', message: 'Only administrators may do this' },
    });
    expect((await getOutbox(server, traveller, '/not-a-file')).statusCode).toBe(403);
  });

  test('lists mails with their links and text messages, newest first', async ({ server }) => {
    const phone = '+393471234567';
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/send-otp',
      remoteAddress: nextIp(),
      payload: { phoneNumber: phone },
    });
    expect(sent.statusCode).toBe(200);
    const resetFor = uniqueEmail('outbox-reset');
    await verifiedThroughOutbox(server, resetFor);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextIp(),
      payload: { email: resetFor, redirectTo: '/forgot-password' },
    });
    expect(reset.statusCode).toBe(200);

    const response = await getOutbox(server, boss);
    expect(response.statusCode).toBe(200);
    const { items, nextCursor } = response.json<{ items: OutboxItem[]; nextCursor: null }>();
    expect(nextCursor).toBeNull();
    expect(items.map((item) => item.id)).toEqual(
      [...items.map((item) => item.id)].sort().reverse(),
    );

    const [newest] = items;
    expect(newest).toMatchObject({ kind: 'mail', to: resetFor, subject: en.resetPassword.subject });
    expect(newest?.links).toHaveLength(1);
    expect(newest?.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/auth\/reset-password\//);
    expect(newest?.id).toMatch(/^[0-9a-f-]{36}\.eml$/);

    const sms = items.find((item) => item.kind === 'sms');
    expect(sms).toMatchObject({ to: phone, subject: null, links: [] });
    expect(sms?.text).toMatch(/^Your Jammy code is \d{6}\./);
    expect(sms?.id).toMatch(/^[0-9a-f-]{36}\.sms\.json$/);

    const verification = items.find((item) => item.to === travellerEmail);
    expect(verification?.subject).toBe(en.verifyEmail.subject);
    expect(verification?.links[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
  });

  test('GET /api/admin/outbox/:file answers one message', async ({ server }) => {
    const { items } = (await getOutbox(server, boss)).json<{ items: OutboxItem[] }>();
    const first = items.at(-1);
    const response = await getOutbox(server, boss, `/${first?.id ?? ''}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(first);
  });

  test('a malformed id is 400; a well-formed but missing one is 404', async ({ server }) => {
    const malformed = await getOutbox(server, boss, '/not-a-file');
    expect(malformed.statusCode).toBe(400);
    const body = malformed.json<ApiErrorBody>();
    expect(body.error.code).toBe('request/invalid');
    expect(body.error.message).toBe('file: is not an outbox message');

    // Path traversal and non-v7 ids never reach the file system.
    for (const suffix of ['/..%2F..%2Fpostgres', '/0190d2c4-0000-4000-8000-000000000000.eml']) {
      expect((await getOutbox(server, boss, suffix)).statusCode).toBe(400);
    }
    const dots = await getOutbox(server, boss, '/%2E%2E');
    expect(dots.statusCode).toBe(404);
    expect(dots.json<ApiErrorBody>().error.code).toBe('route/not-found');

    const missing = await getOutbox(server, boss, '/0190d2c4-0000-7000-8000-000000000000.eml');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: {
        code: 'outbox/message-not-found',
        message: 'There is no such message in the outbox',
      },
    });
    const missingSms = await getOutbox(
      server,
      boss,
      '/0190d2c4-0000-7000-8000-000000000000.sms.json',
    );
    expect(missingSms.statusCode).toBe(404);
  });
});
