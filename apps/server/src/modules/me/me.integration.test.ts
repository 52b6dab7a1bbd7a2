import type { Me } from '@jammy/shared/account';
import { describe, expect } from 'vitest';
import {
  CookieJar,
  createVerifiedUser,
  followLink,
  getMe,
  nextIp,
  onlyLink,
  readMe,
  uniqueEmail,
  type ApiErrorBody,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const test = serverTest();

function patchMe(
  server: TestServer,
  jar: CookieJar,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...jar.headers(), origin: server.origin, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

async function newUser(server: TestServer, name = 'Paola') {
  return createVerifiedUser(server.app, server.smtp, { email: uniqueEmail('me'), name });
}

interface Issue {
  field: string;
  message: string;
}

function issuesOf(body: ApiErrorBody): Issue[] {
  return (body.error.details as { issues: Issue[] }).issues;
}

describe('GET /api/me', () => {
  test('is 401 for an anonymous caller, with a stale or a forged cookie', async ({ server }) => {
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'auth/unauthenticated', message: 'Sign in to continue' },
    });
    const forged = await server.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'jammy.session_token=forged.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });

  test('answers the profile without secrets, not cacheable', async ({ server }) => {
    const { jar, me } = await newUser(server);
    const response = await getMe(server.app, jar);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(response.json<Me>()).sort()).toEqual(
      [
        'createdAt',
        'email',
        'emailVerified',
        'homePlace',
        'id',
        'interests',
        'language',
        'name',
        'onboardedAt',
        'phoneNumber',
        'profileComplete',
        'role',
        'secondFactorMissing',
        'termsAcceptedAt',
        'twoFactorEnabled',
        'version',
      ].sort(),
    );
    expect(me).toMatchObject({
      name: 'Paola',
      homePlace: null,
      version: 1,
      onboardedAt: null,
      interests: [],
    });
  });
});

describe('PATCH /api/me', () => {
  test('changes name, language and home place and bumps the version', async ({ server }) => {
    const { jar, me } = await newUser(server);
    const response = await patchMe(server, jar, {
      name: '  Paola Rossi  ',
      language: 'ar',
      homePlace: 'Bologna',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Me>();
    expect(updated).toMatchObject({
      id: me.id,
      name: 'Paola Rossi',
      language: 'ar',
      homePlace: 'Bologna',
      version: me.version + 1,
    });
    expect(await readMe(server.app, jar)).toEqual(updated);

    const cleared = await patchMe(server, jar, { homePlace: '', version: updated.version });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Me>()).toMatchObject({ homePlace: null, version: me.version + 2 });
  });

  test('marks onboarding once', async ({ server }) => {
    const { jar } = await newUser(server);
    const first = (await patchMe(server, jar, { onboarded: true })).json<Me>();
    expect(first.onboardedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = (await patchMe(server, jar, { onboarded: true })).json<Me>();
    expect(second.onboardedAt).toBe(first.onboardedAt);
  });

  test('refuses role: 400 naming the field', async ({ server }) => {
    const { jar } = await newUser(server);
    const response = await patchMe(server, jar, { role: 'admin' });
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiErrorBody>();
    expect(body.error.code).toBe('request/invalid');
    expect(issuesOf(body)[0]?.field).toBe('role');
    expect((await readMe(server.app, jar)).role).toBe('user');
  });

  test('refuses email and other fields that are not the profile', async ({ server }) => {
    const { jar, me } = await newUser(server);
    for (const payload of [
      { email: 'x' },
      { email: 'someone-else@example.com' },
      { emailVerified: false },
      { id: '0190d2c4-0000-7000-8000-000000000000' },
      { termsAcceptedAt: null },
    ]) {
      const response = await patchMe(server, jar, payload);
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.json<ApiErrorBody>())[0]?.field).toBe(Object.keys(payload)[0]);
    }
    expect(await readMe(server.app, jar)).toEqual(me);
  });

  test('validates the values: empty name, unknown language, too long home place', async ({
    server,
  }) => {
    const { jar } = await newUser(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ language: 'xx' }, 'language'],
      [{ homePlace: 'x'.repeat(121) }, 'homePlace'],
      [{ acceptTerms: false }, 'acceptTerms'],
      [{ version: 0 }, 'version'],
    ];
    for (const [payload, field] of cases) {
      const response = await patchMe(server, jar, payload);
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.json<ApiErrorBody>())[0]?.field).toBe(field);
    }
  });

  test('a stale version in the body is 409 conflict with the current profile', async ({
    server,
  }) => {
    const { jar, me } = await newUser(server);
    const moved = (await patchMe(server, jar, { name: 'Elsewhere' })).json<Me>();
    const response = await patchMe(server, jar, { name: 'Mine', version: me.version });
    expect(response.statusCode).toBe(409);
    const body = response.json<ApiErrorBody>();
    expect(body.error.code).toBe('conflict');
    expect(body.error.details).toEqual({ current: moved });
    expect((await readMe(server.app, jar)).name).toBe('Elsewhere');
  });

  test('If-Match works like version: stale → 409, current → 200', async ({ server }) => {
    const { jar, me } = await newUser(server);
    await patchMe(server, jar, { name: 'Elsewhere' });
    const stale = await patchMe(server, jar, { name: 'Mine' }, { 'if-match': `"${me.version}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiErrorBody>().error.code).toBe('conflict');
    const current = await patchMe(
      server,
      jar,
      { name: 'Mine' },
      { 'if-match': `W/"${me.version + 1}"` },
    );
    expect(current.statusCode).toBe(200);
    expect(current.json<Me>().version).toBe(me.version + 2);
    const invalid = await patchMe(server, jar, { name: 'Mine' }, { 'if-match': '"abc"' });
    expect(invalid.statusCode).toBe(400);
  });

  test('accepting the terms completes a profile begun by an e-mail link', async ({ server }) => {
    const email = uniqueEmail('incomplete');
    const requested = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, name: 'Linda', callbackURL: '/finish-register' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(email);
    const jar = new CookieJar().store(await followLink(server.app, onlyLink(mail.links)));
    const before = await readMe(server.app, jar);
    expect(before).toMatchObject({ name: 'Linda', termsAcceptedAt: null, profileComplete: false });

    const response = await patchMe(server, jar, { acceptTerms: true });
    expect(response.statusCode).toBe(200);
    const after = response.json<Me>();
    expect(after.profileComplete).toBe(true);
    expect(after.termsAcceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Accepting again keeps the first date.
    const again = (await patchMe(server, jar, { acceptTerms: true })).json<Me>();
    expect(again.termsAcceptedAt).toBe(after.termsAcceptedAt);
  });

  test('an unknown-name profile needs a name as well as the terms', async ({ server }) => {
    const email = uniqueEmail('nameless');
    await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, callbackURL: '/finish-register' },
    });
    const mail = await server.smtp.waitForMail(email);
    const jar = new CookieJar().store(await followLink(server.app, onlyLink(mail.links)));
    const termsOnly = (await patchMe(server, jar, { acceptTerms: true })).json<Me>();
    expect(termsOnly.profileComplete).toBe(false);
    const named = (await patchMe(server, jar, { name: 'Nadia' })).json<Me>();
    expect(named.profileComplete).toBe(true);
  });

  test('is 401 without a session and 400 for a body that is not an object', async ({ server }) => {
    const anonymous = await server.app.inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { jar } = await newUser(server);
    const array = await patchMe(server, jar, ['name']);
    expect(array.statusCode).toBe(400);
  });
});
