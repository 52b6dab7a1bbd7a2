import type { AddressInfo } from 'node:net';
import type { ApiTokenList } from '@jammy/shared/api-tokens';
import type { ActivityPage } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import { expectStatus } from '../../../test/expect';
import { createItinerary, createNote } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { apiToken } from '../../db/schema/api-tokens';
import { hashToken } from '../../lib/tokens';
import { pngImage, uploaded } from '../../../test/storage-helpers';
import { openEventStream } from '../sharing/sse-client.test-helpers';
import { createApiToken, withToken } from './tokens.test-helpers';

const test = serverTest();

describe('personal API tokens', () => {
  test('are shown once, kept as a hash and listed without their secret', async ({
    server,
    owner,
  }) => {
    const created = await createApiToken(owner, { name: 'Planner', access: 'read' });
    expect(created.secret).toMatch(/^jmy_[A-Za-z0-9_-]{43}$/);
    const [row] = await server.database.db
      .select()
      .from(apiToken)
      .where(eq(apiToken.id, created.id));
    expect(row?.secretHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(4));
    const list = expectStatus<ApiTokenList>(await owner.get('/api/me/tokens'), 200);
    const listed = list.items.find((token) => token.id === created.id);
    expect(listed).toMatchObject({ name: 'Planner', access: 'read', trips: null, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  test('refuse trips that are not the traveller’s, naming the field', async ({ server, owner }) => {
    const stranger = await server.traveller({ label: 'stranger' });
    const theirs = await createItinerary(stranger, { title: 'Theirs' });
    const response = await owner.post('/api/me/tokens', {
      name: 'Sneaky',
      expiresInDays: 7,
      access: 'read',
      trips: [theirs.id],
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json<{ error: { details: { issues: { field: string }[] } } }>().error.details
        .issues[0]?.field,
    ).toBe('trips');
  });

  test('read with Bearer and may not write with read access', async ({ server, owner, trip }) => {
    const { secret } = await createApiToken(owner, { access: 'read' });
    const call = withToken(server, secret);
    expect((await call('GET', `/api/itineraries/${trip.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/itineraries')).statusCode).toBe(200);
    const write = await call('POST', `/api/itineraries/${trip.id}/notes`, { title: 'No' });
    expect(write.statusCode).toBe(403);
    expect(write.json<{ error: { code: string } }>().error.code).toBe('auth/forbidden');
  });

  test('limited to chosen trips see and list no other', async ({ server, owner, trip }) => {
    const other = await createItinerary(owner, { title: 'Other' });
    const { secret } = await createApiToken(owner, { trips: [trip.id] });
    const call = withToken(server, secret);
    expect((await call('GET', `/api/itineraries/${trip.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/itineraries/${other.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/itineraries/${other.id}/notes`)).statusCode).toBe(404);
    const listed = expectStatus<{ items: { id: string }[] }>(
      await call('GET', '/api/itineraries?limit=100'),
      200,
    );
    expect(listed.items.map((item) => item.id)).toEqual([trip.id]);
    expect((await call('POST', '/api/itineraries', { title: 'New' })).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/itineraries/${trip.id}/notes`, { title: 'Yes' })).statusCode,
    ).toBe(201);
  });

  test('never reach the account, tokens, sharing settings or the shop’s purchases', async ({
    server,
    owner,
    trip,
  }) => {
    const { secret } = await createApiToken(owner);
    const call = withToken(server, secret);
    const refused = [
      await call('GET', '/api/me'),
      await call('PATCH', '/api/me', { name: 'Hacked' }),
      await call('GET', '/api/me/tokens'),
      await call('POST', '/api/me/tokens', {
        name: 'More',
        expiresInDays: 7,
        access: 'read',
        trips: null,
      }),
      await call('GET', '/api/me/sessions'),
      await call('POST', `/api/itineraries/${trip.id}/share-links`, {}),
      await call('GET', `/api/itineraries/${trip.id}/members`),
      await call('POST', `/api/itineraries/${trip.id}/invitations`, {
        email: 'x@example.com',
        role: 'editor',
      }),
      await call('GET', '/api/shop/cart'),
      await call('POST', '/api/shop/orders', {}),
      await call('GET', '/api/admin/outbox'),
      await call('POST', '/api/storage/token'),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual(refused.map(() => 403));
  });

  test('a revoked token gets 401 at once, on this process and on another', async ({
    server,
    owner,
    trip,
  }) => {
    const { id, secret } = await createApiToken(owner);
    const second = await server.another();
    const here = withToken(server, secret);
    const there = withToken(second, secret);
    // Both processes have checked it, and keep it.
    expect((await here('GET', `/api/itineraries/${trip.id}`)).statusCode).toBe(200);
    expect((await there('GET', `/api/itineraries/${trip.id}`)).statusCode).toBe(200);
    expect((await owner.delete(`/api/me/tokens/${id}`)).statusCode).toBe(204);
    expect((await here('GET', `/api/itineraries/${trip.id}`)).statusCode).toBe(401);
    expect((await here('GET', '/api/interests')).statusCode).toBe(401);
    await expect
      .poll(async () => (await there('GET', `/api/itineraries/${trip.id}`)).statusCode, {
        timeout: 2000,
        interval: 20,
      })
      .toBe(401);
    expect((await there('GET', `/v0/b/jammy/o?prefix=itineraries/${trip.id}/`)).statusCode).toBe(
      401,
    );
    const list = expectStatus<ApiTokenList>(await owner.get('/api/me/tokens'), 200);
    expect(list.items.find((token) => token.id === id)?.revokedAt).not.toBeNull();
  });

  test('an expired token gets 401', async ({ server, owner, trip }) => {
    const { id, secret } = await createApiToken(owner);
    await server.database.db
      .update(apiToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiToken.id, id));
    await expect
      .poll(
        async () =>
          (await withToken(server, secret)('GET', `/api/itineraries/${trip.id}`)).statusCode,
        { timeout: 2000, interval: 20 },
      )
      .toBe(401);
  });

  test('an open event stream ends when its token is revoked', async ({ server, owner, trip }) => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const { id, secret } = await createApiToken(owner, { access: 'read' });
    const stream = await openEventStream(
      `http://127.0.0.1:${port}/api/itineraries/${trip.id}/events`,
      { authorization: `Bearer ${secret}` },
    );
    expect(stream.status).toBe(200);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    expect((await owner.delete(`/api/me/tokens/${id}`)).statusCode).toBe(204);
    await expect.poll(() => ended, { timeout: 2000, interval: 20 }).toBe(true);
    const again = await openEventStream(
      `http://127.0.0.1:${port}/api/itineraries/${trip.id}/events`,
      { authorization: `Bearer ${secret}` },
    );
    again.close();
    expect(again.status).toBe(401);
  });

  test('reach the storage protocol within their trips', async ({ server, owner, trip }) => {
    const other = await createItinerary(owner, { title: 'Other' });
    const { secret } = await createApiToken(owner, { access: 'read', trips: [trip.id] });
    const call = withToken(server, secret);
    expect((await call('GET', `/v0/b/jammy/o?prefix=itineraries/${trip.id}/`)).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/v0/b/jammy/o?prefix=itineraries/${other.id}/`)).statusCode).toBe(
      403,
    );
  });

  test('record their last use at most once a minute', async ({ server, owner, trip }) => {
    const { id, secret } = await createApiToken(owner);
    const call = withToken(server, secret);
    const lastUse = async () => {
      const [row] = await server.database.db
        .select({ at: apiToken.lastUsedAt })
        .from(apiToken)
        .where(eq(apiToken.id, id));
      return row?.at ?? null;
    };
    expect(await lastUse()).toBeNull();
    await call('GET', `/api/itineraries/${trip.id}`);
    await expect.poll(lastUse).not.toBeNull();
    const long = new Date('2026-01-01T00:00:00Z');
    await server.database.db.update(apiToken).set({ lastUsedAt: long }).where(eq(apiToken.id, id));
    await call('GET', `/api/itineraries/${trip.id}`);
    await call('GET', `/api/itineraries/${trip.id}/notes`);
    // Give a write that should not happen the time to land.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastUse()).toEqual(long);
  });

  test('changes made with a token show "via" its name in the activity', async ({
    server,
    owner,
    trip,
  }) => {
    const { secret } = await createApiToken(owner, { name: 'Trip robot' });
    await createNote(owner, trip.id, { title: 'By hand' });
    const call = withToken(server, secret);
    expect(
      (await call('POST', `/api/itineraries/${trip.id}/notes`, { title: 'By robot' })).statusCode,
    ).toBe(201);
    const activity = expectStatus<ActivityPage>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    const created = activity.items.filter((event) => event.kind === 'note.created');
    // Newest first: the robot's note, then the one made by hand.
    expect(created.map((event) => [event.via, event.actor?.id])).toEqual([
      ['Trip robot', owner.account?.id],
      [null, owner.account?.id],
    ]);
  });

  test('a photo added with a token shows "via" its name too', async ({ server, owner, trip }) => {
    const { secret } = await createApiToken(owner, { name: 'Photo robot' });
    const path = `itineraries/${trip.id}/photos/${uuidv7()}.png`;
    if (!owner.account) throw new Error('the owner has an account');
    await uploaded(server, owner.account, path, await pngImage(16, 16));
    const added = await withToken(server, secret)('POST', `/api/itineraries/${trip.id}/photos`, {
      path,
    });
    expect(added.statusCode).toBe(201);
    const activity = expectStatus<ActivityPage>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    const created = activity.items.find((event) => event.kind === 'photo.created');
    expect(created?.via).toBe('Photo robot');
  });

  test('an import made with a token shows "via" its name', async ({ server, owner, trip }) => {
    const { secret } = await createApiToken(owner, { name: 'Import robot' });
    const imported = await server.app.inject({
      method: 'POST',
      url: `/api/itineraries/${trip.id}/imports`,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/geo+json' },
      payload: JSON.stringify({
        type: 'Feature',
        properties: { name: 'Imported' },
        geometry: { type: 'Point', coordinates: [12.49, 41.89] },
      }),
    });
    expect(imported.statusCode).toBe(201);
    const activity = expectStatus<ActivityPage>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    const created = activity.items.find((event) => event.kind === 'import.created');
    expect(created?.via).toBe('Import robot');
  });
});
