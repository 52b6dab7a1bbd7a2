import { describe, expect } from 'vitest';
import { TEST_PASSWORD, getMe, nextIp, signedInJar, signIn } from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';

const test = serverTest({ mail: 'outbox' });

const ORIGIN = 'http://localhost:3000';

describe('my devices (/api/me/sessions)', () => {
  test('lists my sessions without their tokens, this one marked current', async ({ server }) => {
    const user = await server.traveller({ label: 'devices' });
    await signedInJar(server.app, user.email);
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { id: string; current: boolean }[] }>();
    expect(items).toHaveLength(2);
    expect(items.filter((item) => item.current)).toHaveLength(1);
    expect(response.body).not.toContain(user.jar.get('jammy.session_token')?.split('.')[0] ?? '-');
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      ['createdAt', 'current', 'expiresAt', 'id', 'ipAddress', 'updatedAt', 'userAgent'].sort(),
    );
  });

  test('signs one other device out, and only that one', async ({ server }) => {
    const user = await server.traveller({ label: 'revoke-one' });
    const other = await signedInJar(server.app, user.email);
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: user.cookie },
    });
    const otherId = list
      .json<{ items: { id: string; current: boolean }[] }>()
      .items.find((item) => !item.current)?.id;
    const revoked = await server.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${otherId}`,
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await getMe(server.app, other)).statusCode).toBe(401);
    expect((await getMe(server.app, user.jar)).statusCode).toBe(200);
  });

  test("never ends a stranger's session (404) and needs a session (401)", async ({ server }) => {
    const owner = await server.traveller({ label: 'victim' });
    const stranger = await server.traveller({ label: 'stranger' });
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/me/sessions',
      headers: { cookie: owner.cookie },
    });
    const ownerSession = list.json<{ items: { id: string }[] }>().items[0]?.id;
    const attempt = await server.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${ownerSession}`,
      headers: { cookie: stranger.cookie, origin: ORIGIN },
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json()).toMatchObject({ error: { code: 'session/not-found' } });
    expect((await getMe(server.app, owner.jar)).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(
      401,
    );
    const notAnId = await server.app.inject({
      method: 'DELETE',
      url: '/api/me/sessions/abc',
      headers: { cookie: owner.cookie, origin: ORIGIN },
    });
    expect(notAnId.statusCode).toBe(404);
  });

  test('signs every other device out', async ({ server }) => {
    const user = await server.traveller({ label: 'revoke-all' });
    const others = [
      await signedInJar(server.app, user.email),
      await signedInJar(server.app, user.email),
    ];
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/me/sessions/revoke-others',
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(response.json()).toEqual({ revoked: 2 });
    for (const jar of others) expect((await getMe(server.app, jar)).statusCode).toBe(401);
    expect((await getMe(server.app, user.jar)).statusCode).toBe(200);
  });
});

describe('a first password (/api/me/password)', () => {
  test('is refused for an account that has one (409), and checks its length (400)', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'has-password' });
    const short = await server.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      error: { details: { issues: [{ field: 'newPassword' }] } },
    });
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/me/password',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { newPassword: 'another long password' },
    });
    expect(again.statusCode).toBe(409);
    // The old password still works.
    expect((await signIn(server.app, user.email, TEST_PASSWORD, nextIp())).statusCode).toBe(200);
  });
});
