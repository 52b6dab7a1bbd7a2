import type { Me } from '@jammy/shared/account';
import { describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  getMe,
  onlyLink,
  readMe,
  signIn,
  signUp,
  signedInJar,
  uniqueEmail,
  type ApiErrorBody,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import enLocale from '@jammy/shared/locales/en.json';

const en = enLocale.mail;

const test = serverTest();

function deleteMe(server: TestServer, jar: CookieJar, payload?: Record<string, unknown>) {
  return server.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { ...jar.headers(), origin: server.origin },
    ...(payload ? { payload } : {}),
  });
}

function exportMe(server: TestServer, jar: CookieJar) {
  return server.app.inject({ method: 'GET', url: '/api/me/export', headers: jar.headers() });
}

async function count(server: TestServer, sql: string, values: unknown[]): Promise<number> {
  const result = await server.database.pool.query<{ n: string }>(sql, values);
  return Number(result.rows[0]?.n ?? 0);
}

describe('DELETE /api/me', () => {
  test('needs {confirmation: "DELETE"}: 400 otherwise, naming the field', async ({ server }) => {
    const { jar } = await createVerifiedUser(server.app, server.smtp, {
      email: uniqueEmail('keep'),
    });
    for (const payload of [undefined, {}, { confirmation: 'delete' }, { confirmation: true }]) {
      const response = await deleteMe(server, jar, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code).toBe('request/invalid');
      expect(body.error.message).toBe('confirmation: must be DELETE');
    }
    expect((await getMe(server.app, jar)).statusCode).toBe(200);
  });

  test('deletes the account: 204, every session gone, the address free again', async ({
    server,
  }) => {
    const email = uniqueEmail('leaver');
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, { email });
    const other = await signedInJar(server.app, email);

    const response = await deleteMe(server, jar, { confirmation: 'DELETE' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await getMe(server.app, jar)).statusCode).toBe(401);
    expect((await getMe(server.app, other)).statusCode).toBe(401);
    expect(await count(server, 'select count(*) as n from "user" where id = $1', [me.id])).toBe(0);
    expect(
      await count(server, 'select count(*) as n from session where user_id = $1', [me.id]),
    ).toBe(0);
    expect(
      await count(server, 'select count(*) as n from account where user_id = $1', [me.id]),
    ).toBe(0);
    expect((await signIn(server.app, email, TEST_PASSWORD)).statusCode).toBe(401);

    // Signing up again is a new account: a verification mail, not "you already have one".
    const again = await signUp(server.app, { email, name: 'Back Again' });
    expect(again.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(email);
    expect(mail.subject).toBe(en.verifyEmail.subject);
    const { me: reborn } = await createVerifiedUserAfter(server, email);
    expect(reborn.id).not.toBe(me.id);
    expect(reborn.name).toBe('Back Again');
  });

  test('is 401 without a session', async ({ server }) => {
    const response = await server.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { confirmation: 'DELETE' },
    });
    expect(response.statusCode).toBe(401);
  });
});

/** Follows the newest verification link already mailed to `email`. */
async function createVerifiedUserAfter(server: TestServer, email: string): Promise<{ me: Me }> {
  const mail = server.smtp.messagesTo(email).at(-1);
  const response = await followLink(server.app, onlyLink(mail?.links ?? []));
  return { me: await readMe(server.app, new CookieJar().store(response)) };
}

describe('GET /api/me/export', () => {
  test('is an attachment with profile, sign-in methods and sessions', async ({ server }) => {
    const email = uniqueEmail('exporter');
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, { email });
    const response = await exportMe(server, jar);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="jammy-export-${today}.json"`,
    );
    const body = response.json<{
      exportedAt: string;
      profile: Me;
      signInMethods: { providerId: string; createdAt: string }[];
      sessions: { createdAt: string; expiresAt: string; ipAddress: string | null }[];
    }>();
    expect(Object.keys(body).sort()).toEqual([
      'exportedAt',
      'profile',
      'sessions',
      'signInMethods',
    ]);
    expect(body.profile).toEqual(me);
    expect(body.signInMethods.map((method) => method.providerId)).toEqual(['credential']);
    expect(body.sessions).toHaveLength(1);
    expect(Object.keys(body.sessions[0] ?? {}).sort()).toEqual(
      ['createdAt', 'expiresAt', 'ipAddress', 'userAgent'].sort(),
    );
  });

  test('never contains a password hash, a session token or an OAuth token', async ({ server }) => {
    const email = uniqueEmail('secrets');
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, { email });
    await signedInJar(server.app, email);
    const response = await exportMe(server, jar);
    expect(response.statusCode).toBe(200);

    const hash = await server.database.pool.query<{ password: string }>(
      'select password from account where user_id = $1 and password is not null',
      [me.id],
    );
    const tokens = await server.database.pool.query<{ token: string }>(
      'select token from session where user_id = $1',
      [me.id],
    );
    expect(hash.rows).toHaveLength(1);
    expect(tokens.rows).toHaveLength(2);
    const serialized = response.body;
    for (const { password } of hash.rows) expect(serialized).not.toContain(password);
    for (const { token } of tokens.rows) expect(serialized).not.toContain(token);
    const cookie = decodeURIComponent(jar.get(SESSION_COOKIE) ?? '');
    expect(serialized).not.toContain(cookie.split('.')[0]);
    expect(serialized).not.toContain(TEST_PASSWORD);
    expect(serialized).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/i);
  });

  test('is 401 without a session', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/me/export' });
    expect(response.statusCode).toBe(401);
  });
});
