import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryTree, Page } from '@jammy/shared/itineraries';
import type { ActivityPage, ShareLink } from '@jammy/shared/sharing';
import { describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import {
  conflictCurrent,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createItinerary, createPlace, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';

const test = serverTest();

let server: TestServer;
let owner: Traveller;
let viewer: Traveller;
let stranger: Traveller;

test.beforeAll(async ({ server: fileServer, owner: fileOwner, accounts }) => {
  server = fileServer;
  owner = fileOwner;
  viewer = await accounts('viewer');
  stranger = await accounts('stranger');
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
  const trip = await createItinerary(owner);
  if (members === 'viewer') await addMember(server, trip.id, viewer.id, 'viewer');
  return trip;
}
const bookingsUrl = (tripId: string) => `/api/itineraries/${tripId}/bookings`;

async function add(tripId: string, payload: object): Promise<Booking> {
  return expectStatus<Booking>(await owner.post(bookingsUrl(tripId), payload), 201);
}

describe('bookings', () => {
  test('adds, reads, lists by start (none last), changes and deletes, each recorded as an event', async () => {
    const trip = await newTrip();
    const created = await add(trip.id, flight);
    expect(created).toMatchObject({ ...flight, itineraryId: trip.id, stageId: null, version: 1 });
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    expect(expectStatus<Booking>(await owner.get(url), 200)).toEqual(created);

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
    const listed = expectStatus<Page<Booking>>(await owner.get(bookingsUrl(trip.id)), 200);
    expect(listed.items.map((each) => each.id)).toEqual([
      earlier.id,
      created.id,
      hotel.id,
      undated.id,
    ]);

    const changed = expectStatus<Booking>(
      await owner.patch(url, { title: 'Flight to Tokyo', version: 1 }),
      200,
    );
    expect(changed).toMatchObject({
      title: 'Flight to Tokyo',
      version: 2,
      startAt: flight.startAt,
    });
    expect((await owner.request('DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
    expectError(await owner.get(url), 404, 'booking/not-found');

    const activity = expectStatus<ActivityPage>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    const kinds = activity.items.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['booking.created', 'booking.updated', 'booking.deleted']),
    );
    // The code never travels in events (they reach every member).
    expect(JSON.stringify(activity)).not.toContain(flight.confirmationCode);
  });

  test('a stale version is refused with 409 and the booking as it is now', async () => {
    const trip = await newTrip();
    const created = await add(trip.id, flight);
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    expectStatus(await owner.patch(url, { notes: 'Aisle', version: 1 }), 200);
    const current = conflictCurrent<Booking>(
      await owner.patch(url, { notes: 'Window', version: 1 }),
    );
    expect(current).toMatchObject({ notes: 'Aisle', version: 2 });
    conflictCurrent(await owner.request('DELETE', url, { payload: { version: 1 } }));
    expect((await owner.request('DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  test('viewers read but may not write; strangers are told nothing exists', async () => {
    const trip = await newTrip('viewer');
    const created = await add(trip.id, flight);
    const url = `${bookingsUrl(trip.id)}/${created.id}`;
    // Members see the confirmation code, viewers included.
    expect(expectStatus<Booking>(await viewer.get(url), 200).confirmationCode).toBe(
      flight.confirmationCode,
    );
    expect((await viewer.post(bookingsUrl(trip.id), flight)).statusCode).toBe(403);
    expect((await viewer.patch(url, { title: 'Mine' })).statusCode).toBe(403);
    expect((await viewer.delete(url)).statusCode).toBe(403);
    for (const [method, target] of [
      ['GET', url],
      ['GET', bookingsUrl(trip.id)],
      ['PATCH', url],
      ['DELETE', url],
    ] as const) {
      const response = await stranger.request(method, target, {
        ...(method === 'PATCH' ? { payload: { title: 'Mine' } } : {}),
      });
      expect(response.statusCode, `${method} ${target}`).toBe(404);
    }
    expect((await server.client(null).get(url)).statusCode).toBe(401);
    expectError(
      await owner.get(`${bookingsUrl(trip.id)}/${missingId()}`),
      404,
      'booking/not-found',
    );
  });

  test('the itinerary document carries bookings; a share link never shows confirmation codes', async () => {
    const trip = await newTrip('viewer');
    const before = await owner.get(`/api/itineraries/${trip.id}`);
    const created = await add(trip.id, flight);
    // A booking change changes the document (and its ETag) at once.
    const after = await owner.get(`/api/itineraries/${trip.id}`, {
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<ItineraryTree>().bookings).toEqual([created]);

    // A member viewer reads the document first: what the link holder reads next is not theirs.
    expect((await getTree(viewer, trip.id)).bookings[0]?.confirmationCode).toBe(
      flight.confirmationCode,
    );
    const link = expectStatus<ShareLink>(
      await owner.post(`/api/itineraries/${trip.id}/share-links`, {}),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    for (let read = 0; read < 2; read += 1) {
      const shared = expectStatus<ItineraryTree>(
        await server.client(null).get(`/api/itineraries/${trip.id}?share=${share}`),
        200,
      );
      expect(shared.bookings).toEqual([{ ...created, confirmationCode: null }]);
    }
    const listed = expectStatus<Page<Booking>>(
      await server.client(null).get(`${bookingsUrl(trip.id)}?share=${share}`),
      200,
    );
    expect(listed.items).toEqual([{ ...created, confirmationCode: null }]);
    expect(JSON.stringify(listed)).not.toContain(flight.confirmationCode);
    // …and the viewer, reading after the link holder, still sees the code.
    expect((await getTree(viewer, trip.id)).bookings[0]?.confirmationCode).toBe(
      flight.confirmationCode,
    );
    // The link reads; it never writes.
    expect(
      (await server.client(null).post(`${bookingsUrl(trip.id)}?share=${share}`, flight)).statusCode,
    ).toBe(401);
  });

  test('refuses a stage or place of another itinerary, naming the field', async () => {
    const trip = await newTrip();
    const other = await newTrip();
    const foreignStage = await createStage(owner, other.id, { title: 'Elsewhere' });
    const foreignPlace = await createPlace(owner, other.id, { name: 'Elsewhere' });
    expectFieldError(
      await owner.post(bookingsUrl(trip.id), { ...flight, stageId: foreignStage.id }),
      'stageId',
    );
    expectFieldError(
      await owner.post(bookingsUrl(trip.id), { ...flight, placeId: foreignPlace.id }),
      'placeId',
    );
    const created = await add(trip.id, flight);
    expectFieldError(
      await owner.patch(`${bookingsUrl(trip.id)}/${created.id}`, { stageId: foreignStage.id }),
      'stageId',
    );
  });

  test('deleting its stage keeps the booking, outside any stage', async () => {
    const trip = await newTrip();
    const tokyo = await createStage(owner, trip.id, { title: 'Tokyo' });
    const place = await createPlace(owner, trip.id, {
      name: 'Shinjuku',
      stageId: tokyo.id,
    });
    const created = await add(trip.id, { ...flight, stageId: tokyo.id, placeId: place.id });
    expect(created).toMatchObject({ stageId: tokyo.id, placeId: place.id });
    const warm = await getTree(owner, trip.id);
    expect(warm.bookings[0]?.stageId).toBe(tokyo.id);
    expect((await owner.delete(`/api/itineraries/${trip.id}/stages/${tokyo.id}`)).statusCode).toBe(
      204,
    );
    const kept = expectStatus<Booking>(
      await owner.get(`${bookingsUrl(trip.id)}/${created.id}`),
      200,
    );
    expect(kept).toMatchObject({ stageId: null, placeId: place.id, title: flight.title });
    expect((await getTree(owner, trip.id)).bookings[0]?.stageId).toBeNull();
  });

  test('checks times, zones, costs and links, naming the field', async () => {
    const trip = await newTrip();
    const post = (payload: object) => owner.post(bookingsUrl(trip.id), payload);
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
    expectFieldError(await owner.patch(url, { startZone: null }), 'startZone');
    expectFieldError(await owner.patch(url, { currency: null }), 'currency');
    expectFieldError(await owner.patch(url, { startAt: '2027-03-30T10:00' }), 'endAt');
    const cleared = expectStatus<Booking>(
      await owner.patch(url, { startAt: null, startZone: null, costMinor: null, currency: null }),
      200,
    );
    expect(cleared).toMatchObject({ startAt: null, startZone: null, costMinor: null });
  });

  test('keeps an all-day booking as dates without a time or zone, in order among the others', async () => {
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
    const listed = expectStatus<Page<Booking>>(await owner.get(bookingsUrl(trip.id)), 200);
    // The day's all-day booking first (its day begins at midnight), then the flight at 10:00.
    expect(listed.items.map((row) => row.id)).toEqual([stay.id, timed.id, later.id]);
    const tree = await getTree(owner, trip.id);
    expect(tree.bookings.map((row) => [row.id, row.startDate, row.endDate])).toEqual([
      [stay.id, '2027-03-28', '2027-03-31'],
      [timed.id, null, null],
      [later.id, '2027-04-01', null],
    ]);

    // A booking is all-day or timed, never both; its last day is not before its first.
    const post = (payload: object) => owner.post(bookingsUrl(trip.id), payload);
    expectFieldError(await post({ ...hotel, startAt: '2027-03-28T15:00' }), 'startDate');
    expectFieldError(await post({ ...hotel, endAt: '2027-03-31T11:00' }), 'startDate');
    expectFieldError(await post({ ...hotel, endDate: '2027-03-27' }), 'endDate');
    expectFieldError(await post({ ...hotel, startDate: undefined }), 'startDate');
    expectFieldError(await post({ ...hotel, startDate: '2027-02-30' }), 'startDate');
    const url = `${bookingsUrl(trip.id)}/${stay.id}`;
    expectFieldError(
      await owner.patch(url, { startAt: '2027-03-28T15:00', startZone: 'Asia/Tokyo' }),
      'startDate',
    );
    expectFieldError(await owner.patch(url, { startDate: null }), 'startDate');
    // Made timed: the dates go, the times come.
    const made = expectStatus<Booking>(
      await owner.patch(url, {
        startDate: null,
        endDate: null,
        startAt: '2027-03-28T15:00',
        startZone: 'Asia/Tokyo',
      }),
      200,
    );
    expect(made).toMatchObject({ startDate: null, startAt: '2027-03-28T15:00' });
  });
});
