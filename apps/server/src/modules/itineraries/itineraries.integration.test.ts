import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import { newUuidV7 } from '@jammy/shared/uuid';
import { describe, expect } from 'vitest';
import {
  conflictCurrent,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createItinerary, createPlace, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';

const test = serverTest();

describe('POST /api/itineraries', () => {
  test('creates an itinerary owned by the caller, at version 1', async ({ owner }) => {
    const response = await owner.post('/api/itineraries', {
      title: '  Lisbon in spring  ',
      description: 'Tiles and custard tarts',
      startDate: '2027-04-01',
      endDate: '2027-04-08',
      timezone: 'Europe/Lisbon',
      coverUrl: 'https://example.com/cover.jpg',
    });
    const created = expectStatus<Itinerary>(response, 201);
    expect(created).toMatchObject({
      title: 'Lisbon in spring',
      description: 'Tiles and custard tarts',
      startDate: '2027-04-01',
      endDate: '2027-04-08',
      timezone: 'Europe/Lisbon',
      coverUrl: 'https://example.com/cover.jpg',
      ownerId: owner.id,
      role: 'owner',
      deletedAt: null,
      version: 1,
    });
    expect(created.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(created.createdAt).toBe(created.updatedAt);
    expect((await getTree(owner, created.id)).itinerary).toEqual(created);
  });

  test('needs only a title; the rest defaults to empty', async ({ owner }) => {
    const created = await createItinerary(owner, { title: 'x'.repeat(120) });
    expect(created).toMatchObject({
      title: 'x'.repeat(120),
      description: '',
      startDate: null,
      endDate: null,
      timezone: null,
      coverUrl: null,
    });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', {}, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['a title of 121 characters', { title: 'x'.repeat(121) }, 'title'],
    ['a description too long', { title: 'T', description: 'x'.repeat(4001) }, 'description'],
    ['a date that does not exist', { title: 'T', startDate: '2027-02-30' }, 'startDate'],
    ['a date in another format', { title: 'T', endDate: '01/04/2027' }, 'endDate'],
    [
      'an end before the start',
      { title: 'T', startDate: '2027-04-08', endDate: '2027-04-01' },
      'endDate',
    ],
    ['an unknown field', { title: 'T', colour: 'red' }, 'colour'],
    ['a javascript: cover', { title: 'T', coverUrl: 'javascript:alert(1)' }, 'coverUrl'],
    ['an ftp: cover', { title: 'T', coverUrl: 'ftp://x' }, 'coverUrl'],
    ['a title that is not text', { title: 42 }, 'title'],
  ];
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner }) => {
    expectFieldError(await owner.post('/api/itineraries', payload), field);
  });

  test('401 for an anonymous caller', async ({ server }) => {
    const response = await server.client(null).post('/api/itineraries', { title: 'T' });
    expectError(response, 401, 'auth/unauthenticated');
  });

  test('takes the id the client chose (a trip made offline); a taken id answers 409', async ({
    server,
    owner,
  }) => {
    const id = newUuidV7();
    const made = expectStatus<Itinerary>(
      await owner.post('/api/itineraries', { id, title: 'Made on a train' }),
      201,
    );
    expect(made.id).toBe(id);
    expect((await getTree(owner, id)).itinerary.title).toBe('Made on a train');
    // Sent again (without its idempotency key) or by someone else: never a second trip.
    const stranger = await server.traveller({ label: 'id-taker' });
    for (const caller of [owner, stranger]) {
      expectError(
        await caller.post('/api/itineraries', { id, title: 'Again' }),
        409,
        'conflict/duplicate',
      );
    }
    expect((await getTree(owner, id)).itinerary.title).toBe('Made on a train');
  });

  test('a trip made offline and replayed by the outbox under the same key is saved once', async ({
    owner,
  }) => {
    const id = newUuidV7();
    const request = {
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { id, title: 'Made in a tunnel' },
    };
    const first = expectStatus<Itinerary>(
      await owner.request('POST', '/api/itineraries', request),
      201,
    );
    // The answer was lost (the connection dropped): the outbox sends the same request again.
    const again = await owner.request('POST', '/api/itineraries', request);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Itinerary>()).toEqual(first);
    const list = expectStatus<{ items: Itinerary[] }>(
      await owner.get('/api/itineraries?limit=100'),
      200,
    );
    expect(list.items.filter((trip) => trip.id === id)).toHaveLength(1);
  });

  test('400 for a chosen id that is not a UUIDv7', async ({ owner }) => {
    const payload = { id: '0192f7a0-0000-4000-8000-000000000000', title: 'T' };
    expectFieldError(await owner.post('/api/itineraries', payload), 'id');
  });
});

describe('GET /api/itineraries/{id}', () => {
  test('answers the itinerary with its stages and places, each in order', async ({ owner }) => {
    const trip = await createItinerary(owner, { title: 'Tree' });
    const first = await createStage(owner, trip.id, { title: 'First' });
    const second = await createStage(owner, trip.id, { title: 'Second' });
    const inSecond = await createPlace(owner, trip.id, {
      name: 'Museum',
      stageId: second.id,
    });
    const loose = await createPlace(owner, trip.id, { name: 'Loose' });

    const tree = await getTree(owner, trip.id);
    expect(tree.itinerary.id).toBe(trip.id);
    expect(tree.stages.map((stage) => stage.id)).toEqual([first.id, second.id]);
    expect(tree.places.map((place) => place.id).sort()).toEqual([inSecond.id, loose.id].sort());
    expect(tree.places.find((place) => place.id === inSecond.id)).toEqual(inSecond);
  });

  test.for(['not-an-id', '0190a0b2-1c5e-4c1e-9f3a-2b5c6d7e8f90', '12345'])(
    '404 for an id that is not a UUIDv7 (%s)',
    async (id, { owner }) => {
      expectError(await owner.get(`/api/itineraries/${id}`), 404, 'route/not-found');
    },
  );

  test('404 for an id that names nothing', async ({ owner }) => {
    expectError(await owner.get(`/api/itineraries/${missingId()}`), 404, 'itinerary/not-found');
  });
});

describe('PATCH /api/itineraries/{id}', () => {
  test('changes the fields sent, bumps the version and updatedAt', async ({ owner }) => {
    const trip = await createItinerary(owner, {
      title: 'Before',
      startDate: '2027-05-01',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await owner.patch(`/api/itineraries/${trip.id}`, {
      title: 'After',
      endDate: '2027-05-03',
      version: 1,
    });
    const changed = expectStatus<Itinerary>(response, 200);
    expect(changed).toMatchObject({
      title: 'After',
      startDate: '2027-05-01',
      endDate: '2027-05-03',
      version: 2,
      createdAt: trip.createdAt,
    });
    expect(Date.parse(changed.updatedAt)).toBeGreaterThan(Date.parse(trip.updatedAt));
    expect((await getTree(owner, trip.id)).itinerary).toEqual(changed);
  });

  test('clears a nullable field with null', async ({ owner }) => {
    const trip = await createItinerary(owner, { startDate: '2027-05-01' });
    const response = await owner.patch(`/api/itineraries/${trip.id}`, { startDate: null });
    expect(expectStatus<Itinerary>(response, 200).startDate).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a blank title', { title: '' }, 'title'],
    ['a title too long', { title: 'x'.repeat(121) }, 'title'],
    ['a date that does not exist', { startDate: '2027-02-30' }, 'startDate'],
    ['an end before the stored start', { endDate: '2027-04-30' }, 'endDate'],
    ['a start after the stored end', { startDate: '2027-06-01', endDate: '2027-05-31' }, 'endDate'],
    ['an unknown field', { ownerId: missingId() }, 'ownerId'],
    ['a version that is not a positive integer', { version: 0 }, 'version'],
    ['a javascript: cover', { coverUrl: 'javascript:alert(1)' }, 'coverUrl'],
  ];
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner }) => {
    const trip = await createItinerary(owner, { startDate: '2027-05-01' });
    expectFieldError(await owner.patch(`/api/itineraries/${trip.id}`, payload), field);
    // Nothing was written.
    expect((await getTree(owner, trip.id)).itinerary).toEqual(trip);
  });

  test('409 on a stale version in the body, with the itinerary as it is now', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const url = `/api/itineraries/${trip.id}`;
    expectStatus(await owner.patch(url, { title: 'One', version: 1 }), 200);
    const response = await owner.patch(url, { title: 'Two', version: 1 });
    const current = conflictCurrent<Itinerary>(response);
    const now = (await getTree(owner, trip.id)).itinerary;
    expect(current).toEqual(now);
    expect(now).toMatchObject({ title: 'One', version: 2 });
  });

  test('409 on a stale If-Match; a current one (also weak) is accepted', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const url = `/api/itineraries/${trip.id}`;
    const ok = await owner.patch(url, { title: 'One' }, { headers: { 'if-match': '"1"' } });
    expect(expectStatus<Itinerary>(ok, 200).version).toBe(2);
    const weak = await owner.patch(url, { title: 'Two' }, { headers: { 'if-match': 'W/"2"' } });
    expect(expectStatus<Itinerary>(weak, 200).version).toBe(3);

    const stale = await owner.patch(url, { title: 'Three' }, { headers: { 'if-match': '"2"' } });
    expect(conflictCurrent<Itinerary>(stale)).toEqual((await getTree(owner, trip.id)).itinerary);
  });

  test('the version in the body wins over If-Match', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const response = await owner.patch(
      `/api/itineraries/${trip.id}`,
      { title: 'Body wins', version: 1 },
      { headers: { 'if-match': '"7"' } },
    );
    expect(expectStatus<Itinerary>(response, 200).title).toBe('Body wins');
  });

  test('400 for an If-Match that is not a version', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const response = await owner.patch(
      `/api/itineraries/${trip.id}`,
      { title: 'x' },
      { headers: { 'if-match': '"abc"' } },
    );
    expectError(response, 400, 'request/invalid');
  });
});

describe('DELETE /api/itineraries/{id} and POST …/restore', () => {
  test('moves the itinerary to the trash; restore brings it back', async ({ owner }) => {
    const trip = await createItinerary(owner, { title: 'Trash me' });
    await createStage(owner, trip.id);
    const url = `/api/itineraries/${trip.id}`;

    // `payload: {}`: an empty JSON body, as some clients send (no body at all is tested below).
    const trashed = expectStatus<Itinerary>(
      await owner.request('DELETE', url, { payload: {} }),
      200,
    );
    expect(trashed.deletedAt).not.toBeNull();
    expect(trashed.version).toBe(2);
    expectError(await owner.get(url), 404, 'itinerary/not-found');
    // Content of a trashed itinerary cannot be reached either.
    expectError(await owner.get(`${url}/stages`), 404, 'itinerary/not-found');
    expectError(await owner.post(`${url}/stages`, { title: 'x' }), 404, 'itinerary/not-found');
    // Deleting again: it is no longer there.
    expectError(await owner.request('DELETE', url, { payload: {} }), 404, 'itinerary/not-found');

    const restored = expectStatus<Itinerary>(await owner.post(`${url}/restore`), 200);
    expect(restored).toMatchObject({ deletedAt: null, version: 3, title: 'Trash me' });
    const tree = expectStatus<ItineraryTree>(await owner.get(url), 200);
    expect(tree.itinerary).toEqual(restored);
    expect(tree.stages).toHaveLength(1);
  });

  test('restoring an itinerary that is not in the trash changes nothing', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const response = await owner.post(`/api/itineraries/${trip.id}/restore`);
    expect(expectStatus<Itinerary>(response, 200)).toEqual(trip);
  });

  test('409 on a stale version (body or If-Match), with the itinerary as it is now', async ({
    owner,
  }) => {
    const trip = await createItinerary(owner);
    const url = `/api/itineraries/${trip.id}`;
    expectStatus(await owner.patch(url, { title: 'v2' }), 200);
    const now = (await getTree(owner, trip.id)).itinerary;

    const byBody = await owner.request('DELETE', url, { payload: { version: 1 } });
    expect(conflictCurrent<Itinerary>(byBody)).toEqual(now);
    const byHeader = await owner.request('DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Itinerary>(byHeader)).toEqual(now);
    // Still there; the current version deletes.
    const deleted = await owner.request('DELETE', url, { payload: { version: 2 } });
    expect(expectStatus<Itinerary>(deleted, 200).deletedAt).not.toBeNull();
  });

  // A DELETE usually has no body at all, and DESIGN §2a lets the version come by If-Match
  // alone: a missing body must be accepted, not refused as an invalid one.
  test('DELETE without a body (If-Match only) moves it to the trash', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const response = await owner.delete(`/api/itineraries/${trip.id}`, {
      headers: { 'if-match': '"1"' },
    });
    expect(expectStatus<Itinerary>(response, 200).deletedAt).not.toBeNull();
  });

  test('400 naming an unknown field of the DELETE body', async ({ owner }) => {
    const trip = await createItinerary(owner);
    const response = await owner.request('DELETE', `/api/itineraries/${trip.id}`, {
      payload: { force: true },
    });
    expectFieldError(response, 'force');
  });
});
