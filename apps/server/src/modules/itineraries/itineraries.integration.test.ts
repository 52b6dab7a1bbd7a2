import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import { newUuidV7 } from '@jammy/shared/uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFor,
  conflictCurrent,
  createItinerary,
  createPlace,
  createSignedInUser,
  createStage,
  expectError,
  expectFieldError,
  expectStatus,
  getTree,
  missingId,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

let setup: ItineraryTest;
let owner: SignedInUser;

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'owner');
});

afterAll(async () => {
  await setup?.close();
});

const as: Api = (...args) => apiFor(setup.testApp)(...args);

describe('POST /api/itineraries', () => {
  it('creates an itinerary owned by the caller, at version 1', async () => {
    const response = await as(owner, 'POST', '/api/itineraries', {
      payload: {
        title: '  Lisbon in spring  ',
        description: 'Tiles and custard tarts',
        startDate: '2027-04-01',
        endDate: '2027-04-08',
        timezone: 'Europe/Lisbon',
        coverUrl: 'https://example.com/cover.jpg',
      },
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
    expect((await getTree(setup.testApp, owner, created.id)).itinerary).toEqual(created);
  });

  it('needs only a title; the rest defaults to empty', async () => {
    const created = await createItinerary(setup.testApp, owner, { title: 'x'.repeat(120) });
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
  it.each(invalid)('400 naming the field for %s', async (_name, payload, field) => {
    expectFieldError(await as(owner, 'POST', '/api/itineraries', { payload }), field);
  });

  it('401 for an anonymous caller', async () => {
    const response = await as(null, 'POST', '/api/itineraries', { payload: { title: 'T' } });
    expectError(response, 401, 'auth/unauthenticated');
  });

  it('takes the id the client chose (a trip made offline); a taken id answers 409', async () => {
    const id = newUuidV7();
    const made = expectStatus<Itinerary>(
      await as(owner, 'POST', '/api/itineraries', { payload: { id, title: 'Made on a train' } }),
      201,
    );
    expect(made.id).toBe(id);
    expect((await getTree(setup.testApp, owner, id)).itinerary.title).toBe('Made on a train');
    // Sent again (without its idempotency key) or by someone else: never a second trip.
    const stranger = await createSignedInUser(setup.testApp, 'id-taker');
    for (const caller of [owner, stranger]) {
      expectError(
        await as(caller, 'POST', '/api/itineraries', { payload: { id, title: 'Again' } }),
        409,
        'conflict/duplicate',
      );
    }
    expect((await getTree(setup.testApp, owner, id)).itinerary.title).toBe('Made on a train');
  });

  it('a trip made offline and replayed by the outbox under the same key is saved once', async () => {
    const id = newUuidV7();
    const request = {
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { id, title: 'Made in a tunnel' },
    };
    const first = expectStatus<Itinerary>(
      await as(owner, 'POST', '/api/itineraries', request),
      201,
    );
    // The answer was lost (the connection dropped): the outbox sends the same request again.
    const again = await as(owner, 'POST', '/api/itineraries', request);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Itinerary>()).toEqual(first);
    const list = expectStatus<{ items: Itinerary[] }>(
      await as(owner, 'GET', '/api/itineraries?limit=100'),
      200,
    );
    expect(list.items.filter((trip) => trip.id === id)).toHaveLength(1);
  });

  it('400 for a chosen id that is not a UUIDv7', async () => {
    const payload = { id: '0192f7a0-0000-4000-8000-000000000000', title: 'T' };
    expectFieldError(await as(owner, 'POST', '/api/itineraries', { payload }), 'id');
  });
});

describe('GET /api/itineraries/{id}', () => {
  it('answers the itinerary with its stages and places, each in order', async () => {
    const trip = await createItinerary(setup.testApp, owner, { title: 'Tree' });
    const first = await createStage(setup.testApp, owner, trip.id, { title: 'First' });
    const second = await createStage(setup.testApp, owner, trip.id, { title: 'Second' });
    const inSecond = await createPlace(setup.testApp, owner, trip.id, {
      name: 'Museum',
      stageId: second.id,
    });
    const loose = await createPlace(setup.testApp, owner, trip.id, { name: 'Loose' });

    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.itinerary.id).toBe(trip.id);
    expect(tree.stages.map((stage) => stage.id)).toEqual([first.id, second.id]);
    expect(tree.places.map((place) => place.id).sort()).toEqual([inSecond.id, loose.id].sort());
    expect(tree.places.find((place) => place.id === inSecond.id)).toEqual(inSecond);
  });

  it.each(['not-an-id', '0190a0b2-1c5e-4c1e-9f3a-2b5c6d7e8f90', '12345'])(
    '404 for an id that is not a UUIDv7 (%s)',
    async (id) => {
      expectError(await as(owner, 'GET', `/api/itineraries/${id}`), 404, 'route/not-found');
    },
  );

  it('404 for an id that names nothing', async () => {
    expectError(
      await as(owner, 'GET', `/api/itineraries/${missingId()}`),
      404,
      'itinerary/not-found',
    );
  });
});

describe('PATCH /api/itineraries/{id}', () => {
  it('changes the fields sent, bumps the version and updatedAt', async () => {
    const trip = await createItinerary(setup.testApp, owner, {
      title: 'Before',
      startDate: '2027-05-01',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, {
      payload: { title: 'After', endDate: '2027-05-03', version: 1 },
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
    expect((await getTree(setup.testApp, owner, trip.id)).itinerary).toEqual(changed);
  });

  it('clears a nullable field with null', async () => {
    const trip = await createItinerary(setup.testApp, owner, { startDate: '2027-05-01' });
    const response = await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, {
      payload: { startDate: null },
    });
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
  it.each(invalid)('400 naming the field for %s', async (_name, payload, field) => {
    const trip = await createItinerary(setup.testApp, owner, { startDate: '2027-05-01' });
    expectFieldError(await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, { payload }), field);
    // Nothing was written.
    expect((await getTree(setup.testApp, owner, trip.id)).itinerary).toEqual(trip);
  });

  it('409 on a stale version in the body, with the itinerary as it is now', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const url = `/api/itineraries/${trip.id}`;
    expectStatus(await as(owner, 'PATCH', url, { payload: { title: 'One', version: 1 } }), 200);
    const response = await as(owner, 'PATCH', url, { payload: { title: 'Two', version: 1 } });
    const current = conflictCurrent<Itinerary>(response);
    const now = (await getTree(setup.testApp, owner, trip.id)).itinerary;
    expect(current).toEqual(now);
    expect(now).toMatchObject({ title: 'One', version: 2 });
  });

  it('409 on a stale If-Match; a current one (also weak) is accepted', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const url = `/api/itineraries/${trip.id}`;
    const ok = await as(owner, 'PATCH', url, {
      payload: { title: 'One' },
      headers: { 'if-match': '"1"' },
    });
    expect(expectStatus<Itinerary>(ok, 200).version).toBe(2);
    const weak = await as(owner, 'PATCH', url, {
      payload: { title: 'Two' },
      headers: { 'if-match': 'W/"2"' },
    });
    expect(expectStatus<Itinerary>(weak, 200).version).toBe(3);

    const stale = await as(owner, 'PATCH', url, {
      payload: { title: 'Three' },
      headers: { 'if-match': '"2"' },
    });
    expect(conflictCurrent<Itinerary>(stale)).toEqual(
      (await getTree(setup.testApp, owner, trip.id)).itinerary,
    );
  });

  it('the version in the body wins over If-Match', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const response = await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, {
      payload: { title: 'Body wins', version: 1 },
      headers: { 'if-match': '"7"' },
    });
    expect(expectStatus<Itinerary>(response, 200).title).toBe('Body wins');
  });

  it('400 for an If-Match that is not a version', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const response = await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, {
      payload: { title: 'x' },
      headers: { 'if-match': '"abc"' },
    });
    expectError(response, 400, 'request/invalid');
  });
});

describe('DELETE /api/itineraries/{id} and POST …/restore', () => {
  it('moves the itinerary to the trash; restore brings it back', async () => {
    const trip = await createItinerary(setup.testApp, owner, { title: 'Trash me' });
    await createStage(setup.testApp, owner, trip.id);
    const url = `/api/itineraries/${trip.id}`;

    // `payload: {}`: an empty JSON body, as some clients send (no body at all is tested below).
    const trashed = expectStatus<Itinerary>(await as(owner, 'DELETE', url, { payload: {} }), 200);
    expect(trashed.deletedAt).not.toBeNull();
    expect(trashed.version).toBe(2);
    expectError(await as(owner, 'GET', url), 404, 'itinerary/not-found');
    // Content of a trashed itinerary cannot be reached either.
    expectError(await as(owner, 'GET', `${url}/stages`), 404, 'itinerary/not-found');
    expectError(
      await as(owner, 'POST', `${url}/stages`, { payload: { title: 'x' } }),
      404,
      'itinerary/not-found',
    );
    // Deleting again: it is no longer there.
    expectError(await as(owner, 'DELETE', url, { payload: {} }), 404, 'itinerary/not-found');

    const restored = expectStatus<Itinerary>(await as(owner, 'POST', `${url}/restore`), 200);
    expect(restored).toMatchObject({ deletedAt: null, version: 3, title: 'Trash me' });
    const tree = expectStatus<ItineraryTree>(await as(owner, 'GET', url), 200);
    expect(tree.itinerary).toEqual(restored);
    expect(tree.stages).toHaveLength(1);
  });

  it('restoring an itinerary that is not in the trash changes nothing', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const response = await as(owner, 'POST', `/api/itineraries/${trip.id}/restore`);
    expect(expectStatus<Itinerary>(response, 200)).toEqual(trip);
  });

  it('409 on a stale version (body or If-Match), with the itinerary as it is now', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const url = `/api/itineraries/${trip.id}`;
    expectStatus(await as(owner, 'PATCH', url, { payload: { title: 'v2' } }), 200);
    const now = (await getTree(setup.testApp, owner, trip.id)).itinerary;

    const byBody = await as(owner, 'DELETE', url, { payload: { version: 1 } });
    expect(conflictCurrent<Itinerary>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Itinerary>(byHeader)).toEqual(now);
    // Still there; the current version deletes.
    const deleted = await as(owner, 'DELETE', url, { payload: { version: 2 } });
    expect(expectStatus<Itinerary>(deleted, 200).deletedAt).not.toBeNull();
  });

  // A DELETE usually has no body at all, and DESIGN §2a lets the version come by If-Match
  // alone: a missing body must be accepted, not refused as an invalid one.
  it('DELETE without a body (If-Match only) moves it to the trash', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const response = await as(owner, 'DELETE', `/api/itineraries/${trip.id}`, {
      headers: { 'if-match': '"1"' },
    });
    expect(expectStatus<Itinerary>(response, 200).deletedAt).not.toBeNull();
  });

  it('400 naming an unknown field of the DELETE body', async () => {
    const trip = await createItinerary(setup.testApp, owner);
    const response = await as(owner, 'DELETE', `/api/itineraries/${trip.id}`, {
      payload: { force: true },
    });
    expectFieldError(response, 'force');
  });
});
