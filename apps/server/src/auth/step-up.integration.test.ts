import { DELETE_CONFIRMATION } from '@jammy/shared/account-limits';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import type { PasskeyStepUpOptions } from '@jammy/shared/step-up';
import { signedInJar, TEST_PASSWORD } from '../../test/auth-helpers';
import type { SignedInUser } from '../../test/clients';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import { softwarePasskey } from '../../test/software-passkey';
import { session } from '../db/schema/auth';
import { passkey } from '../db/schema/passkeys';
import { insertPasskey } from './passkey-store';
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

  test('a refusal is not kept as the answer of the request’s Idempotency-Key', async ({
    server,
  }) => {
    const traveller = await server.traveller();
    await provedAgo(server, traveller, 11);
    const client = server.client(traveller);
    const create = () =>
      client.post(
        '/api/me/tokens',
        { name: 'Script', expiresInDays: 7, access: 'read', trips: null },
        { headers: { 'idempotency-key': 'token-after-step-up' } },
      );
    expectStepUp(await create());
    expect((await client.post('/api/me/step-up', { password: TEST_PASSWORD })).statusCode).toBe(
      204,
    );
    // The same request with the same key, sent again once stepped up: it runs now.
    const created = await create();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
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

describe('step-up by passkey', () => {
  /** A passkey of `account`, stored as a registration stores it. */
  async function passkeyOf(server: TestServer, account: SignedInUser) {
    const key = softwarePasskey();
    await insertPasskey(server.database.db, {
      userId: account.id,
      name: 'Phone',
      credentialId: key.credentialId,
      publicKey: key.publicKey,
      counter: 0,
      transports: ['internal'],
      aaguid: '00000000-0000-0000-0000-000000000000',
      backedUp: false,
    });
    return key;
  }

  async function optionsFor(server: TestServer, account: SignedInUser | null) {
    return server
      .client(account)
      .request('POST', '/api/me/step-up/passkey-options', { payload: {} });
  }

  test('the options name only my passkeys and want the device unlocked; the answer proves me', async ({
    server,
  }) => {
    const traveller = await server.traveller();
    const mine = await passkeyOf(server, traveller);
    await passkeyOf(server, await server.traveller());
    await provedAgo(server, traveller, 11);
    const create = () =>
      server
        .client(traveller)
        .post('/api/me/tokens', { name: 'Script', expiresInDays: 7, access: 'read', trips: null });
    expectStepUp(await create());

    const response = await optionsFor(server, traveller);
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json<PasskeyStepUpOptions>();
    expect(options.allowCredentials.map((credential) => credential.id)).toEqual([
      mine.credentialId,
    ]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe(server.config.baseUrl.hostname);
    expect(options.timeout).toBe(5 * 60_000);

    const { origin, hostname } = server.config.baseUrl;
    const proved = await server.client(traveller).post('/api/me/step-up', {
      passkey: mine.assert(options.challenge, origin, hostname),
    });
    expect(proved.statusCode, proved.body).toBe(204);
    expect((await create()).statusCode).toBe(201);
    const [used] = await server.database.db
      .select({ lastUsedAt: passkey.lastUsedAt })
      .from(passkey)
      .where(eq(passkey.credentialId, mine.credentialId));
    expect(used?.lastUsedAt).not.toBeNull();
  });

  test('no session gets 401; a traveller without a passkey is told so', async ({ server }) => {
    const anonymous = await optionsFor(server, null);
    expect(anonymous.statusCode).toBe(401);
    const refused = await server.client(null).post('/api/me/step-up', {
      passkey: softwarePasskey().assert('AAAA', 'https://x.test', 'x.test'),
    });
    expect(refused.statusCode).toBe(401);
    const without = await optionsFor(server, await server.traveller());
    expect(without.statusCode).toBe(404);
    expect(without.json()).toMatchObject({ error: { code: 'passkey/not-found' } });
  });

  test('a passkey of another account is refused, and counts as a wrong try', async ({ server }) => {
    const traveller = await server.traveller();
    await passkeyOf(server, traveller);
    const theirs = await passkeyOf(server, await server.traveller());
    await provedAgo(server, traveller, 11);
    const { origin, hostname } = server.config.baseUrl;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { challenge } = (await optionsFor(server, traveller)).json<PasskeyStepUpOptions>();
      const refused = await server.client(traveller).post('/api/me/step-up', {
        passkey: theirs.assert(challenge, origin, hostname),
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'auth/step-up-refused' } });
    }
    const blocked = await server
      .client(traveller)
      .post('/api/me/step-up', { password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const [row] = await server.database.db
      .select({ authenticatedAt: session.authenticatedAt })
      .from(session)
      .where(eq(session.userId, traveller.id));
    expect(Date.now() - (row?.authenticatedAt?.getTime() ?? 0)).toBeGreaterThan(10 * 60_000);
  });

  test('a challenge serves once, and only the session it was given to', async ({ server }) => {
    const traveller = await server.traveller();
    const mine = await passkeyOf(server, traveller);
    const { origin, hostname } = server.config.baseUrl;
    const { challenge } = (await optionsFor(server, traveller)).json<PasskeyStepUpOptions>();
    const answer = mine.assert(challenge, origin, hostname);

    // Another session of the same traveller cannot spend it.
    const jar = await signedInJar(server.app, traveller.email);
    const elsewhere = { ...traveller, jar, cookie: jar.header() };
    const stolen = await server.client(elsewhere).post('/api/me/step-up', { passkey: answer });
    expect(stolen.statusCode).toBe(403);
    // The session it was given to can, once.
    const { challenge: next } = (await optionsFor(server, traveller)).json<PasskeyStepUpOptions>();
    const proved = await server
      .client(traveller)
      .post('/api/me/step-up', { passkey: mine.assert(next, origin, hostname) });
    expect(proved.statusCode, proved.body).toBe(204);
    const again = await server
      .client(traveller)
      .post('/api/me/step-up', { passkey: mine.assert(next, origin, hostname) });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ error: { code: 'auth/step-up-refused' } });
  });

  test('the body holds exactly one proof', async ({ server }) => {
    const traveller = await server.traveller();
    const mine = await passkeyOf(server, traveller);
    const both = await server.client(traveller).post('/api/me/step-up', {
      password: TEST_PASSWORD,
      passkey: mine.assert('AAAA', 'https://x.test', 'x.test'),
    });
    expect(both.statusCode).toBe(400);
  });
});
