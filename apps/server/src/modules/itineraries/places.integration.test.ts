import type { Page, Place } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { expectError, expectFieldError, expectStatus, missingId } from '../../../test/expect';
import { createItinerary, createPlace, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { FULL_PLACE, placesUrl, placeUrl } from './places.test-helpers';

const test = serverTest();

describe('POST /api/itineraries/{id}/places', () => {
  test('adds a place in a stage with every field', async ({ owner, trip }) => {
    const stage = await createStage(owner, trip.id);
    const response = await owner.post(placesUrl(trip), { ...FULL_PLACE, stageId: stage.id });
    const created = expectStatus<Place>(response, 201);
    expect(created).toMatchObject({ ...FULL_PLACE, stageId: stage.id, version: 1 });
    expect(expectStatus<Place>(await owner.get(placeUrl(trip, created)), 200)).toEqual(created);
    const tree = await getTree(owner, trip.id);
    expect(tree.places.find((row) => row.id === created.id)).toEqual(created);
  });

  test('adds a place outside any stage with defaults', async ({ owner, trip }) => {
    const created = await createPlace(owner, trip.id, { name: 'Somewhere' });
    expect(created).toMatchObject({
      stageId: null,
      category: 'sight',
      lat: null,
      lng: null,
      costMinor: null,
      currency: null,
      time: null,
      notes: '',
    });
  });

  test('keeps money exact: integers of the currency minor unit, up to the largest', async ({
    owner,
    trip,
  }) => {
    for (const [costMinor, currency] of [
      [0, 'EUR'],
      [10, 'EUR'],
      [1999, 'EUR'],
      [123_456, 'JPY'],
      [1_234_567, 'KWD'],
      [999_999_999_999, 'USD'],
    ] as const) {
      const created = await createPlace(owner, trip.id, { costMinor, currency });
      expect(created.costMinor).toBe(costMinor);
      const tree = await getTree(owner, trip.id);
      expect(tree.places.find((row) => row.id === created.id)?.costMinor).toBe(costMinor);
    }
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['latitude 91', { lat: 91 }, 'lat'],
    ['latitude -91', { lat: -91 }, 'lat'],
    ['longitude -181', { lng: -181 }, 'lng'],
    ['longitude 181', { lng: 181 }, 'lng'],
    ['a javascript: address', { url: 'javascript:alert(1)' }, 'url'],
    ['an ftp: address', { url: 'ftp://x' }, 'url'],
    ['an address that is not one', { url: 'not a url' }, 'url'],
    ['an unknown currency XYZ', { costMinor: 5, currency: 'XYZ' }, 'currency'],
    ['a lower-case currency eur', { costMinor: 5, currency: 'eur' }, 'currency'],
    ['a cost without a currency', { costMinor: 5 }, 'currency'],
    ['a negative cost', { costMinor: -1, currency: 'EUR' }, 'costMinor'],
    ['a cost with fractions of a cent', { costMinor: 12.5, currency: 'EUR' }, 'costMinor'],
    ['a cost too large', { costMinor: 1e12, currency: 'EUR' }, 'costMinor'],
    ['a cost as a string', { costMinor: '12', currency: 'EUR' }, 'costMinor'],
    ['a time zone-less date in year 0', { day: '0000-01-01' }, 'day'],
    ['a date in year 10000', { day: '10000-01-01' }, 'day'],
    ['a name with a control character', { name: 'Bell\u0007' }, 'name'],
    ['a name with a NUL', { name: 'Nul\u0000' }, 'name'],
    ['a name with a lone surrogate', { name: 'Half \uD83D' }, 'name'],
    ['a name on two lines', { name: 'One\nTwo' }, 'name'],
    ['a day that does not exist', { day: '2027-02-30' }, 'day'],
    ['a time that does not exist', { time: '24:00' }, 'time'],
    ['a time with seconds', { time: '09:30:00' }, 'time'],
    ['a duration that is not whole minutes', { durationMinutes: 1.5 }, 'durationMinutes'],
    ['a negative duration', { durationMinutes: -5 }, 'durationMinutes'],
    ['an unknown category', { category: 'bar' }, 'category'],
    ['opening hours OpenStreetMap cannot read', { openingHours: 'nine to five' }, 'openingHours'],
    ['opening hours too long', { openingHours: `Mo ${'09:00-10:00,'.repeat(30)}` }, 'openingHours'],
    ['a name too long', { name: 'x'.repeat(161) }, 'name'],
    ['an address too long', { address: 'x'.repeat(301) }, 'address'],
    ['notes too long', { notes: 'x'.repeat(4001) }, 'notes'],
    ['a stageId that is not an id', { stageId: 'first' }, 'stageId'],
    ['an unknown field', { rating: 5 }, 'rating'],
    ['the position (not settable)', { position: 'a0' }, 'position'],
  ];
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    const response = await owner.post(placesUrl(trip), { name: 'x', ...payload });
    expectFieldError(response, field);
  });

  test('400 naming openingHours for hours OpenStreetMap cannot read, on a change too', async ({
    owner,
    trip,
  }) => {
    const place = await createPlace(owner, trip.id, { openingHours: 'Mo-Fr 09:00-17:00' });
    expectFieldError(
      await owner.patch(placeUrl(trip, place), { openingHours: 'after lunch' }),
      'openingHours',
    );
    const cleared = expectStatus<Place>(
      await owner.patch(placeUrl(trip, place), { openingHours: null }),
      200,
    );
    expect(cleared.openingHours).toBeNull();
  });

  test('400 naming the field for no name', async ({ owner, trip }) => {
    expectFieldError(await owner.post(placesUrl(trip), {}), 'name');
  });

  test('400 naming stageId for a stage of another itinerary (or none at all)', async ({
    owner,
    trip,
  }) => {
    const foreign = await createStage(owner, (await createItinerary(owner)).id);
    for (const stageId of [foreign.id, missingId()]) {
      const response = await owner.post(placesUrl(trip), { name: 'x', stageId });
      expectFieldError(response, 'stageId');
    }
    expect((await getTree(owner, trip.id)).places).toEqual([]);
  });
});

describe('GET /api/itineraries/{id}/places[/{placeId}]', () => {
  test('lists places in order, optionally of one stage', async ({ owner, trip }) => {
    const stage = await createStage(owner, trip.id);
    const a = await createPlace(owner, trip.id, { name: 'A', stageId: stage.id });
    const loose = await createPlace(owner, trip.id, { name: 'Loose' });
    const b = await createPlace(owner, trip.id, { name: 'B', stageId: stage.id });

    const all = expectStatus<Page<Place>>(await owner.get(placesUrl(trip)), 200);
    expect(all.items.map((place) => place.id).sort()).toEqual([a.id, loose.id, b.id].sort());
    expect(all.nextCursor).toBeNull();
    const ofStage = expectStatus<Page<Place>>(
      await owner.get(`${placesUrl(trip)}?stageId=${stage.id}`),
      200,
    );
    expect(ofStage.items).toEqual([a, b]);
    expectFieldError(await owner.get(`${placesUrl(trip)}?stageId=x`), 'stageId');
    expectFieldError(await owner.get(`${placesUrl(trip)}?sort=name`), 'sort');
  });

  test('404 for a place that does not exist or an id that is not a UUIDv7', async ({
    owner,
    trip,
  }) => {
    expectError(await owner.get(`${placesUrl(trip)}/${missingId()}`), 404, 'place/not-found');
    expectError(await owner.get(`${placesUrl(trip)}/1`), 404, 'route/not-found');
  });
});
