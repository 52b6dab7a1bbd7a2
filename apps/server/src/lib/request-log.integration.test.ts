import { describe, expect } from 'vitest';
import {
  CookieJar,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  nextIp,
  onlyLink,
  signIn,
  uniqueEmail,
} from '../../test/auth-helpers';
import { expectStatus } from '../../test/expect';
import { serverTest } from '../../test/fixture';
import { storageToken } from '../../test/storage-helpers';
import { createLogger } from './logger';

/** Every line the app logs, as production writes them (JSON, level info). */
const lines: string[] = [];
const logger = createLogger(
  { env: 'production', logLevel: 'info' },
  { write: (line) => lines.push(line) },
);
const test = serverTest({ logger });

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string | null;
  status?: number;
  durationMs?: number;
  userId?: string;
}

const parsed = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
const requestLines = () => parsed().filter((line) => line.msg === 'request');

/** The values of a Cookie header (`a=1; b=2` → `1`, `2`), and of each the part before its signature. */
function cookieValues(header: string): string[] {
  return header
    .split(';')
    .map((pair) => decodeURIComponent(pair.split('=').slice(1).join('=').trim()))
    .filter((value) => value.length > 0)
    .flatMap((value) => [value, value.split('.')[0] ?? value]);
}

describe('request logs', () => {
  test('one JSON line per request: method, route pattern, status, duration, request id, user id', async ({
    server,
    owner,
  }) => {
    lines.length = 0;
    const response = await owner.get(`/api/itineraries?limit=5`, {
      headers: { 'x-request-id': 'proxy-id-0001' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('proxy-id-0001');
    const anonymous = await server.client(null).get('/api/me');
    expect(anonymous.statusCode).toBe(401);
    const generated = String(anonymous.headers['x-request-id']);

    const logged = requestLines();
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 30,
      reqId: 'proxy-id-0001',
      method: 'GET',
      route: '/api/itineraries',
      status: 200,
      userId: owner.id,
    });
    expect(logged[0]?.durationMs).toEqual(expect.any(Number));
    expect(logged[1]).toMatchObject({
      reqId: generated,
      method: 'GET',
      route: '/api/me',
      status: 401,
    });
    expect(logged[1]).not.toHaveProperty('userId');
    // Nothing else about the request: Fastify's own two lines per request (with the raw URL)
    // are off.
    expect(parsed().filter((line) => line.reqId === generated)).toHaveLength(1);
  });

  test('the route pattern, never the address: ids and tokens stay out of the line', async ({
    owner,
    trip,
  }) => {
    lines.length = 0;
    const response = await owner.get(`/api/itineraries/${trip.id}`);
    expect(response.statusCode).toBe(200);
    const [line] = requestLines();
    expect(line?.route).toBe('/api/itineraries/:id');
    expect(lines.join('\n')).not.toContain(trip.id);
  });

  test('no password, session cookie, bearer or storage token, share token or reset token reaches the log', async ({
    server,
  }) => {
    lines.length = 0;
    const email = uniqueEmail('log-secrets');
    const { jar } = await createVerifiedUser(server.app, server.smtp, { email });
    const secrets: string[] = [TEST_PASSWORD, ...cookieValues(jar.headers().cookie ?? '')];

    // A password typed wrong, then right: the new session's cookie is a secret too.
    const wrong = await signIn(server.app, email, 'not-my-password-at-all');
    expect(wrong.statusCode).toBe(401);
    secrets.push('not-my-password-at-all');
    const signedIn = new CookieJar().store(await signIn(server.app, email, TEST_PASSWORD));
    const cookie = signedIn.headers().cookie ?? '';
    secrets.push(...cookieValues(cookie));
    const user = server.client({ id: '', email, jar: signedIn, cookie });

    // An Authorization header: a bearer token the app does not know, and a storage token it does.
    const bearer = 'bearer-secret-4f1c9e2a7b3d';
    secrets.push(bearer);
    await user.get('/api/me', { headers: { authorization: `Bearer ${bearer}` } });
    const account = { id: '', email, jar: signedIn, cookie };
    const storage = await storageToken(server, account);
    secrets.push(storage);
    const listed = await server.app.inject({
      method: 'GET',
      url: `/v0/b/jammy/o?prefix=users/`,
      headers: { authorization: `Firebase ${storage}` },
    });
    expect(listed.statusCode).toBeLessThan(500);

    // A share token in the address of a read by someone without an account.
    const created = expectStatus<{ id: string }>(
      await user.post('/api/itineraries', { title: 'Shared with a link' }),
      201,
    );
    const link = expectStatus<{ url: string }>(
      await user.post(`/api/itineraries/${created.id}/share-links`, {}),
      201,
    );
    const share = new URL(link.url).searchParams.get('share') ?? '';
    expect(share).not.toBe('');
    secrets.push(share);
    const viaLink = await server.client(null).get(`/api/itineraries/${created.id}?share=${share}`);
    expect(viaLink.statusCode).toBe(200);

    // A password reset: its token is in the mailed link's path, then in a request body.
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: nextIp(),
      payload: { email, redirectTo: '/forgot-password' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(email, (candidate) =>
      candidate.links.some((candidateLink) => candidateLink.includes('/reset-password/')),
    );
    const resetLink = onlyLink(mail.links);
    const resetToken = new URL(resetLink).pathname.split('/').at(-1) ?? '';
    expect(resetToken).not.toBe('');
    secrets.push(resetToken);
    expect((await followLink(server.app, resetLink)).statusCode).toBe(302);
    const newPassword = 'an entirely new passphrase';
    secrets.push(newPassword);
    const reset = await server.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      remoteAddress: nextIp(),
      payload: { token: resetToken, newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const text = lines.join('');
    const leaked = secrets.filter((secret) => text.includes(secret));
    expect(leaked.map((secret) => `${secret.slice(0, 4)}… (${secret.length} characters)`)).toEqual(
      [],
    );
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(8);
    // The requests above were logged, each as one line.
    expect(requestLines().length).toBeGreaterThanOrEqual(10);
  });
});
