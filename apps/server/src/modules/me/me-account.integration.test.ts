import type { Me } from '@jammy/shared/account';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startIdentityTest, type IdentityTest } from '../../../test/identity-app';
import en from '../../mail/messages/en.json';

let identity: IdentityTest;
let pool: pg.Pool;

beforeAll(async () => {
  identity = await startIdentityTest();
  pool = new pg.Pool({ connectionString: identity.database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await identity?.close();
});

const app = () => identity.main.app;

function deleteMe(jar: CookieJar, payload?: Record<string, unknown>) {
  return app().inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { ...jar.headers(), origin: identity.origin },
    ...(payload ? { payload } : {}),
  });
}

function exportMe(jar: CookieJar) {
  return app().inject({ method: 'GET', url: '/api/me/export', headers: jar.headers() });
}

async function count(sql: string, values: unknown[]): Promise<number> {
  const result = await pool.query<{ n: string }>(sql, values);
  return Number(result.rows[0]?.n ?? 0);
}

describe('DELETE /api/me', () => {
  it('needs {confirmation: "DELETE"}: 400 otherwise, naming the field', async () => {
    const { jar } = await createVerifiedUser(app(), identity.smtp, { email: uniqueEmail('keep') });
    for (const payload of [undefined, {}, { confirmation: 'delete' }, { confirmation: true }]) {
      const response = await deleteMe(jar, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code).toBe('request/invalid');
      expect(body.error.message).toBe('confirmation: must be DELETE');
    }
    expect((await getMe(app(), jar)).statusCode).toBe(200);
  });

  it('deletes the account: 204, every session gone, the address free again', async () => {
    const email = uniqueEmail('leaver');
    const { jar, me } = await createVerifiedUser(app(), identity.smtp, { email });
    const other = await signedInJar(app(), email);

    const response = await deleteMe(jar, { confirmation: 'DELETE' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await getMe(app(), jar)).statusCode).toBe(401);
    expect((await getMe(app(), other)).statusCode).toBe(401);
    expect(await count('select count(*) as n from "user" where id = $1', [me.id])).toBe(0);
    expect(await count('select count(*) as n from session where user_id = $1', [me.id])).toBe(0);
    expect(await count('select count(*) as n from account where user_id = $1', [me.id])).toBe(0);
    expect((await signIn(app(), email, TEST_PASSWORD)).statusCode).toBe(401);

    // Signing up again is a new account: a verification mail, not "you already have one".
    const again = await signUp(app(), { email, name: 'Back Again' });
    expect(again.statusCode).toBe(200);
    const mail = await identity.smtp.waitForMail(email);
    expect(mail.subject).toBe(en.verifyEmail.subject);
    const { me: reborn } = await createVerifiedUserAfter(email);
    expect(reborn.id).not.toBe(me.id);
    expect(reborn.name).toBe('Back Again');
  });

  it('is 401 without a session', async () => {
    const response = await app().inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { confirmation: 'DELETE' },
    });
    expect(response.statusCode).toBe(401);
  });
});

/** Follows the newest verification link already mailed to `email`. */
async function createVerifiedUserAfter(email: string): Promise<{ me: Me }> {
  const mail = identity.smtp.messagesTo(email).at(-1);
  const response = await followLink(app(), onlyLink(mail?.links ?? []));
  return { me: await readMe(app(), new CookieJar().store(response)) };
}

describe('GET /api/me/export', () => {
  it('is an attachment with profile, sign-in methods and sessions', async () => {
    const email = uniqueEmail('exporter');
    const { jar, me } = await createVerifiedUser(app(), identity.smtp, { email });
    const response = await exportMe(jar);
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

  it('never contains a password hash, a session token or an OAuth token', async () => {
    const email = uniqueEmail('secrets');
    const { jar, me } = await createVerifiedUser(app(), identity.smtp, { email });
    await signedInJar(app(), email);
    const response = await exportMe(jar);
    expect(response.statusCode).toBe(200);

    const hash = await pool.query<{ password: string }>(
      'select password from account where user_id = $1 and password is not null',
      [me.id],
    );
    const tokens = await pool.query<{ token: string }>(
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

  it('is 401 without a session', async () => {
    const response = await app().inject({ method: 'GET', url: '/api/me/export' });
    expect(response.statusCode).toBe(401);
  });
});
