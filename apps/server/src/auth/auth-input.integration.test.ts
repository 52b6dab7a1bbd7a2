import { describe, expect } from 'vitest';
import { nextIp, signUp, uniqueEmail } from '../../test/auth-helpers';
import { call } from '../../test/itinerary-helpers';
import { serverTest } from '../../test/fixture';

const test = serverTest({ mail: 'outbox' });

interface Refused {
  code: string;
  message: string;
  error: { code: string; details: { issues: { field: string }[] } };
}

function expectRefused(response: { statusCode: number; json<T>(): T }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json<Refused>();
  // better-auth's client reads code and message; our own clients read `error`.
  expect(body.code).toBe('VALIDATION_ERROR');
  expect(body.message).toMatch(new RegExp(`^${field}: `));
  expect(body.error.code).toBe('request/invalid');
  expect(body.error.details.issues[0]?.field).toBe(field);
}

describe('the text rule on better-auth’s routes', () => {
  test('refuses a name with a NUL in an e-mail link request, and sends no mail', async ({
    server,
  }) => {
    const email = uniqueEmail('nul');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, name: 'Ana\u0000', callbackURL: '/' },
    });
    expectRefused(response, 'name');
    const mails = await server.outbox();
    expect(mails.some((mail) => mail.to.includes(email))).toBe(false);
  });

  test.for<[string, Record<string, string>, string]>([
    ['a control character in the name', { name: 'Bell\u0007' }, 'name'],
    ['a lone surrogate in the name', { name: 'Half \uD83D' }, 'name'],
    ['a name on two lines', { name: 'One\nTwo' }, 'name'],
    ['a NUL in the password', { password: 'correct horse\u0000battery' }, 'password'],
    ['a control character in the address', { email: 'ana\u0001@example.com' }, 'email'],
  ])('refuses a sign-up with %s', async ([, values, field], { server }) => {
    expectRefused(await signUp(server.app, { email: uniqueEmail('bad'), ...values }), field);
  });

  test('stores a name in NFC, trimmed', async ({ server }) => {
    const response = await signUp(server.app, {
      email: uniqueEmail('nfc'),
      name: '  Zoe\u0308  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: { name: string } }>().user.name).toBe('Zoë');
  });

  test('refuses a control character in a query string too', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=%00abc',
      remoteAddress: nextIp(),
    });
    expectRefused(response, 'token');
  });
});

describe('headers Jammy stores', () => {
  test('keeps a device’s User-Agent without control characters (latin-1 bytes decode to C1)', async ({
    server,
  }) => {
    const traveller = await server.traveller({ label: 'agent' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { 'user-agent': 'Odd\u0085Agent/1.0\u0090' },
      payload: { email: traveller.email, password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(200);
    const sessions = await call(server, traveller, 'GET', '/api/me/sessions');
    const agents = sessions
      .json<{ items: { userAgent: string | null }[] }>()
      .items.map((item) => item.userAgent);
    expect(agents).toContain('OddAgent/1.0');
  });
});
