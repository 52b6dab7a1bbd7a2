import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryTree, Page } from '@jammy/shared/itineraries';
import type { ActivityPage, ShareLink } from '@jammy/shared/sharing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
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
let viewer: SignedInUser;
let stranger: SignedInUser;
const as: Api = (...args) => apiFor(setup.testApp)(...args);

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'bookings');
  viewer = await createSignedInUser(setup.testApp, 'bookings-viewer');
  stranger = await createSignedInUser(setup.testApp, 'bookings-stranger');
});

afterAll(async () => {
  await setup?.close();
});

const flight = {
  kind: 'flight',
  title: 'Rome to Tokyo',
  carrier: 'ITA Airways',
  number: 'AZ 792',
  fromName: 'Rome',
  fromLat: 41.89,
  fromLng: 12.48,
  toName: 'Tokyo',
  toLat: 35.69,
  toLng: 139.69,
  // Across the European change to summer time (28 March 2027, 02:00 in Rome).
  startAt: '2027-03-28T10:00',
  startZone: 'Europe/Rome',
  endAt: '2027-03-29T06:00',
  endZone: 'Asia/Tokyo',
  confirmationCode: 'QX7P2L',
  costMinor: 84_900,
  currency: 'EUR',
  url: 'https://example.com/ticket',
  notes: 'Window seat',
};

async function newTrip(members: 'viewer' | 'none' = 'none') {
  const trip = await createItinerary(setup.testApp, owner);
  if (members === 'viewer') await addMember(setup.testApp, trip.id, viewer.id, 'viewer');
  return trip;
}
const bookingsUrl = (tripId: string) => `/api/itineraries/${tripId}/bookings`;

async function add(tripId: string, payload: object): Promise<Booking> {
  return expectStatus<Booking>(await as(owner, 'POST', bookingsUrl(tripId), { payload }), 201);
}

describe('bookings', () => {
  it('adds, reads, lists by start (none last), changes and deletes, each recorded as an event', async () => {
    const trip = await newTrip();
    const created = await add(trip.id, flight);
    expect(created).toMatchObject({ ...flight, itineraryId: trip.id, stageId: null, version: 1 });
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    expect(expectStatus<Booking>(await as(owner, 'GET', url), 200)).toEqual(created);

    const undated = await add(trip.id, { kind: 'other', title: 'Museum pass' });
    const hotel = await add(trip.id, {
      kind: 'accommodation',
      title: 'Hotel Sakura',
      startAt: '2027-03-29T15:00',
      startZone: 'Asia/Tokyo',
      endAt: '2027-04-02T11:00',
      endZone: 'Asia/Tokyo',
      costMinor: 52_000,
      currency: 'JPY',
    });
    const earlier = await add(trip.id, {
      kind: 'train',
      title: 'To the airport',
      startAt: '2027-03-28T07:15',
      startZone: 'Europe/Rome',
    });
    const listed = expectStatus<Page<Booking>>(await as(owner, 'GET', bookingsUrl(trip.id)), 200);
    expect(listed.items.map((each) => each.id)).toEqual([
      earlier.id,
      created.id,
      hotel.id,
      undated.id,
    ]);

    const changed = expectStatus<Booking>(
      await as(owner, 'PATCH', url, { payload: { title: 'Flight to Tokyo', version: 1 } }),
      200,
    );
    expect(changed).toMatchObject({
      title: 'Flight to Tokyo',
      version: 2,
      startAt: flight.startAt,
    });
    expect((await as(owner, 'DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
    expectError(await as(owner, 'GET', url), 404, 'booking/not-found');

    const activity = expectStatus<ActivityPage>(
      await as(owner, 'GET', `/api/itineraries/${trip.id}/activity`),
      200,
    );
    const kinds = activity.items.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['booking.created', 'booking.updated', 'booking.deleted']),
    );
    // The code never travels in events (they reach every member).
    expect(JSON.stringify(activity)).not.toContain(flight.confirmationCode);
  });

  it('a stale version is refused with 409 and the booking as it is now', async () => {
    const trip = await newTrip();
    const created = await add(trip.id, flight);
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    expectStatus(await as(owner, 'PATCH', url, { payload: { notes: 'Aisle', version: 1 } }), 200);
    const current = conflictCurrent<Booking>(
      await as(owner, 'PATCH', url, { payload: { notes: 'Window', version: 1 } }),
    );
    expect(current).toMatchObject({ notes: 'Aisle', version: 2 });
    conflictCurrent(await as(owner, 'DELETE', url, { payload: { version: 1 } }));
    expect((await as(owner, 'DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  it('viewers read but may not write; strangers are told nothing exists', async () => {
    const trip = await newTrip('viewer');
    const created = await add(trip.id, flight);
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    // Members see the confirmation code, viewers included.
    expect(expectStatus<Booking>(await as(viewer, 'GET', url), 200).confirmationCode).toBe(
      flight.confirmationCode,
    );
    expect((await as(viewer, 'POST', bookingsUrl(trip.id), { payload: flight })).statusCode).toBe(
      403,
    );
    expect((await as(viewer, 'PATCH', url, { payload: { title: 'Mine' } })).statusCode).toBe(403);
    expect((await as(viewer, 'DELETE', url)).statusCode).toBe(403);
    for (const [method, target] of [
      ['GET', url],
      ['GET', bookingsUrl(trip.id)],
      ['PATCH', url],
      ['DELETE', url],
    ] as const) {
      const response = await as(stranger, method, target, {
        ...(method === 'PATCH' ? { payload: { title: 'Mine' } } : {}),
      });
      expect(response.statusCode, `${method} ${target}`).toBe(404);
    }
    expect((await as(null, 'GET', url)).statusCode).toBe(401);
    expectError(
      await as(owner, 'GET', `${bookingsUrl(trip.id)}/${missingId()}`),
      404,
      'booking/not-found',
    );
  });

  it('the itinerary document carries bookings; a share link never shows confirmation codes', async () => {
    const trip = await newTrip('viewer');
    const before = await as(owner, 'GET', `/api/itineraries/${trip.id}`);
    const created = await add(trip.id, flight);
    // A booking change changes the document (and its ETag) at once.
    const after = await as(owner, 'GET', `/api/itineraries/${trip.id}`, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<ItineraryTree>().bookings).toEqual([created]);

    // A member viewer reads the document first: what the link holder reads next is not theirs.
    expect((await getTree(setup.testApp, viewer, trip.id)).bookings[0]?.confirmationCode).toBe(
      flight.confirmationCode,
    );
    const link = expectStatus<ShareLink>(
      await as(owner, 'POST', `/api/itineraries/${trip.id}/share-links`, { payload: {} }),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    for (let read = 0; read < 2; read += 1) {
      const shared = expectStatus<ItineraryTree>(
        await as(null, 'GET', `/api/itineraries/${trip.id}?share=${share}`),
        200,
      );
      expect(shared.bookings).toEqual([{ ...created, confirmationCode: null }]);
    }
    const listed = expectStatus<Page<Booking>>(
      await as(null, 'GET', `${bookingsUrl(trip.id)}?share=${share}`),
      200,
    );
    expect(listed.items).toEqual([{ ...created, confirmationCode: null }]);
    expect(JSON.stringify(listed)).not.toContain(flight.confirmationCode);
    // …and the viewer, reading after the link holder, still sees the code.
    expect((await getTree(setup.testApp, viewer, trip.id)).bookings[0]?.confirmationCode).toBe(
      flight.confirmationCode,
    );
    // The link reads; it never writes.
    expect(
      (await as(null, 'POST', `${bookingsUrl(trip.id)}?share=${share}`, { payload: flight }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a stage or place of another itinerary, naming the field', async () => {
    const trip = await newTrip();
    const other = await newTrip();
    const foreignStage = await createStage(setup.testApp, owner, other.id, { title: 'Elsewhere' });
    const foreignPlace = await createPlace(setup.testApp, owner, other.id, { name: 'Elsewhere' });
    expectFieldError(
      await as(owner, 'POST', bookingsUrl(trip.id), {
        payload: { ...flight, stageId: foreignStage.id },
      }),
      'stageId',
    );
    expectFieldError(
      await as(owner, 'POST', bookingsUrl(trip.id), {
        payload: { ...flight, placeId: foreignPlace.id },
      }),
      'placeId',
    );
    const created = await add(trip.id, flight);
    expectFieldError(
      await as(owner, 'PATCH', `${bookingsUrl(trip.id)}/${created.id}`, {
        payload: { stageId: foreignStage.id },
      }),
      'stageId',
    );
  });

  it('deleting its stage keeps the booking, outside any stage', async () => {
    const trip = await newTrip();
    const tokyo = await createStage(setup.testApp, owner, trip.id, { title: 'Tokyo' });
    const place = await createPlace(setup.testApp, owner, trip.id, {
      name: 'Shinjuku',
      stageId: tokyo.id,
    });
    const created = await add(trip.id, { ...flight, stageId: tokyo.id, placeId: place.id });
    expect(created).toMatchObject({ stageId: tokyo.id, placeId: place.id });
    const warm = await getTree(setup.testApp, owner, trip.id);
    expect(warm.bookings[0]?.stageId).toBe(tokyo.id);
    expect(
      (await as(owner, 'DELETE', `/api/itineraries/${trip.id}/stages/${tokyo.id}`)).statusCode,
    ).toBe(204);
    const kept = expectStatus<Booking>(
      await as(owner, 'GET', `${bookingsUrl(trip.id)}/${created.id}`),
      200,
    );
    expect(kept).toMatchObject({ stageId: null, placeId: place.id, title: flight.title });
    expect((await getTree(setup.testApp, owner, trip.id)).bookings[0]?.stageId).toBeNull();
  });

  it('checks times, zones, costs and links, naming the field', async () => {
    const trip = await newTrip();
    const post = (payload: object) => as(owner, 'POST', bookingsUrl(trip.id), { payload });
    expectFieldError(await post({ ...flight, startZone: 'Europe/Atlantis' }), 'startZone');
    expectFieldError(await post({ ...flight, startZone: null }), 'startZone');
    expectFieldError(await post({ ...flight, endZone: undefined }), 'endZone');
    expectFieldError(await post({ ...flight, startAt: '2027-02-30T10:00' }), 'startAt');
    expectFieldError(await post({ ...flight, startAt: '2027-03-28 10:00' }), 'startAt');
    expectFieldError(await post({ ...flight, endAt: '2027-03-29T24:00' }), 'endAt');
    expectFieldError(await post({ ...flight, currency: null }), 'currency');
    expectFieldError(await post({ ...flight, costMinor: 12.5 }), 'costMinor');
    expectFieldError(await post({ ...flight, url: 'javascript:alert(1)' }), 'url');
    expectFieldError(await post({ ...flight, kind: 'spaceship' }), 'kind');
    expectFieldError(await post({ ...flight, title: '   ' }), 'title');
    // 06:00 in Tokyo on the 28th is 23:00 in Rome on the 27th: before the departure.
    expectFieldError(await post({ ...flight, endAt: '2027-03-28T06:00' }), 'endAt');
    // 17:30 in Tokyo is 10:30 in Rome (summer time since 02:00): after the departure.
    expect((await post({ ...flight, endAt: '2027-03-28T17:30' })).statusCode).toBe(201);

    // A change is checked against the booking as a whole.
    const created = await add(trip.id, flight);
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    expectFieldError(await as(owner, 'PATCH', url, { payload: { startZone: null } }), 'startZone');
    expectFieldError(await as(owner, 'PATCH', url, { payload: { currency: null } }), 'currency');
    expectFieldError(
      await as(owner, 'PATCH', url, { payload: { startAt: '2027-03-30T10:00' } }),
      'endAt',
    );
    const cleared = expectStatus<Booking>(
      await as(owner, 'PATCH', url, {
        payload: { startAt: null, startZone: null, costMinor: null, currency: null },
      }),
      200,
    );
    expect(cleared).toMatchObject({ startAt: null, startZone: null, costMinor: null });
  });

  it('keeps an all-day booking as dates without a time or zone, in order among the others', async () => {
    const trip = await newTrip();
    const hotel = {
      kind: 'accommodation',
      title: 'Hotel Gracery',
      startDate: '2027-03-28',
      endDate: '2027-03-31',
    };
    const stay = await add(trip.id, hotel);
    expect(stay).toMatchObject({ ...hotel, startAt: null, startZone: null, endAt: null });
    const timed = await add(trip.id, flight);
    const later = await add(trip.id, {
      kind: 'activity',
      title: 'Museum',
      startDate: '2027-04-01',
    });
    expect(later).toMatchObject({ startDate: '2027-04-01', endDate: null });
    const listed = expectStatus<Page<Booking>>(await as(owner, 'GET', bookingsUrl(trip.id)), 200);
    // The day's all-day booking first (its day begins at midnight), then the flight at 10:00.
    expect(listed.items.map((row) => row.id)).toEqual([stay.id, timed.id, later.id]);
    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.bookings.map((row) => [row.id, row.startDate, row.endDate])).toEqual([
      [stay.id, '2027-03-28', '2027-03-31'],
      [timed.id, null, null],
      [later.id, '2027-04-01', null],
    ]);

    // A booking is all-day or timed, never both; its last day is not before its first.
    const post = (payload: object) => as(owner, 'POST', bookingsUrl(trip.id), { payload });
    expectFieldError(await post({ ...hotel, startAt: '2027-03-28T15:00' }), 'startDate');
    expectFieldError(await post({ ...hotel, endAt: '2027-03-31T11:00' }), 'startDate');
    expectFieldError(await post({ ...hotel, endDate: '2027-03-27' }), 'endDate');
    expectFieldError(await post({ ...hotel, startDate: undefined }), 'startDate');
    expectFieldError(await post({ ...hotel, startDate: '2027-02-30' }), 'startDate');
    const url = `${bookingsUrl(trip.id)}/${stay.id}`;
    expectFieldError(
      await as(owner, 'PATCH', url, {
        payload: { startAt: '2027-03-28T15:00', startZone: 'Asia/Tokyo' },
      }),
      'startDate',
    );
    expectFieldError(await as(owner, 'PATCH', url, { payload: { startDate: null } }), 'startDate');
    // Made timed: the dates go, the times come.
    const made = expectStatus<Booking>(
      await as(owner, 'PATCH', url, {
        payload: {
          startDate: null,
          endDate: null,
          startAt: '2027-03-28T15:00',
          startZone: 'Asia/Tokyo',
        },
      }),
      200,
    );
    expect(made).toMatchObject({ startDate: null, startAt: '2027-03-28T15:00' });
  });
});
