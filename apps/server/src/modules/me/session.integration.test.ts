import { sessionSchema, type Session } from '@jammy/shared/session';
import { describe, expect } from 'vitest';
import {
  SESSION_COOKIE,
  createVerifiedUser,
  nextIp,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const test = serverTest();

function getSession(server: TestServer, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url: '/api/session', headers });
}

describe('GET /api/session', () => {
  test('answers 200 with no user for a visitor, a forged cookie and a stale one', async ({
    server,
  }) => {
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=forged.c2lnbmF0dXJl`,
      `${SESSION_COOKIE}=not-even-signed`,
    ]) {
      const response = await getSession(server, cookie ? { cookie } : {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toContain('Cookie');
    }
  });

  test('answers the signed-in traveller: the same profile as GET /api/me', async ({ server }) => {
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, {
      email: uniqueEmail('session'),
      name: 'Sandro',
    });
    const response = await getSession(server, jar.headers());
    expect(response.statusCode).toBe(200);
    const body = response.json<Session>();
    expect(sessionSchema.parse(body)).toEqual(body);
    expect(body.user).toEqual(me);
    expect(body.user?.name).toBe('Sandro');
  });

  test('answers no user again once the traveller has signed out', async ({ server }) => {
    const { jar } = await createVerifiedUser(server.app, server.smtp, {
      email: uniqueEmail('session-out'),
      name: 'Olga',
    });
    const signOut = await server.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...jar.headers(), origin: server.origin, 'x-forwarded-for': nextIp() },
    });
    expect(signOut.statusCode).toBe(200);
    // The old cookie names a session that no longer exists.
    const response = await getSession(server, jar.headers());
    expect(response.json()).toEqual({ user: null });
    // A browser that signed out has dropped the cookie altogether.
    const emptied = jar.clone().store(signOut);
    expect(emptied.has(SESSION_COOKIE)).toBe(false);
    expect((await getSession(server, emptied.headers())).json()).toEqual({ user: null });
  });

  test('is described in the OpenAPI document with its answer', async ({ server }) => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    }>();
    expect(document.paths['/api/session']?.get?.responses?.['200']).toBeDefined();
  });
});
