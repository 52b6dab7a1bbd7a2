import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { call } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary, createPlace } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  a,
  b,
  eventually,
  owner,
  read,
  tripWithPlaces,
  uncached,
  useDocumentCacheTest,
  viewer,
} from './document-cache.test-helpers';

const test = serverTest({ mail: 'outbox' });
useDocumentCacheTest(test);

describe('conditional reads', () => {
  test('answers 304 to a current copy of the document and 200 once it changed', async () => {
    const trip = await tripWithPlaces('Kyūshū');
    const first = await read(b, owner, trip.id);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await read(b, owner, trip.id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The same bytes from the other process carry the same tag.
    expect((await read(a, owner, trip.id, { 'if-none-match': etag })).statusCode).toBe(304);

    await createPlace(owner, trip.id, { name: 'Dazaifu' });
    await eventually(
      async () => (await read(b, owner, trip.id, { 'if-none-match': etag })).statusCode === 200,
      'B answers the changed document in full',
    );
    expect(String((await read(b, owner, trip.id)).headers.etag)).not.toBe(etag);
  });

  test('tags the list of itineraries too', async () => {
    const list = await call(a, owner, 'GET', '/api/itineraries');
    const etag = String(list.headers.etag);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const again = await call(a, owner, 'GET', '/api/itineraries', {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await createItinerary(owner, { title: 'One more' });
    const changed = await call(a, owner, 'GET', '/api/itineraries', {
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  test('never gives one traveller’s copy to another: the tag is checked after the access', async () => {
    const trip = await tripWithPlaces('Private');
    const etag = String((await read(b, owner, trip.id)).headers.etag);
    expect((await read(b, viewer, trip.id, { 'if-none-match': etag })).statusCode).toBe(404);
  });

  test('answers from memory only the member it was read for: a known stranger, a forged cookie', async () => {
    const trip = await tripWithPlaces('Members only');
    // The stranger's session and the owner's document are both known to B.
    expectStatus(await call(b, viewer, 'GET', '/api/me'), 200);
    expectStatus(await read(b, owner, trip.id), 200);
    expect((await read(b, viewer, trip.id)).statusCode).toBe(404);
    // The owner's cookie with its signature changed: not the value B checked and kept.
    const forged = {
      ...owner,
      cookie: owner.cookie.replace(/(session_token=[^;]*)[^;]{4}(?=;|$)/, '$1AAA%3D'),
    };
    expect(forged.cookie).not.toBe(owner.cookie);
    expect((await read(b, forged, trip.id)).statusCode).toBe(401);
    expectStatus(await read(b, owner, trip.id), 200);
  });
});

describe('the session cache', () => {
  test('keeps a checked session in memory: no query on the hot path', async () => {
    const traveller = await a.traveller({ label: 'cached' });
    // The sign-up's own changes to the account heard (each drops the traveller's sessions).
    await b.heard();
    expectStatus(await call(b, traveller, 'GET', '/api/me'), 200);
    // Gone behind every cache's back: B still trusts what it checked, an app that never
    // checked it asks the database and refuses it.
    const client = await a.database.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('delete from session where user_id = $1', [traveller.id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect((await call(b, traveller, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(uncached, traveller, 'GET', '/api/me')).statusCode).toBe(401);
  });

  test('refuses a signed-out session on the other process at once', async () => {
    const traveller = await a.traveller({ label: 'leaving' });
    // B has checked (and keeps) the session.
    expectStatus(await call(b, traveller, 'GET', '/api/me'), 200);
    expectStatus(await call(b, traveller, 'GET', '/api/me'), 200);
    const signedOut = await call(a, traveller, 'POST', '/api/auth/sign-out', { payload: {} });
    expect(signedOut.statusCode).toBe(200);
    await eventually(
      async () => (await call(b, traveller, 'GET', '/api/me')).statusCode === 401,
      'B refuses the signed-out session',
    );
  });

  test('refuses a session revoked from another device, and every session of a deleted account', async () => {
    const traveller = await a.traveller({ label: 'revoked' });
    const second = await a.traveller({ label: 'deleted' });
    expectStatus(await call(b, traveller, 'GET', '/api/me'), 200);
    expectStatus(await call(b, second, 'GET', '/api/me'), 200);

    const [{ id }] = (
      await a.database.pool.query<{ id: string }>('select id from session where user_id = $1', [
        traveller.id,
      ])
    ).rows as [{ id: string }];
    // Revoked by a statement of its own (as an operator or another route would).
    await a.database.db.execute(sql`delete from session where id = ${id}`);
    await eventually(
      async () => (await call(b, traveller, 'GET', '/api/me')).statusCode === 401,
      'B refuses the revoked session',
    );

    await a.database.db.execute(sql`delete from "user" where id = ${second.id}`);
    await eventually(
      async () => (await call(b, second, 'GET', '/api/me')).statusCode === 401,
      'B refuses the deleted account',
    );
  });

  test('sees a new role at once (an admin made or unmade)', async () => {
    const traveller = await a.traveller({ label: 'promoted' });
    const users = () => call(b, traveller, 'GET', '/api/admin/outbox');
    expect((await users()).statusCode).toBe(403);
    await a.database.db.execute(sql`update "user" set role = 'admin' where id = ${traveller.id}`);
    await eventually(async () => (await users()).statusCode === 200, 'B sees the admin role');
  });
});
