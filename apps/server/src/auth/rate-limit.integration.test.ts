import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { TEST_PASSWORD, createVerifiedUser, nextIp, uniqueEmail } from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';

const test = serverTest();

/** better-auth's rule for /sign-in/email in auth.ts: 10 a minute per client address. */
const SIGN_IN_MAX = 10;

let behindProxy: FastifyInstance;
let email: string;

test.beforeAll(async ({ server }) => {
  behindProxy = (await server.another({ TRUST_PROXY: 'true' })).app;
  email = uniqueEmail('limited');
  await createVerifiedUser(server.app, server.smtp, { email });
});

interface Attempt {
  remoteAddress: string;
  headers?: Record<string, string>;
  password?: string;
}

function attempt(app: FastifyInstance, { remoteAddress, headers = {}, password }: Attempt) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers,
    payload: { email, password: password ?? 'a wrong password' },
  });
}

/** Makes `count` wrong-password attempts, each described by `describe(i)`; returns statuses. */
async function attempts(
  app: FastifyInstance,
  count: number,
  describeAttempt: (index: number) => Attempt,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push((await attempt(app, describeAttempt(index))).statusCode);
  }
  return statuses;
}

const unlimited = Array<number>(SIGN_IN_MAX).fill(401);

describe('sign-in rate limit', () => {
  test('the 11th attempt within a minute from one address is 429 with Retry-After', async ({
    server,
  }) => {
    const remoteAddress = nextIp();
    expect(await attempts(server.app, SIGN_IN_MAX, () => ({ remoteAddress }))).toEqual(unlimited);
    const limited = await attempt(server.app, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many requests. Please try again later.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Even the right password waits now.
    const right = await attempt(server.app, { remoteAddress, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(429);
  });

  test('another client address is not affected', async ({ server }) => {
    const remoteAddress = nextIp();
    await attempts(server.app, SIGN_IN_MAX + 1, () => ({ remoteAddress }));
    const other = await attempt(server.app, { remoteAddress: nextIp() });
    expect(other.statusCode).toBe(401);
    const right = await attempt(server.app, {
      remoteAddress: nextIp(),
      password: TEST_PASSWORD,
    });
    expect(right.statusCode).toBe(200);
  });

  test('with TRUST_PROXY=false, X-Forwarded-For is ignored', async ({ server }) => {
    const remoteAddress = nextIp();
    const statuses = await attempts(server.app, SIGN_IN_MAX + 1, () => ({
      remoteAddress,
      headers: { 'x-forwarded-for': nextIp() },
    }));
    expect(statuses).toEqual([...unlimited, 429]);
  });

  test('with TRUST_PROXY=true, X-Forwarded-For decides the address', async () => {
    const proxy = nextIp();
    const client = nextIp();
    const statuses = await attempts(behindProxy, SIGN_IN_MAX + 1, () => ({
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': client },
    }));
    expect(statuses).toEqual([...unlimited, 429]);
    // Another client behind the same proxy goes on.
    const other = await attempt(behindProxy, {
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(other.statusCode).toBe(401);
  });

  test('with TRUST_PROXY=true, the client-most X-Forwarded-For entry is the client', async () => {
    const client = nextIp();
    const statuses = await attempts(behindProxy, SIGN_IN_MAX + 1, () => ({
      remoteAddress: nextIp(),
      headers: { 'x-forwarded-for': `${client}, ${nextIp()}` },
    }));
    expect(statuses).toEqual([...unlimited, 429]);
  });

  test('a client-supplied x-jammy-client-ip header is ignored', async ({ server }) => {
    const remoteAddress = nextIp();
    const statuses = await attempts(server.app, SIGN_IN_MAX + 1, () => ({
      remoteAddress,
      headers: { 'x-jammy-client-ip': nextIp() },
    }));
    expect(statuses).toEqual([...unlimited, 429]);

    const client = nextIp();
    const proxied = await attempts(behindProxy, SIGN_IN_MAX + 1, () => ({
      remoteAddress: nextIp(),
      headers: { 'x-forwarded-for': client, 'x-jammy-client-ip': nextIp() },
    }));
    expect(proxied).toEqual([...unlimited, 429]);
  });

  test('counts per endpoint: a limited sign-in does not block sign-up from that address', async ({
    server,
  }) => {
    const remoteAddress = nextIp();
    await attempts(server.app, SIGN_IN_MAX + 1, () => ({ remoteAddress }));
    const signUp = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      payload: {
        name: 'After',
        email: uniqueEmail('after-limit'),
        password: TEST_PASSWORD,
        acceptTerms: true,
      },
    });
    expect(signUp.statusCode).toBe(200);
  });
});

describe('other limits', () => {
  test('sign-up: the 6th within a minute from one address is 429', async ({ server }) => {
    const remoteAddress = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress,
        payload: { name: 'N', email: uniqueEmail('burst'), password: 'short', acceptTerms: true },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test('request-password-reset: the 6th within five minutes from one address is 429', async ({
    server,
  }) => {
    const remoteAddress = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress,
        payload: { email: uniqueEmail('reset-burst'), redirectTo: '/forgot-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
