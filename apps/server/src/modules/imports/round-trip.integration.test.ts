import type { Booking } from '@jammy/shared/bookings';
import type { ImportBatch } from '@jammy/shared/imports';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { call, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary, createPlace, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const test = serverTest({ mail: 'outbox' });

/**
 * What leaves Jammy comes back the same: a trip exported as GPX, GeoJSON or iCalendar and
 * imported as a new trip has the same places (names, coordinates, order) and bookings (titles,
 * wall-clock times, zones, or the days of an all-day one). KML is read only, and JSON is written only: they have no pair.
 */

let owner: Traveller;
let original: ItineraryTree;

const FORMATS = {
  gpx: 'application/gpx+xml',
  geojson: 'application/geo+json',
  ics: 'text/calendar',
} as const;

test.beforeAll(async ({ server }) => {
  owner = await server.traveller({ label: 'round-trip' });
  const trip = await createItinerary(owner, {
    title: 'Lisbon and Tokyo',
    timezone: 'Europe/Lisbon',
  });
  const lisbon = await createStage(owner, trip.id, {
    title: 'Lisbon',
    destinationName: 'Lisboa',
    lat: 38.7223,
    lng: -9.1393,
    startDate: '2027-03-26',
    endDate: '2027-03-28',
  });
  for (const [name, lat, lng] of [
    ['Torre de Belém', 38.6916, -9.216],
    ['Miradouro da Graça', 38.7163, -9.1315],
    ['Café "A Brasileira" & co', 38.7107, -9.1423],
  ] as const) {
    await createPlace(owner, trip.id, { stageId: lisbon.id, name, lat, lng });
  }
  const bookings = `/api/itineraries/${trip.id}/bookings`;
  expectStatus(
    await call(server, owner, 'POST', bookings, {
      payload: {
        kind: 'flight',
        title: 'Lisbon to Tokyo',
        carrier: 'TAP',
        number: 'TP 1',
        startAt: '2027-03-28T00:30',
        startZone: 'Europe/Lisbon',
        endAt: '2027-03-28T23:55',
        endZone: 'Europe/Lisbon',
      },
    }),
    201,
  );
  expectStatus(
    await call(server, owner, 'POST', bookings, {
      payload: {
        kind: 'accommodation',
        title: 'Hotel in Shinjuku',
        startAt: '2027-03-29T15:00',
        startZone: 'Asia/Tokyo',
        endAt: '2027-04-02T11:00',
        endZone: 'Asia/Tokyo',
      },
    }),
    201,
  );
  expectStatus(
    await call(server, owner, 'POST', bookings, {
      payload: {
        kind: 'activity',
        title: 'Lisboa Card',
        startDate: '2027-03-26',
        endDate: '2027-03-27',
      },
    }),
    201,
  );
  original = expectStatus<ItineraryTree>(
    await call(server, owner, 'GET', `/api/itineraries/${trip.id}`),
    200,
  );
});

/** Exports the trip in `format` and imports the file as a new trip: that trip's document. */
async function roundTrip(server: TestServer, format: keyof typeof FORMATS): Promise<ItineraryTree> {
  const exported = await call(
    server,
    owner,
    'GET',
    `/api/itineraries/${original.itinerary.id}/export.${format}`,
  );
  expect(exported.statusCode, exported.body).toBe(200);
  const batch = expectStatus<ImportBatch>(
    await call(server, owner, 'POST', `/api/imports?fileName=trip.${format}`, {
      payload: exported.rawPayload,
      headers: { 'content-type': FORMATS[format] },
    }),
    201,
  );
  return expectStatus<ItineraryTree>(
    await call(server, owner, 'GET', `/api/itineraries/${batch.itineraryId}`),
    200,
  );
}

const placesOf = (tree: ItineraryTree) =>
  tree.places.map((place) => [place.name, place.lat, place.lng]);

const bookingsOf = (tree: ItineraryTree & { bookings?: Booking[] }) =>
  (tree.bookings ?? []).map((row) => [
    row.title,
    row.startAt,
    row.startZone,
    row.endAt,
    row.startDate,
    row.endDate,
  ]);

describe('export, then import', () => {
  test('GPX: the same places, in the same order, at the same coordinates', async ({ server }) => {
    const copy = await roundTrip(server, 'gpx');
    // GPX has no stages: the stage's destination, a waypoint, comes back as a place first.
    expect(placesOf(copy)).toEqual([['Lisboa', 38.7223, -9.1393], ...placesOf(original)]);
  });

  test('GeoJSON: the same places at the same coordinates', async ({ server }) => {
    const copy = await roundTrip(server, 'geojson');
    expect(placesOf(copy)).toEqual(expect.arrayContaining(placesOf(original)));
    const names = new Set(copy.places.map((place) => place.name));
    for (const place of original.places) expect(names).toContain(place.name);
  });

  test('iCalendar: the same bookings at the same wall-clock times and zones, or days', async ({
    server,
  }) => {
    const copy = await roundTrip(server, 'ics');
    expect(bookingsOf(original)).toContainEqual([
      'Lisboa Card',
      null,
      null,
      null,
      '2027-03-26',
      '2027-03-27',
    ]);
    expect(bookingsOf(copy)).toEqual(expect.arrayContaining(bookingsOf(original)));
  });
});
