import type { Session } from '@jammy/shared/session';
import { describe, expect } from 'vitest';
import { clientOf } from '../../test/clients';
import { serverTest } from '../../test/fixture';
import { enrol } from './second-factor.test-helpers';
import { insertPasskey } from './passkey-store';

// The file's own app requires nothing; the installations that require a second factor are
// other apps on the same database (`server.another`), as a restart with the setting would be.
const test = serverTest();

describe('an installation that requires a second factor', () => {
  test('of everyone: only enrolment, sign-out and the session check, until one is set up', async ({
    server,
  }) => {
    const strict = await server.another({ REQUIRE_SECOND_FACTOR: 'everyone' });
    const traveller = await server.traveller();
    const created = await server
      .client(traveller)
      .post('/api/me/tokens', { name: 'Script', expiresInDays: 7, access: 'read', trips: null });
    const { secret } = created.json<{ secret: string }>();
    const client = clientOf(strict, traveller);

    const here = await client.get('/api/session');
    expect(here.statusCode).toBe(200);
    expect(here.json<Session>().user).toMatchObject({ secondFactorMissing: true });
    for (const [method, url] of [
      ['GET', '/api/itineraries'],
      ['GET', '/api/me'],
      ['POST', '/api/auth/change-password'],
      ['GET', '/api/auth/list-sessions'],
    ] as const) {
      const refused = await client.request(method, url, {
        ...(method === 'POST' ? { payload: { currentPassword: 'x', newPassword: 'y' } } : {}),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({
        error: { code: 'auth/second-factor-required' },
      });
    }
    expect((await client.get('/api/auth/list-accounts')).statusCode).toBe(200);

    // An API token is never asked for a second factor.
    const program = await strict.app.inject({
      method: 'GET',
      url: '/api/itineraries',
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(program.statusCode).toBe(200);

    // Setting one up on this installation opens everything.
    const jar = traveller.jar.clone();
    const strictServer = { ...server, app: strict.app };
    await enrol(strictServer, jar);
    const enrolled = { ...traveller, jar, cookie: jar.header() };
    const after = clientOf(strict, enrolled);
    expect((await after.get('/api/session')).json<Session>().user).toMatchObject({
      secondFactorMissing: false,
      twoFactorEnabled: true,
    });
    expect((await after.get('/api/itineraries')).statusCode).toBe(200);
    expect((await after.post('/api/auth/sign-out', {})).statusCode).toBe(200);
  });

  test('of admins: an admin without one is stopped, a traveller is not', async ({ server }) => {
    const strict = await server.another({ REQUIRE_SECOND_FACTOR: 'admins' });
    const admin = await server.admin('strict-admin');
    const traveller = await server.traveller();
    const refused = await clientOf(strict, admin).get('/api/admin/outbox');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'auth/second-factor-required' } });
    expect((await clientOf(strict, traveller).get('/api/itineraries')).statusCode).toBe(200);
    expect(
      (await clientOf(strict, traveller).get('/api/session')).json<Session>().user,
    ).toMatchObject({ secondFactorMissing: false });
    // The file's own app requires nothing: the admin works there.
    expect((await server.client(admin).get('/api/admin/outbox')).statusCode).toBe(200);
  });

  test('a passkey counts as one; removing the last one asks again, in every process', async ({
    server,
  }) => {
    const strict = await server.another({ REQUIRE_SECOND_FACTOR: 'everyone' });
    const traveller = await server.traveller();
    const client = clientOf(strict, traveller);
    expect((await client.get('/api/itineraries')).statusCode).toBe(403);

    const stored = await insertPasskey(server.database.db, {
      userId: traveller.account?.id ?? '',
      name: 'Phone',
      credentialId: `credential-${crypto.randomUUID()}`,
      publicKey: 'pQECAyYgASFYIA',
      counter: 0,
      transports: ['internal'],
      aaguid: '00000000-0000-0000-0000-000000000000',
      backedUp: false,
    });
    await expect.poll(async () => (await client.get('/api/itineraries')).statusCode).toBe(200);

    // Removed through this app: the strict one, which remembered it, hears it at commit.
    const removed = await server.client(traveller).delete(`/api/me/passkeys/${stored?.id}`);
    expect(removed.statusCode).toBe(204);
    await expect.poll(async () => (await client.get('/api/itineraries')).statusCode).toBe(403);
  });
});
