import { DELETE_CONFIRMATION } from '@jammy/shared/account-limits';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { TEST_PASSWORD } from '../../test/auth-helpers';
import type { SignedInUser } from '../../test/clients';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import { session } from '../db/schema/auth';
import { codeFor, enrol } from './second-factor.test-helpers';

const test = serverTest();

/** Makes the traveller's sessions look signed in `minutes` ago, as every process sees it. */
async function provedAgo(server: TestServer, account: SignedInUser, minutes: number) {
  await server.database.db
    .update(session)
    .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.userId, account.id));
  await server.heard();
}

function expectStepUp(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ error: { code: 'auth/step-up-required' } });
}

/** Each guarded operation, as a traveller (or an admin) sends it. */
const GUARDED: {
  name: string;
  admin?: boolean;
  send: (server: TestServer, account: SignedInUser) => Promise<LightMyRequestResponse>;
  /** What a fresh session gets: the operation itself runs. */
  fresh: number;
}[] = [
  {
    name: 'deleting the account',
    send: (server, account) =>
      server.client(account).request('DELETE', '/api/me', {
        payload: { confirmation: DELETE_CONFIRMATION },
      }),
    fresh: 204,
  },
  {
    name: 'changing the e-mail address',
    send: (server, account) =>
      server.client(account).post('/api/auth/change-email', {
        newEmail: `new-${account.email}`,
        callbackURL: '/account',
      }),
    fresh: 200,
  },
  {
    name: 'creating an API token',
    send: (server, account) =>
      server
        .client(account)
        .post('/api/me/tokens', { name: 'Script', expiresInDays: 7, access: 'read', trips: null }),
    fresh: 201,
  },
  {
    name: 'making a share link',
    send: async (server, account) => {
      const client = server.client(account);
      const trip = await client.post('/api/itineraries', { title: 'Porto' });
      const { id } = trip.json<{ id: string }>();
      return client.post(`/api/itineraries/${id}/share-links`, {});
    },
    fresh: 201,
  },
  {
    name: 'refunding an order',
    admin: true,
    // No such order: a fresh session reaches the shop, which says so.
    send: (server, account) =>
      server
        .client(account)
        .post('/api/admin/shop/orders/01900000-0000-7000-8000-000000000000/refund', {}),
    fresh: 404,
  },
];

describe('operations that need a recent sign-in', () => {
  for (const operation of GUARDED) {
    test(`${operation.name}: a fresh session may, one older than 10 minutes gets 403 until it steps up`, async ({
      server,
    }) => {
      const make = () => (operation.admin ? server.admin('step-up') : server.traveller());
      const fresh = await make();
      expect((await operation.send(server, fresh)).statusCode).toBe(operation.fresh);

      const stale = await make();
      await provedAgo(server, stale, 11);
      expectStepUp(await operation.send(server, stale));
      const wrong = await server
        .client(stale)
        .post('/api/me/step-up', { password: 'not it at all' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toMatchObject({ error: { code: 'auth/step-up-refused' } });
      expectStepUp(await operation.send(server, stale));
      const proved = await server
        .client(stale)
        .post('/api/me/step-up', { password: TEST_PASSWORD });
      expect(proved.statusCode, proved.body).toBe(204);
      expect((await operation.send(server, stale)).statusCode).toBe(operation.fresh);
    });
  }

  test('a code of the authenticator app steps up too; the body is one of the two', async ({
    server,
  }) => {
    const traveller = await server.traveller();
    const { secret } = await enrol(server, traveller.jar);
    const account = { ...traveller, cookie: traveller.jar.header() };
    await provedAgo(server, account, 11);
    const create = () =>
      server
        .client(account)
        .post('/api/me/tokens', { name: 'Script', expiresInDays: 7, access: 'read', trips: null });
    expectStepUp(await create());
    const both = await server
      .client(account)
      .post('/api/me/step-up', { password: TEST_PASSWORD, code: '123456' });
    expect(both.statusCode).toBe(400);
    const proved = await server.client(account).post('/api/me/step-up', {
      code: await codeFor(secret),
    });
    expect(proved.statusCode, proved.body).toBe(204);
    expect((await create()).statusCode).toBe(201);
  });

  test('five wrong tries make a session wait', async ({ server }) => {
    const traveller = await server.traveller();
    const client = server.client(traveller);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await client.post('/api/me/step-up', { password: 'wrong guess' })).statusCode).toBe(
        403,
      );
    }
    const blocked = await client.post('/api/me/step-up', { password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
