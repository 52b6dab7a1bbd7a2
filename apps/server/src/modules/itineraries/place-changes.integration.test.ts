import type { Itinerary, Place, Stage } from '@jammy/shared/itineraries';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  conflictCurrent,
  createPlace,
  createStage,
  expectError,
  expectFieldError,
  expectStatus,
  getTree,
  missingId,
} from '../../../test/itinerary-helpers';
import {
  as,
  FULL_PLACE,
  layout,
  newTrip,
  owner,
  placeUrl,
  setup,
  usePlacesTest,
} from './places.test-helpers';

usePlacesTest();

describe('PATCH /api/itineraries/{id}/places/{placeId}', () => {
  it('changes the fields sent and bumps the version', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id, FULL_PLACE);
    const response = await as(owner, 'PATCH', placeUrl(trip, place), {
      payload: { name: 'Belém Tower', costMinor: null, currency: null, time: null, version: 1 },
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
    expect(expectStatus<Place>(await as(owner, 'GET', placeUrl(trip, place)), 200)).toEqual(
      changed,
    );
  });

  it('a cost alone is accepted when a currency is stored', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id, {
      costMinor: 100,
      currency: 'GBP',
    });
    const response = await as(owner, 'PATCH', placeUrl(trip, place), {
      payload: { costMinor: 250 },
    });
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
  it.each(invalid)('400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id);
    expectFieldError(await as(owner, 'PATCH', placeUrl(trip, place), { payload }), field);
    expect(expectStatus<Place>(await as(owner, 'GET', placeUrl(trip, place)), 200)).toEqual(place);
  });

  it('400 naming currency when clearing it while a cost is stored', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id, {
      costMinor: 100,
      currency: 'USD',
    });
    const response = await as(owner, 'PATCH', placeUrl(trip, place), {
      payload: { currency: null },
    });
    expectFieldError(response, 'currency');
  });

  it('a new stageId puts the place at the end of that stage', async () => {
    const trip = await newTrip();
    const first = await createStage(setup.testApp, owner, trip.id);
    const second = await createStage(setup.testApp, owner, trip.id);
    const moving = await createPlace(setup.testApp, owner, trip.id, {
      name: 'Moving',
      stageId: first.id,
    });
    await createPlace(setup.testApp, owner, trip.id, { name: 'S1', stageId: second.id });
    await createPlace(setup.testApp, owner, trip.id, { name: 'S2', stageId: second.id });
    const response = await as(owner, 'PATCH', placeUrl(trip, moving), {
      payload: { stageId: second.id },
    });
    expect(expectStatus<Place>(response, 200).stageId).toBe(second.id);
    expect(await layout(trip)).toEqual({ [second.id]: ['S1', 'S2', 'Moving'] });
  });

  it('409 on a stale version (body or If-Match), with the place as it is now', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id);
    const url = placeUrl(trip, place);
    const now = expectStatus<Place>(
      await as(owner, 'PATCH', url, { payload: { name: 'v2', version: 1 } }),
      200,
    );
    const byBody = await as(owner, 'PATCH', url, { payload: { name: 'lost', version: 1 } });
    expect(conflictCurrent<Place>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'PATCH', url, {
      payload: { name: 'lost' },
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    expect(expectStatus<Place>(await as(owner, 'GET', url), 200)).toEqual(now);
  });
});

describe('DELETE /api/itineraries/{id}/places/{placeId}', () => {
  it('deletes the place', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id);
    const kept = await createPlace(setup.testApp, owner, trip.id);
    const response = await as(owner, 'DELETE', placeUrl(trip, place), { payload: {} });
    expect(response.statusCode).toBe(204);
    expectError(await as(owner, 'GET', placeUrl(trip, place)), 404, 'place/not-found');
    expect((await getTree(setup.testApp, owner, trip.id)).places).toEqual([kept]);
  });

  it('409 on a stale version (body or If-Match), with the place as it is now', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id);
    const url = placeUrl(trip, place);
    const now = expectStatus<Place>(await as(owner, 'PATCH', url, { payload: { lat: 1 } }), 200);
    expect(
      conflictCurrent<Place>(await as(owner, 'DELETE', url, { payload: { version: 1 } })),
    ).toEqual(now);
    const byHeader = await as(owner, 'DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    expect((await as(owner, 'DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  it('DELETE without a body deletes the place', async () => {
    const trip = await newTrip();
    const place = await createPlace(setup.testApp, owner, trip.id);
    expect((await as(owner, 'DELETE', placeUrl(trip, place))).statusCode).toBe(204);
  });
});

describe('POST /api/itineraries/{id}/places/{placeId}/move', () => {
  let trip: Itinerary;
  let stageA: Stage;
  let stageB: Stage;
  const places = new Map<string, Place>();
  const move = async (name: string, payload: Record<string, unknown>) => {
    const place = places.get(name);
    if (!place) throw new Error(`no place ${name}`);
    const response = await as(owner, 'POST', `${placeUrl(trip, place)}/move`, { payload });
    const moved = expectStatus<Place>(response, 200);
    places.set(name, moved);
    return moved;
  };
  const id = (name: string) => places.get(name)?.id ?? missingId();

  beforeAll(async () => {
    trip = await newTrip();
    stageA = await createStage(setup.testApp, owner, trip.id, { title: 'A' });
    stageB = await createStage(setup.testApp, owner, trip.id, { title: 'B' });
    for (const [name, stageId] of [
      ['a1', stageA.id],
      ['a2', stageA.id],
      ['a3', stageA.id],
      ['b1', stageB.id],
      ['b2', stageB.id],
      ['n1', null],
    ] as const) {
      places.set(name, await createPlace(setup.testApp, owner, trip.id, { name, stageId }));
    }
  });

  it('moves within a stage, writing only the moved place', async () => {
    const before = (await getTree(setup.testApp, owner, trip.id)).places;
    const moved = await move('a3', { afterId: null });
    expect(moved).toMatchObject({ stageId: stageA.id, version: 2 });
    expect(await layout(trip)).toEqual({
      [stageA.id]: ['a3', 'a1', 'a2'],
      [stageB.id]: ['b1', 'b2'],
      none: ['n1'],
    });
    const after = (await getTree(setup.testApp, owner, trip.id)).places;
    const unchanged = before.filter((place) => place.id !== moved.id);
    expect(after.filter((place) => place.id !== moved.id)).toEqual(
      expect.arrayContaining(unchanged),
    );
  });

  it('moves into another stage after a given place; both stages keep their order', async () => {
    const moved = await move('a1', { stageId: stageB.id, afterId: id('b1') });
    expect(moved.stageId).toBe(stageB.id);
    expect(await layout(trip)).toEqual({
      [stageA.id]: ['a3', 'a2'],
      [stageB.id]: ['b1', 'a1', 'b2'],
      none: ['n1'],
    });
  });

  it('moves to the start of another stage', async () => {
    await move('b2', { stageId: stageA.id, afterId: null });
    expect(await layout(trip)).toEqual({
      [stageA.id]: ['b2', 'a3', 'a2'],
      [stageB.id]: ['b1', 'a1'],
      none: ['n1'],
    });
  });

  it('moves out of any stage (stageId null), and back in', async () => {
    const out = await move('a3', { stageId: null, afterId: id('n1') });
    expect(out.stageId).toBeNull();
    expect(await layout(trip)).toEqual({
      [stageA.id]: ['b2', 'a2'],
      [stageB.id]: ['b1', 'a1'],
      none: ['n1', 'a3'],
    });
    await move('n1', { stageId: stageB.id, afterId: id('a1') });
    expect(await layout(trip)).toEqual({
      [stageA.id]: ['b2', 'a2'],
      [stageB.id]: ['b1', 'a1', 'n1'],
      none: ['a3'],
    });
  });

  it('400 naming afterId when it is not in the target stage', async () => {
    const before = await layout(trip);
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    // b1 is in stage B, not in A (the place's own stage, as no stageId is sent).
    expectFieldError(await as(owner, 'POST', url, { payload: { afterId: id('b1') } }), 'afterId');
    // b1 is not outside any stage either.
    expectFieldError(
      await as(owner, 'POST', url, { payload: { afterId: id('b1'), stageId: null } }),
      'afterId',
    );
    expectFieldError(await as(owner, 'POST', url, { payload: { afterId: place.id } }), 'afterId');
    expectFieldError(
      await as(owner, 'POST', url, { payload: { afterId: null, stageId: missingId() } }),
      'stageId',
    );
    expect(await layout(trip)).toEqual(before);
  });

  it('400 naming stageId for a stage of another itinerary; a foreign afterId is 400', async () => {
    const other = await newTrip();
    const foreignStage = await createStage(setup.testApp, owner, other.id);
    const foreignPlace = await createPlace(setup.testApp, owner, other.id, {
      stageId: foreignStage.id,
    });
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    expectFieldError(
      await as(owner, 'POST', url, { payload: { afterId: null, stageId: foreignStage.id } }),
      'stageId',
    );
    expectFieldError(
      await as(owner, 'POST', url, { payload: { afterId: foreignPlace.id } }),
      'afterId',
    );
  });

  it('409 on a stale version (body or If-Match), with the place as it is now', async () => {
    const place = places.get('a2');
    if (!place) throw new Error('no a2');
    const url = `${placeUrl(trip, place)}/move`;
    const now = expectStatus<Place>(await as(owner, 'GET', placeUrl(trip, place)), 200);
    const stale = now.version - 1 || 99;
    const byBody = await as(owner, 'POST', url, { payload: { afterId: null, version: stale } });
    expect(conflictCurrent<Place>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'POST', url, {
      payload: { afterId: null },
      headers: { 'if-match': `"${stale}"` },
    });
    expect(conflictCurrent<Place>(byHeader)).toEqual(now);
    const current = await as(owner, 'POST', url, {
      payload: { afterId: null, version: now.version },
    });
    expect(expectStatus<Place>(current, 200).version).toBe(now.version + 1);
  });
});
