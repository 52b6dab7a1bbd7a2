import type { Me } from '@jammy/shared/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startIdentityTest, type IdentityTest } from '../../../test/identity-app';

let identity: IdentityTest;

beforeAll(async () => {
  identity = await startIdentityTest();
});

afterAll(async () => {
  await identity?.close();
});

const app = () => identity.main.app;

function patchMe(jar: CookieJar, payload: unknown, headers: Record<string, string> = {}) {
  return app().inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...jar.headers(), origin: identity.origin, ...headers },
    payload: payload as Record<string, unknown>,
  });
}

async function newUser(name = 'Paola') {
  return createVerifiedUser(app(), identity.smtp, { email: uniqueEmail('me'), name });
}

interface Issue {
  field: string;
  message: string;
}

function issuesOf(body: ApiErrorBody): Issue[] {
  return (body.error.details as { issues: Issue[] }).issues;
}

describe('GET /api/me', () => {
  it('is 401 for an anonymous caller, with a stale or a forged cookie', async () => {
    const anonymous = await app().inject({ method: 'GET', url: '/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: { code: 'auth/unauthenticated', message: 'Sign in to continue' },
    });
    const forged = await app().inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: 'jammy.session_token=forged.c2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('answers the profile without secrets, not cacheable', async () => {
    const { jar, me } = await newUser();
    const response = await getMe(app(), jar);
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
        'termsAcceptedAt',
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
  it('changes name, language and home place and bumps the version', async () => {
    const { jar, me } = await newUser();
    const response = await patchMe(jar, {
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
    expect(await readMe(app(), jar)).toEqual(updated);

    const cleared = await patchMe(jar, { homePlace: '', version: updated.version });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Me>()).toMatchObject({ homePlace: null, version: me.version + 2 });
  });

  it('marks onboarding once', async () => {
    const { jar } = await newUser();
    const first = (await patchMe(jar, { onboarded: true })).json<Me>();
    expect(first.onboardedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = (await patchMe(jar, { onboarded: true })).json<Me>();
    expect(second.onboardedAt).toBe(first.onboardedAt);
  });

  it('refuses role: 400 naming the field', async () => {
    const { jar } = await newUser();
    const response = await patchMe(jar, { role: 'admin' });
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiErrorBody>();
    expect(body.error.code).toBe('request/invalid');
    expect(issuesOf(body)[0]?.field).toBe('role');
    expect((await readMe(app(), jar)).role).toBe('user');
  });

  it('refuses email and other fields that are not the profile', async () => {
    const { jar, me } = await newUser();
    for (const payload of [
      { email: 'x' },
      { email: 'someone-else@example.com' },
      { emailVerified: false },
      { id: '0190d2c4-0000-7000-8000-000000000000' },
      { termsAcceptedAt: null },
    ]) {
      const response = await patchMe(jar, payload);
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.json<ApiErrorBody>())[0]?.field).toBe(Object.keys(payload)[0]);
    }
    expect(await readMe(app(), jar)).toEqual(me);
  });

  it('validates the values: empty name, unknown language, too long home place', async () => {
    const { jar } = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ language: 'xx' }, 'language'],
      [{ homePlace: 'x'.repeat(121) }, 'homePlace'],
      [{ acceptTerms: false }, 'acceptTerms'],
      [{ version: 0 }, 'version'],
    ];
    for (const [payload, field] of cases) {
      const response = await patchMe(jar, payload);
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.json<ApiErrorBody>())[0]?.field).toBe(field);
    }
  });

  it('a stale version in the body is 409 conflict with the current profile', async () => {
    const { jar, me } = await newUser();
    const moved = (await patchMe(jar, { name: 'Elsewhere' })).json<Me>();
    const response = await patchMe(jar, { name: 'Mine', version: me.version });
    expect(response.statusCode).toBe(409);
    const body = response.json<ApiErrorBody>();
    expect(body.error.code).toBe('conflict');
    expect(body.error.details).toEqual({ current: moved });
    expect((await readMe(app(), jar)).name).toBe('Elsewhere');
  });

  it('If-Match works like version: stale → 409, current → 200', async () => {
    const { jar, me } = await newUser();
    await patchMe(jar, { name: 'Elsewhere' });
    const stale = await patchMe(jar, { name: 'Mine' }, { 'if-match': `"${me.version}"` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiErrorBody>().error.code).toBe('conflict');
    const current = await patchMe(jar, { name: 'Mine' }, { 'if-match': `W/"${me.version + 1}"` });
    expect(current.statusCode).toBe(200);
    expect(current.json<Me>().version).toBe(me.version + 2);
    const invalid = await patchMe(jar, { name: 'Mine' }, { 'if-match': '"abc"' });
    expect(invalid.statusCode).toBe(400);
  });

  it('accepting the terms completes a profile begun by an e-mail link', async () => {
    const email = uniqueEmail('incomplete');
    const requested = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, name: 'Linda', callbackURL: '/finish-register' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await identity.smtp.waitForMail(email);
    const jar = new CookieJar().store(await followLink(app(), onlyLink(mail.links)));
    const before = await readMe(app(), jar);
    expect(before).toMatchObject({ name: 'Linda', termsAcceptedAt: null, profileComplete: false });

    const response = await patchMe(jar, { acceptTerms: true });
    expect(response.statusCode).toBe(200);
    const after = response.json<Me>();
    expect(after.profileComplete).toBe(true);
    expect(after.termsAcceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Accepting again keeps the first date.
    const again = (await patchMe(jar, { acceptTerms: true })).json<Me>();
    expect(again.termsAcceptedAt).toBe(after.termsAcceptedAt);
  });

  it('an unknown-name profile needs a name as well as the terms', async () => {
    const email = uniqueEmail('nameless');
    await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, callbackURL: '/finish-register' },
    });
    const mail = await identity.smtp.waitForMail(email);
    const jar = new CookieJar().store(await followLink(app(), onlyLink(mail.links)));
    const termsOnly = (await patchMe(jar, { acceptTerms: true })).json<Me>();
    expect(termsOnly.profileComplete).toBe(false);
    const named = (await patchMe(jar, { name: 'Nadia' })).json<Me>();
    expect(named.profileComplete).toBe(true);
  });

  it('is 401 without a session and 400 for a body that is not an object', async () => {
    const anonymous = await app().inject({
      method: 'PATCH',
      url: '/api/me',
      payload: { name: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { jar } = await newUser();
    const array = await patchMe(jar, ['name']);
    expect(array.statusCode).toBe(400);
  });
});
