import type { Itinerary, Place, Stage } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import type { Client } from '../../../test/clients';
import {
  conflictCurrent,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createItinerary, createPlace, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { FULL_PLACE, layout, placeUrl } from './places.test-helpers';

const test = serverTest();

describe('PATCH /api/itineraries/{id}/places/{placeId}', () => {
  test('changes the fields sent and bumps the version', async ({ owner, trip }) => {
    const place = await createPlace(owner, trip.id, FULL_PLACE);
    const response = await owner.patch(placeUrl(trip, place), {
      name: 'Belém Tower',
      costMinor: null,
      currency: null,
      time: null,
      version: 1,
    });
    const changed = expectStatus<Place>(response, 200);
    expect(changed).toMatchObject({
      ...FULL_PLACE,
      name: 'Belém Tower',
      costMinor: null,
      currency: null,
      time: null,
      version: 2,
    });
    expect(expectStatus<Place>(await owner.get(placeUrl(trip, place)), 200)).toEqual(changed);
  });

  test('a cost alone is accepted when a currency is stored', async ({ owner, trip }) => {
    const place = await createPlace(owner, trip.id, {
      costMinor: 100,
      currency: 'GBP',
    });
    const response = await owner.patch(placeUrl(trip, place), { costMinor: 250 });
    expect(expectStatus<Place>(response, 200)).toMatchObject({ costMinor: 250, currency: 'GBP' });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['latitude 91', { lat: 91 }, 'lat'],
    ['longitude -181', { lng: -181 }, 'lng'],
    ['a cost while no currency is stored', { costMinor: 3 }, 'currency'],
    ['an unknown currency XYZ', { currency: 'XYZ' }, 'currency'],
    ['a lower-case currency eur', { currency: 'eur' }, 'currency'],
    ['a javascript: address', { url: 'javascript:alert(1)' }, 'url'],
    ['an ftp: address', { url: 'ftp://x' }, 'url'],
    ['a day that does not exist', { day: '2027-02-30' }, 'day'],
    ['a blank name', { name: '' }, 'name'],
    ['a name too long', { name: 'x'.repeat(161) }, 'name'],
    ['an unknown field', { itineraryId: missingId() }, 'itineraryId'],
    ['a stage of no itinerary of this one', { stageId: missingId() }, 'stageId'],
  ];
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    const place = await createPlace(owner, trip.id);
    expectFieldError(await owner.patch(placeUrl(trip, place), payload), field);
    expect(expectStatus<Place>(await owner.get(placeUrl(trip, place)), 200)).toEqual(place);
  });

  test('400 naming currency when clearing it while a cost is stored', async ({ owner, trip }) => {
    const place = await createPlace(owner, trip.id, {
      costMinor: 100,
      currency: 'USD',
    });
    const response = await owner.patch(placeUrl(trip, place), { currency: null });
    expectFieldError(response, 'currency');
  });

  test('a new stageId puts the place at the end of that stage', async ({ owner, trip }) => {
    const first = await createStage(owner, trip.id);
    const second = await createStage(owner, trip.id);
    const moving = await createPlace(owner, trip.id, {
      name: 'Moving',
      stageId: first.id,
    });
    await createPlace(owner, trip.id, { name: 'S1', stageId: second.id });
    await createPlace(owner, trip.id, { name: 'S2', stageId: second.id });
    const response = await owner.patch(placeUrl(trip, moving), { stageId: second.id });
    expect(expectStatus<Place>(response, 200).stageId).toBe(second.id);
    expect(await layout(owner, trip)).toEqual({ [second.id]: ['S1', 'S2', 'Moving'] });
  });

  test('409 on a stale version (body or If-Match), with the place as it is now', async ({
    owner,
    trip,
  }) => {
    const place = await createPlace(owner, trip.id);
    const url = placeUrl(trip, place);
    const now = expectStatus<Place>(await owner.patch(url, { name: 'v2', version: 1 }), 200);
    const byBody = await owner.patch(url, { name: 'lost', version: 1 });
    expect(conflictCurrent<Place>(byBody)).toEqual(now);
    const byHeader = await owner.patch(url, { name: 'lost' }, { headers: { 'if-match': '"1"' } });
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    expect(expectStatus<Place>(await owner.get(url), 200)).toEqual(now);
  });
});

describe('DELETE /api/itineraries/{id}/places/{placeId}', () => {
  test('deletes the place', async ({ owner, trip }) => {
    const place = await createPlace(owner, trip.id);
    const kept = await createPlace(owner, trip.id);
    const response = await owner.request('DELETE', placeUrl(trip, place), { payload: {} });
    expect(response.statusCode).toBe(204);
    expectError(await owner.get(placeUrl(trip, place)), 404, 'place/not-found');
    expect((await getTree(owner, trip.id)).places).toEqual([kept]);
  });

  test('409 on a stale version (body or If-Match), with the place as it is now', async ({
    owner,
    trip,
  }) => {
    const place = await createPlace(owner, trip.id);
    const url = placeUrl(trip, place);
    const now = expectStatus<Place>(await owner.patch(url, { lat: 1 }), 200);
    expect(
      conflictCurrent<Place>(await owner.request('DELETE', url, { payload: { version: 1 } })),
    ).toEqual(now);
    const byHeader = await owner.request('DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    expect((await owner.request('DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  test('DELETE without a body deletes the place', async ({ owner, trip }) => {
    const place = await createPlace(owner, trip.id);
    expect((await owner.delete(placeUrl(trip, place))).statusCode).toBe(204);
  });
});

describe('POST /api/itineraries/{id}/places/{placeId}/move', () => {
  let owner: Client;
  let trip: Itinerary;
  let stageA: Stage;
  let stageB: Stage;
  const places = new Map<string, Place>();
  const move = async (name: string, payload: Record<string, unknown>) => {
    const place = places.get(name);
    if (!place) throw new Error(`no place ${name}`);
    const response = await owner.post(`${placeUrl(trip, place)}/move`, payload);
    const moved = expectStatus<Place>(response, 200);
    places.set(name, moved);
    return moved;
  };
  const id = (name: string) => places.get(name)?.id ?? missingId();

  test.beforeAll(async ({ owner: fileOwner }) => {
    owner = fileOwner;
    trip = await createItinerary(owner);
    stageA = await createStage(owner, trip.id, { title: 'A' });
    stageB = await createStage(owner, trip.id, { title: 'B' });
    for (const [name, stageId] of [
      ['a1', stageA.id],
      ['a2', stageA.id],
      ['a3', stageA.id],
      ['b1', stageB.id],
      ['b2', stageB.id],
      ['n1', null],
    ] as const) {
      places.set(name, await createPlace(owner, trip.id, { name, stageId }));
    }
  });

  test('moves within a stage, writing only the moved place', async () => {
    const before = (await getTree(owner, trip.id)).places;
    const moved = await move('a3', { afterId: null });
    expect(moved).toMatchObject({ stageId: stageA.id, version: 2 });
    expect(await layout(owner, trip)).toEqual({
      [stageA.id]: ['a3', 'a1', 'a2'],
      [stageB.id]: ['b1', 'b2'],
      none: ['n1'],
    });
    const after = (await getTree(owner, trip.id)).places;
    const unchanged = before.filter((place) => place.id !== moved.id);
    expect(after.filter((place) => place.id !== moved.id)).toEqual(
      expect.arrayContaining(unchanged),
    );
  });

  test('moves into another stage after a given place; both stages keep their order', async () => {
    const moved = await move('a1', { stageId: stageB.id, afterId: id('b1') });
    expect(moved.stageId).toBe(stageB.id);
    expect(await layout(owner, trip)).toEqual({
      [stageA.id]: ['a3', 'a2'],
      [stageB.id]: ['b1', 'a1', 'b2'],
      none: ['n1'],
    });
  });

  test('moves to the start of another stage', async () => {
    await move('b2', { stageId: stageA.id, afterId: null });
    expect(await layout(owner, trip)).toEqual({
      [stageA.id]: ['b2', 'a3', 'a2'],
      [stageB.id]: ['b1', 'a1'],
      none: ['n1'],
    });
  });

  test('moves out of any stage (stageId null), and back in', async () => {
    const out = await move('a3', { stageId: null, afterId: id('n1') });
    expect(out.stageId).toBeNull();
    expect(await layout(owner, trip)).toEqual({
      [stageA.id]: ['b2', 'a2'],
      [stageB.id]: ['b1', 'a1'],
      none: ['n1', 'a3'],
    });
    await move('n1', { stageId: stageB.id, afterId: id('a1') });
    expect(await layout(owner, trip)).toEqual({
      [stageA.id]: ['b2', 'a2'],
      [stageB.id]: ['b1', 'a1', 'n1'],
      none: ['a3'],
    });
  });

  test('400 naming afterId when it is not in the target stage', async () => {
    const before = await layout(owner, trip);
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    // b1 is in stage B, not in A (the place's own stage, as no stageId is sent).
    expectFieldError(await owner.post(url, { afterId: id('b1') }), 'afterId');
    // b1 is not outside any stage either.
    expectFieldError(await owner.post(url, { afterId: id('b1'), stageId: null }), 'afterId');
    expectFieldError(await owner.post(url, { afterId: place.id }), 'afterId');
    expectFieldError(await owner.post(url, { afterId: null, stageId: missingId() }), 'stageId');
    expect(await layout(owner, trip)).toEqual(before);
  });

  test('400 naming stageId for a stage of another itinerary; a foreign afterId is 400', async () => {
    const other = await createItinerary(owner);
    const foreignStage = await createStage(owner, other.id);
    const foreignPlace = await createPlace(owner, other.id, {
      stageId: foreignStage.id,
    });
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    expectFieldError(await owner.post(url, { afterId: null, stageId: foreignStage.id }), 'stageId');
    expectFieldError(await owner.post(url, { afterId: foreignPlace.id }), 'afterId');
  });

  test('409 on a stale version (body or If-Match), with the place as it is now', async () => {
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    const now = expectStatus<Place>(await owner.get(placeUrl(trip, place)), 200);
    const stale = now.version - 1 || 99;
    const byBody = await owner.post(url, { afterId: null, version: stale });
    expect(conflictCurrent<Place>(byBody)).toEqual(now);
    const byHeader = await owner.post(
      url,
      { afterId: null },
      { headers: { 'if-match': `"${stale}"` } },
    );
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    const current = await owner.post(url, { afterId: null, version: now.version });
    expect(expectStatus<Place>(current, 200).version).toBe(now.version + 1);
  });
});
