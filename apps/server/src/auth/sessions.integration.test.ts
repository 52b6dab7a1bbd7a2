import { describe, expect } from 'vitest';
import {
  SESSION_COOKIE,
  TEST_PASSWORD,
  createVerifiedUser,
  getMe,
  nextIp,
  setCookieHeaders,
  signedInJar,
  uniqueEmail,
  type CookieJar,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';

const test = serverTest();

interface ListedSession {
  id: string;
  token: string;
  userId: string;
  ipAddress: string | null;
  userAgent: string | null;
  expiresAt: string;
}

function listSessions(server: TestServer, jar: CookieJar) {
  return server.app.inject({
    method: 'GET',
    url: '/api/auth/list-sessions',
    remoteAddress: nextIp(),
    headers: jar.headers(),
  });
}

function authPost(server: TestServer, jar: CookieJar, url: string, payload: object) {
  return server.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { ...jar.headers(), origin: server.origin },
    payload,
  });
}

/** The session token a jar carries (the signed cookie is `<token>.<signature>`). */
function tokenOf(jar: CookieJar): string {
  const cookie = decodeURIComponent(jar.get(SESSION_COOKIE) ?? '');
  return cookie.slice(0, cookie.indexOf('.'));
}

async function userWithSessions(server: TestServer, count: number) {
  const email = uniqueEmail('sessions');
  await createVerifiedUser(server.app, server.smtp, { email });
  const jars: CookieJar[] = [];
  for (let index = 0; index < count; index += 1) jars.push(await signedInJar(server.app, email));
  return { email, jars };
}

describe('sessions', () => {
  test('list-sessions shows every session of the traveller and none of anyone else', async ({
    server,
  }) => {
    const { jars } = await userWithSessions(server, 2);
    const [first, second] = jars as [CookieJar, CookieJar];
    await userWithSessions(server, 1);

    const response = await listSessions(server, first);
    expect(response.statusCode).toBe(200);
    const sessions = response.json<ListedSession[]>();
    // The one from following the verification link, and the two sign-ins.
    expect(sessions).toHaveLength(3);
    expect(new Set(sessions.map((session) => session.userId)).size).toBe(1);
    const tokens = sessions.map((session) => session.token);
    expect(tokens).toContain(tokenOf(first));
    expect(tokens).toContain(tokenOf(second));
  });

  test('revoke-session ends only the session it names', async ({ server }) => {
    const { jars } = await userWithSessions(server, 2);
    const [first, second] = jars as [CookieJar, CookieJar];
    const revoked = await authPost(server, first, '/api/auth/revoke-session', {
      token: tokenOf(second),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ status: true });

    expect((await getMe(server.app, second)).statusCode).toBe(401);
    expect((await getMe(server.app, first)).statusCode).toBe(200);
    const remaining = (await listSessions(server, first)).json<ListedSession[]>();
    expect(remaining.map((session) => session.token)).not.toContain(tokenOf(second));
    expect(remaining).toHaveLength(2);
  });

  test("revoke-session cannot end another traveller's session", async ({ server }) => {
    const mine = await userWithSessions(server, 1);
    const theirs = await userWithSessions(server, 1);
    const [me] = mine.jars as [CookieJar];
    const [them] = theirs.jars as [CookieJar];
    const response = await authPost(server, me, '/api/auth/revoke-session', {
      token: tokenOf(them),
    });
    // Answered like a success (it reveals nothing), but nothing happens.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });
    expect((await getMe(server.app, them)).statusCode).toBe(200);
  });

  test('revoke-other-sessions keeps the current one only', async ({ server }) => {
    const { jars } = await userWithSessions(server, 3);
    const [keep, ...others] = jars as [CookieJar, ...CookieJar[]];
    const response = await authPost(server, keep, '/api/auth/revoke-other-sessions', {});
    expect(response.statusCode).toBe(200);
    expect((await getMe(server.app, keep)).statusCode).toBe(200);
    for (const jar of others) expect((await getMe(server.app, jar)).statusCode).toBe(401);
    expect((await listSessions(server, keep)).json<ListedSession[]>()).toHaveLength(1);
  });

  test('sign-out ends the session and clears the cookie', async ({ server }) => {
    const { jars } = await userWithSessions(server, 1);
    const [jar] = jars as [CookieJar];
    const response = await authPost(server, jar, '/api/auth/sign-out', {});
    expect(response.statusCode).toBe(200);
    const cleared = setCookieHeaders(response).find((cookie) =>
      cookie.startsWith(`${SESSION_COOKIE}=`),
    );
    expect(cleared).toMatch(/Max-Age=0/);
    expect((await getMe(server.app, jar)).statusCode).toBe(401);
  });

  test('list-sessions without a session is 401', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/auth/list-sessions',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(401);
  });

  test('get-session answers the user and null when signed out', async ({ server }) => {
    const email = uniqueEmail('get-session');
    await createVerifiedUser(server.app, server.smtp, { email });
    const jar = await signedInJar(server.app, email, TEST_PASSWORD);
    const signedIn = await server.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: jar.headers(),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ user: { email: string } }>().user.email).toBe(email);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/auth/get-session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toBeNull();
  });

  test('API reads refuse a cookie whose signature was tampered with', async ({ server }) => {
    const [jar] = (await userWithSessions(server, 1)).jars;
    if (!jar) throw new Error('no session');
    const value = decodeURIComponent(jar.get(SESSION_COOKIE) ?? '');
    const forged = `${value.slice(0, value.indexOf('.'))}.${'A'.repeat(43)}=`;
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/me',
      remoteAddress: nextIp(),
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(forged)}` },
    });
    expect(response.statusCode).toBe(401);
    expect((await getMe(server.app, jar)).statusCode).toBe(200);
  });

  test('API reads refuse an expired session at once', async ({ server }) => {
    const [jar] = (await userWithSessions(server, 1)).jars;
    if (!jar) throw new Error('no session');
    await server.database.pool.query(
      "update session set expires_at = now() - interval '1 second' where token = $1",
      [tokenOf(jar)],
    );
    expect((await getMe(server.app, jar)).statusCode).toBe(401);
  });

  test('API reads refuse a revoked session at once, on every process', async ({ server }) => {
    const [first, second] = (await userWithSessions(server, 2)).jars;
    if (!first || !second) throw new Error('no sessions');
    const other = await server.another({});
    expect(
      (await other.app.inject({ method: 'GET', url: '/api/me', headers: second.headers() }))
        .statusCode,
    ).toBe(200);
    const revoked = await authPost(server, first, '/api/auth/revoke-session', {
      token: tokenOf(second),
    });
    expect(revoked.statusCode).toBe(200);
    // The process that revoked it refuses it before it has even answered the revocation.
    expect((await getMe(server.app, second)).statusCode).toBe(401);
    // The other kept it in memory: it drops it when the NOTIFY of the commit lands
    // (milliseconds), never after the minute it would otherwise keep it.
    const deadline = Date.now() + 3000;
    let status = 200;
    while (status !== 401 && Date.now() < deadline) {
      status = (
        await other.app.inject({ method: 'GET', url: '/api/me', headers: second.headers() })
      ).statusCode;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });
});
