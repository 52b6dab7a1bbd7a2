import { IDEMPOTENCY_KEY_TTL_MS } from '@jammy/shared/constants';
import type { Itinerary, ItineraryTree, Place } from '@jammy/shared/itineraries';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { idempotencyKey } from '../../db/schema/idempotency';
import { place } from '../../db/schema/itineraries';
import {
  call,
  createItinerary,
  expectError,
  expectFieldError,
  expectStatus,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { purgeExpiredKeys } from './idempotency.repository';
import { CLAIM_LEASE_MS } from './idempotency-rules';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const test = serverTest({ mail: 'outbox' });

let owner: SignedInUser;
let other: SignedInUser;
const db = (server: TestServer) => server.database.db;

test.beforeAll(async ({ server }) => {
  owner = await server.traveller({ label: 'idempotent' });
  other = await server.traveller({ label: 'idempotent-other' });
});

const placesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/places`;
const placeRows = async (server: TestServer, trip: Itinerary) =>
  (await db(server).select({ n: count() }).from(place).where(eq(place.itineraryId, trip.id)))[0]?.n;
const withKey = (key: string, payload?: object) => ({
  headers: { 'idempotency-key': key },
  ...(payload ? { payload } : {}),
});

/** A new trip of the owner's with one place created under the idempotency `key`. */
async function tripWithKeyedPlace(server: TestServer, key: string, name: string) {
  const trip = await createItinerary(server, owner);
  expectStatus(await call(server, owner, 'POST', placesUrl(trip), withKey(key, { name })), 201);
  return trip;
}

describe('Idempotency-Key', () => {
  test('creates once: the same request again gets the same answer, marked as replayed', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const key = crypto.randomUUID();
    const first = await call(
      server,
      owner,
      'POST',
      placesUrl(trip),
      withKey(key, { name: 'Belém' }),
    );
    const created = expectStatus<Place>(first, 201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await call(
      server,
      owner,
      'POST',
      placesUrl(trip),
      withKey(key, { name: 'Belém' }),
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Place>()).toEqual(created);
    expect(await placeRows(server, trip)).toBe(1);

    // Without a key, or with another, the same body is a new place.
    expectStatus(
      await call(server, owner, 'POST', placesUrl(trip), { payload: { name: 'Belém' } }),
      201,
    );
    expectStatus(
      await call(
        server,
        owner,
        'POST',
        placesUrl(trip),
        withKey(crypto.randomUUID(), { name: 'Belém' }),
      ),
      201,
    );
    expect(await placeRows(server, trip)).toBe(3);
  });

  test('replays an edit and a delete without applying them twice', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    const key = crypto.randomUUID();
    const patch = { title: 'Renamed once', version: trip.version };
    const url = `/api/itineraries/${trip.id}`;
    const first = expectStatus<Itinerary>(
      await call(server, owner, 'PATCH', url, withKey(key, patch)),
      200,
    );
    expect(first.version).toBe(trip.version + 1);
    // Applied again, the stale version would answer 409: the replay answers the first 200.
    const again = await call(server, owner, 'PATCH', url, withKey(key, patch));
    expect(again.statusCode).toBe(200);
    expect(again.json<Itinerary>()).toEqual(first);

    const created = expectStatus<Place>(
      await call(server, owner, 'POST', placesUrl(trip), { payload: { name: 'Sintra' } }),
      201,
    );
    const deleteKey = crypto.randomUUID();
    const placeUrl = `${placesUrl(trip)}/${created.id}`;
    const version = { version: created.version };
    const removed = await call(server, owner, 'DELETE', placeUrl, withKey(deleteKey, version));
    expect(removed.statusCode).toBe(204);
    // Applied again, the place would be missing (404): the replay answers the first 204.
    const removedAgain = await call(server, owner, 'DELETE', placeUrl, withKey(deleteKey, version));
    expect(removedAgain.statusCode).toBe(204);
    expect(removedAgain.headers['idempotent-replayed']).toBe('true');
  });

  test('answers 422 when the key comes with another body, address or method', async ({
    server,
  }) => {
    const key = crypto.randomUUID();
    const trip = await tripWithKeyedPlace(server, key, 'Porto');
    const body = expectError(
      await call(server, owner, 'POST', placesUrl(trip), withKey(key, { name: 'Braga' })),
      422,
      'idempotency/key-reused',
    );
    expect(body.error.message).toContain('Idempotency-Key');
    expectError(
      await call(
        server,
        owner,
        'PATCH',
        `/api/itineraries/${trip.id}`,
        withKey(key, { title: 'x' }),
      ),
      422,
      'idempotency/key-reused',
    );
    expect(await placeRows(server, trip)).toBe(1);
  });

  test('keeps each traveller’s keys apart', async ({ server }) => {
    const mine = await createItinerary(server, owner);
    const theirs = await createItinerary(server, other);
    const key = crypto.randomUUID();
    expectStatus(
      await call(server, owner, 'POST', placesUrl(mine), withKey(key, { name: 'A' })),
      201,
    );
    // The same key from someone else is their own first request, not my answer.
    expectStatus(
      await call(server, other, 'POST', placesUrl(theirs), withKey(key, { name: 'A' })),
      201,
    );
    // …and another traveller's key never gives them my answer for my itinerary.
    expectError(
      await call(
        server,
        other,
        'POST',
        placesUrl(mine),
        withKey(crypto.randomUUID(), { name: 'A' }),
      ),
      404,
      'itinerary/not-found',
    );
  });

  test('names the header when the key is malformed, and leaves anonymous writes to their route', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    expectFieldError(
      await call(server, owner, 'POST', placesUrl(trip), withKey('x'.repeat(201), { name: 'A' })),
      'Idempotency-Key',
    );
    expectError(
      await call(
        server,
        null,
        'POST',
        placesUrl(trip),
        withKey(crypto.randomUUID(), { name: 'A' }),
      ),
      401,
      'auth/unauthenticated',
    );
    expect(await placeRows(server, trip)).toBe(0);
  });

  test('answers 409 to a second request while the first with its key is being handled', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const key = crypto.randomUUID();
    // The first request holds the key (claimed, not yet answered).
    await db(server)
      .insert(idempotencyKey)
      .values({
        userId: owner.id,
        key,
        method: 'POST',
        path: placesUrl(trip),
        bodyHash: 'being-handled',
      });
    await db(server)
      .update(idempotencyKey)
      .set({ bodyHash: sql`encode(sha256(convert_to('{"name":"Évora"}', 'UTF8')), 'hex')` })
      .where(eq(idempotencyKey.key, key));
    const response = await call(
      server,
      owner,
      'POST',
      placesUrl(trip),
      withKey(key, { name: 'Évora' }),
    );
    expectError(response, 409, 'idempotency/in-progress');
    expect(response.headers['retry-after']).toBe('1');

    // Two at once: one creates, the other waits (409) or replays; never two places.
    const racing = crypto.randomUUID();
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(server, owner, 'POST', placesUrl(trip), withKey(racing, { name: 'Faro' })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual(
      answers.some((answer) => answer.statusCode === 409) ? [201, 409] : [201, 201],
    );
    expect(await placeRows(server, trip)).toBe(1);
  });

  test('handles a request again whose first sending died with its process, once its claim’s lease is over', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const key = crypto.randomUUID();
    const send = () =>
      call(server, owner, 'POST', placesUrl(trip), withKey(key, { name: 'Sintra' }));
    // What a process killed in the middle of the request leaves: the key claimed, no answer.
    const claim = (agoMs: number) =>
      db(server)
        .insert(idempotencyKey)
        .values({
          userId: owner.id,
          key,
          method: 'POST',
          path: placesUrl(trip),
          bodyHash: sql`encode(sha256(convert_to('{"name":"Sintra"}', 'UTF8')), 'hex')`,
          createdAt: new Date(Date.now() - agoMs),
        });
    await claim(CLAIM_LEASE_MS - 20_000);
    expectError(await send(), 409, 'idempotency/in-progress');
    expect(await placeRows(server, trip)).toBe(0);

    await db(server).delete(idempotencyKey).where(eq(idempotencyKey.key, key));
    await claim(CLAIM_LEASE_MS + 1000);
    const again = await send();
    expectStatus(again, 201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // Its answer is kept from now on: once more is a replay, and one place in all.
    const replayed = await send();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await placeRows(server, trip)).toBe(1);
  });

  test('does not keep answers that failed on the server’s side, and purges keys after 24 h', async ({
    server,
  }) => {
    const key = crypto.randomUUID();
    const trip = await tripWithKeyedPlace(server, key, 'Lagos');
    const old = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 1000);
    await db(server)
      .update(idempotencyKey)
      .set({ createdAt: old })
      .where(eq(idempotencyKey.key, key));
    // Past 24 h the key is forgotten: the request is handled anew.
    const after = await call(
      server,
      owner,
      'POST',
      placesUrl(trip),
      withKey(key, { name: 'Lagos' }),
    );
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await placeRows(server, trip)).toBe(2);

    await db(server)
      .update(idempotencyKey)
      .set({ createdAt: old })
      .where(eq(idempotencyKey.key, key));
    expect(await purgeExpiredKeys(db(server))).toBeGreaterThanOrEqual(1);
    expect(
      await db(server).select().from(idempotencyKey).where(eq(idempotencyKey.key, key)),
    ).toEqual([]);
  });

  test('stores nothing for reads', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    const key = crypto.randomUUID();
    expectStatus<ItineraryTree>(
      await call(server, owner, 'GET', `/api/itineraries/${trip.id}`, withKey(key)),
      200,
    );
    expect(
      await db(server).select().from(idempotencyKey).where(eq(idempotencyKey.key, key)),
    ).toEqual([]);
  });
});
