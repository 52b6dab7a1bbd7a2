import type { DayPlan, DayProposal, DayTravel } from '@jammy/shared/days';
import type { Itinerary, Page, Place, Stage } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import type { Factories } from '../../../test/fixture';

const test = serverTest();

// Saturday 3 April 2027, in Lisbon.
const DAY = '2027-04-03';

const dayUrl = (trip: Itinerary, stage: Stage, day = DAY) =>
  `/api/itineraries/${trip.id}/stages/${stage.id}/days/${day}`;

/**
 * A day in Lisbon between the hotel and a dinner booking, with its places in an order that
 * criss-crosses the city: west (Belém), east, west, east.
 */
async function lisbonDay(make: Factories) {
  const stage = await make.stage({
    title: 'Lisbon',
    startDate: '2027-04-02',
    endDate: '2027-04-05',
  });
  const hotel = await make.place({
    stageId: stage.id,
    name: 'Hotel Avenida',
    category: 'lodging',
    lat: 38.7167,
    lng: -9.1415,
  });
  await make.booking({
    kind: 'accommodation',
    title: 'Hotel Avenida',
    placeId: hotel.id,
    startDate: '2027-04-02',
    endDate: '2027-04-05',
  });
  const at = (name: string, lat: number, lng: number, values: Record<string, unknown> = {}) =>
    make.place({ stageId: stage.id, name, lat, lng, day: DAY, durationMinutes: 30, ...values });
  const places = [
    await at('Jerónimos Monastery', 38.6979, -9.2068, {
      // Closed on Saturdays in this test: the plan must warn.
      openingHours: 'Mo-Fr 10:00-18:00',
    }),
    await at('Lisbon Cathedral', 38.7099, -9.1335),
    await at('Belém Tower', 38.6916, -9.216),
    await at('São Jorge Castle', 38.7139, -9.1335),
  ];
  await make.booking({
    kind: 'restaurant',
    title: 'Dinner at Taberna',
    confirmationCode: null,
    startAt: `${DAY}T20:00`,
    startZone: 'Europe/Lisbon',
    fromLat: 38.7107,
    fromLng: -9.1439,
  });
  return { stage, hotel, places };
}

describe('GET …/stages/{stageId}/days/{day}/plan', () => {
  test('times the day from the hotel through its places to the dinner, with warnings', async ({
    owner,
    trip,
    make,
  }) => {
    const { stage, places } = await lisbonDay(make);
    const plan = expectStatus<DayPlan>(await owner.get(`${dayUrl(trip, stage)}/plan`), 200);
    expect(plan.start).toMatchObject({ name: 'Hotel Avenida', lat: 38.7167, time: null });
    expect(plan.end).toMatchObject({ name: 'Dinner at Taberna', time: '20:00' });
    expect(plan.stops.map((stop) => stop.placeId)).toEqual(places.map((place) => place.id));
    expect(plan.router).toBeNull();
    expect(plan.legs).toHaveLength(5);
    expect(plan.legs.every((leg) => leg.estimate && leg.durationSeconds > 0)).toBe(true);
    expect(plan.timeline.startTime).toBe('09:00');
    expect(plan.timeline.stops[0]?.arrive).toBe(
      9 * 60 + Math.ceil((plan.legs[0]?.durationSeconds ?? 0) / 60),
    );
    // Waits for the dinner at 20:00.
    expect(plan.timeline.finish).toBe(20 * 60);
    expect(plan.timeline.warnings).toEqual([{ kind: 'closed', stop: 0 }]);

    // The travel alone: the same legs, without the clock.
    const travel = expectStatus<DayTravel>(await owner.get(`${dayUrl(trip, stage)}/travel`), 200);
    expect(travel.legs).toEqual(plan.legs);
    expect(travel).not.toHaveProperty('timeline');
  });

  test('starts when asked, by bike, and warns of a day too long for the dinner', async ({
    owner,
    trip,
    make,
  }) => {
    const { stage } = await lisbonDay(make);
    const plan = expectStatus<DayPlan>(
      await owner.get(`${dayUrl(trip, stage)}/plan?mode=bike&start=19:30&end=20:00`),
      200,
    );
    expect(plan.mode).toBe('bike');
    expect(plan.timeline.warnings).toContainEqual(
      expect.objectContaining({ kind: 'late', stop: null }),
    );
    expect(plan.timeline.warnings).toContainEqual(expect.objectContaining({ kind: 'overrun' }));
  });

  test('sets aside a place without coordinates, and answers an empty day', async ({
    owner,
    trip,
    make,
  }) => {
    const stage = await make.stage();
    const nowhere = await make.place({ stageId: stage.id, name: 'Somewhere', day: DAY });
    const plan = expectStatus<DayPlan>(await owner.get(`${dayUrl(trip, stage)}/plan`), 200);
    expect(plan.unlocated).toEqual([{ id: nowhere.id, name: 'Somewhere' }]);
    expect(plan.stops).toEqual([]);
    expect(plan.timeline.finish).toBe(9 * 60);
  });

  test('400 naming the field for a bad mode or time; 404 for a day or stage that is not', async ({
    owner,
    trip,
    make,
  }) => {
    const stage = await make.stage();
    expectFieldError(await owner.get(`${dayUrl(trip, stage)}/plan?mode=plane`), 'mode');
    expectFieldError(await owner.get(`${dayUrl(trip, stage)}/plan?start=25:00`), 'start');
    // A path that names no day, as one that names no row, is no address of the API.
    expectError(
      await owner.get(`${dayUrl(trip, stage, '2027-02-30')}/plan`),
      404,
      'route/not-found',
    );
    const other = await make.stage();
    const deleted = await owner.delete(`/api/itineraries/${trip.id}/stages/${other.id}`);
    expect(deleted.statusCode).toBe(204);
    expectError(await owner.get(`${dayUrl(trip, other)}/plan`), 404, 'stage/not-found');
  });

  test('any member reads it; a stranger is refused as if the trip were not there', async ({
    trip,
    make,
    as,
  }) => {
    const { stage } = await lisbonDay(make);
    const url = `${dayUrl(trip, stage)}/plan`;
    expectStatus<DayPlan>(await (await as('viewer')).get(url), 200);
    expectError(await (await as('stranger')).get(url), 404, 'itinerary/not-found');
    expect((await (await as('anonymous')).get(url)).statusCode).toBe(401);
  });
});

describe('GET …/days/{day}/optimised and PUT …/days/{day}/order', () => {
  test('proposes the shorter order, which an editor accepts: the places take it', async ({
    owner,
    trip,
    make,
    as,
  }) => {
    const { stage, places, hotel } = await lisbonDay(make);
    const viewer = await as('viewer');
    const proposal = expectStatus<DayProposal>(
      await viewer.get(`${dayUrl(trip, stage)}/optimised`),
      200,
    );
    expect(proposal.method).toBe('exact');
    expect(proposal.savedSeconds).toBeGreaterThan(0);
    expect(proposal.proposed.legs.reduce((sum, leg) => sum + leg.durationSeconds, 0)).toBe(
      proposal.current.legs.reduce((sum, leg) => sum + leg.durationSeconds, 0) -
        proposal.savedSeconds,
    );
    const [monastery, cathedral, tower, castle] = places.map((place) => place.id);
    // East first (near the hotel), then Belém, back to dinner; or the other way round.
    expect([
      [cathedral, castle, monastery, tower].join(),
      [castle, cathedral, tower, monastery].join(),
      [tower, monastery, castle, cathedral].join(),
      [monastery, tower, cathedral, castle].join(),
    ]).toContain(proposal.placeIds.join());

    const order = `${dayUrl(trip, stage)}/order`;
    expect((await viewer.put(order, { placeIds: proposal.placeIds })).statusCode).toBe(403);
    const editor = await as('editor');
    const applied = expectStatus<Page<Place>>(
      await editor.put(order, { placeIds: proposal.placeIds }),
      200,
    );
    expect(applied.items.map((place) => place.id)).toEqual(proposal.placeIds);

    // The stage's order now has the day's places as proposed, the hotel where it was.
    const listed = expectStatus<Page<Place>>(
      await owner.get(`/api/itineraries/${trip.id}/places?stageId=${stage.id}`),
      200,
    );
    expect(listed.items.map((place) => place.id)).toEqual([hotel.id, ...proposal.placeIds]);
    // The trip's document, kept between reads, is fresh too.
    const tree = await getTree(owner, trip.id);
    expect(tree.places.map((place) => place.id)).toEqual([hotel.id, ...proposal.placeIds]);
    const plan = expectStatus<DayPlan>(await owner.get(`${dayUrl(trip, stage)}/plan`), 200);
    expect(plan.stops.map((stop) => stop.placeId)).toEqual(proposal.placeIds);

    const activity = expectStatus<{ items: { kind: string; data: Record<string, unknown> }[] }>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    expect(activity.items[0]).toMatchObject({
      kind: 'place.reordered',
      data: { stageId: stage.id, stageTitle: 'Lisbon', day: DAY, placeIds: proposal.placeIds },
    });
  });

  test('keeps a pinned place where it is', async ({ owner, trip, make }) => {
    const { stage, places } = await lisbonDay(make);
    const pinned = places[0]?.id ?? '';
    const proposal = expectStatus<DayProposal>(
      await owner.get(`${dayUrl(trip, stage)}/optimised?pinned=${pinned}`),
      200,
    );
    expect(proposal.placeIds[0]).toBe(pinned);
  });

  test('refuses an order that is not the day’s places, each once (400 naming placeIds)', async ({
    owner,
    trip,
    make,
  }) => {
    const { stage, places, hotel } = await lisbonDay(make);
    const ids = places.map((place) => place.id);
    const order = `${dayUrl(trip, stage)}/order`;
    for (const placeIds of [ids.slice(1), [...ids.slice(1), hotel.id], [...ids.slice(1), ids[1]]]) {
      expectFieldError(await owner.put(order, { placeIds }), 'placeIds');
    }
    expectFieldError(await owner.put(order, { placeIds: ['x'] }), 'placeIds.0');
  });

  test('a stranger may neither look nor apply', async ({ trip, make, as }) => {
    const { stage, places } = await lisbonDay(make);
    const stranger = await as('stranger');
    expectError(await stranger.get(`${dayUrl(trip, stage)}/optimised`), 404, 'itinerary/not-found');
    const response = await stranger.put(`${dayUrl(trip, stage)}/order`, {
      placeIds: places.map((place) => place.id),
    });
    expectError(response, 404, 'itinerary/not-found');
  });
});
