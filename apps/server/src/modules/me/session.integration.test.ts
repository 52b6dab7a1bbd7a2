import { sessionSchema, type Session } from '@jammy/shared/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SESSION_COOKIE,
  createVerifiedUser,
  nextIp,
  uniqueEmail,
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

function getSession(headers: Record<string, string> = {}) {
  return app().inject({ method: 'GET', url: '/api/session', headers });
}

describe('GET /api/session', () => {
  it('answers 200 with no user for a visitor, a forged cookie and a stale one', async () => {
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=forged.c2lnbmF0dXJl`,
      `${SESSION_COOKIE}=not-even-signed`,
    ]) {
      const response = await getSession(cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toContain('Cookie');
    }
  });

  it('answers the signed-in traveller: the same profile as GET /api/me', async () => {
    const { jar, me } = await createVerifiedUser(app(), identity.smtp, {
      email: uniqueEmail('session'),
      name: 'Sandro',
    });
    const response = await getSession(jar.headers());
    expect(response.statusCode).toBe(200);
    const body = response.json<Session>();
    expect(sessionSchema.parse(body)).toEqual(body);
    expect(body.user).toEqual(me);
    expect(body.user?.name).toBe('Sandro');
  });

  it('answers no user again once the traveller has signed out', async () => {
    const { jar } = await createVerifiedUser(app(), identity.smtp, {
      email: uniqueEmail('session-out'),
      name: 'Olga',
    });
    const signOut = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...jar.headers(), origin: identity.origin, 'x-forwarded-for': nextIp() },
    });
    expect(signOut.statusCode).toBe(200);
    // The old cookie names a session that no longer exists.
    const response = await getSession(jar.headers());
    expect(response.json()).toEqual({ user: null });
    // A browser that signed out has dropped the cookie altogether.
    const emptied = jar.clone().store(signOut);
    expect(emptied.has(SESSION_COOKIE)).toBe(false);
    expect((await getSession(emptied.headers())).json()).toEqual({ user: null });
  });

  it('is described in the OpenAPI document with its answer', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(document.paths['/api/session']?.get?.responses?.['200']).toBeDefined();
  });
});
