import type { Page, Stage } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
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
  newTrip,
  owner,
  setup,
  stageIds,
  stagesUrl,
  stageUrl,
  useStagesTest,
} from './stages.test-helpers';

useStagesTest();

describe('POST /api/itineraries/{id}/stages', () => {
  it('adds a stage at the end, with every field', async () => {
    const trip = await newTrip();
    const first = await createStage(setup.testApp, owner, trip.id, { title: 'First' });
    const response = await as(owner, 'POST', stagesUrl(trip), {
      payload: {
        title: 'Porto',
        destinationName: 'Porto, Portugal',
        lat: 41.1579,
        lng: -8.6291,
        countryCode: 'PT',
        startDate: '2027-04-02',
        endDate: '2027-04-04',
        notes: 'Port wine cellars',
      },
    });
    const created = expectStatus<Stage>(response, 201);
    expect(created).toMatchObject({
      itineraryId: trip.id,
      title: 'Porto',
      destinationName: 'Porto, Portugal',
      lat: 41.1579,
      lng: -8.6291,
      countryCode: 'PT',
      startDate: '2027-04-02',
      endDate: '2027-04-04',
      notes: 'Port wine cellars',
      version: 1,
    });
    expect(created.position > first.position).toBe(true);
    expect(await stageIds(trip)).toEqual([first.id, created.id]);
  });

  it('accepts the edges of the coordinate ranges', async () => {
    const trip = await newTrip();
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
    ] as const) {
      const stage = await createStage(setup.testApp, owner, trip.id, { lat, lng });
      expect(stage).toMatchObject({ lat, lng });
    }
  });

  it('afterId puts the new stage right after another; null at the start', async () => {
    const trip = await newTrip();
    const a = await createStage(setup.testApp, owner, trip.id, { title: 'A' });
    const c = await createStage(setup.testApp, owner, trip.id, { title: 'C' });
    const b = await createStage(setup.testApp, owner, trip.id, { title: 'B', afterId: a.id });
    const start = await createStage(setup.testApp, owner, trip.id, { afterId: null });
    expect(await stageIds(trip)).toEqual([start.id, a.id, b.id, c.id]);
  });

  it('400 naming afterId when it is not a stage of this itinerary', async () => {
    const trip = await newTrip();
    const other = await newTrip();
    const foreign = await createStage(setup.testApp, owner, other.id);
    for (const afterId of [foreign.id, missingId()]) {
      const response = await as(owner, 'POST', stagesUrl(trip), {
        payload: { title: 'x', afterId },
      });
      expectFieldError(response, 'afterId');
    }
    expect(await stageIds(trip)).toEqual([]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', {}, 'title'],
    ['a title too long', { title: 'x'.repeat(121) }, 'title'],
    ['latitude 91', { title: 'x', lat: 91 }, 'lat'],
    ['latitude -90.0001', { title: 'x', lat: -90.0001 }, 'lat'],
    ['longitude -181', { title: 'x', lng: -181 }, 'lng'],
    ['longitude 180.5', { title: 'x', lng: 180.5 }, 'lng'],
    ['a latitude as text', { title: 'x', lat: '45' }, 'lat'],
    [
      'an end before the start',
      { title: 'x', startDate: '2027-04-05', endDate: '2027-04-01' },
      'endDate',
    ],
    ['a date that does not exist', { title: 'x', startDate: '2027-02-30' }, 'startDate'],
    ['a lower-case country code', { title: 'x', countryCode: 'pt' }, 'countryCode'],
    ['notes too long', { title: 'x', notes: 'x'.repeat(10_001) }, 'notes'],
    ['an unknown field', { title: 'x', colour: 'red' }, 'colour'],
    ['an afterId that is not an id', { title: 'x', afterId: 'first' }, 'afterId'],
  ];
  it.each(invalid)('400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    expectFieldError(await as(owner, 'POST', stagesUrl(trip), { payload }), field);
  });
});

describe('GET /api/itineraries/{id}/stages[/{stageId}]', () => {
  it('lists the stages in order and answers one', async () => {
    const trip = await newTrip();
    const empty = expectStatus<Page<Stage>>(await as(owner, 'GET', stagesUrl(trip)), 200);
    expect(empty).toEqual({ items: [], nextCursor: null });
    const a = await createStage(setup.testApp, owner, trip.id, { title: 'A' });
    const b = await createStage(setup.testApp, owner, trip.id, { title: 'B' });
    const page = expectStatus<Page<Stage>>(await as(owner, 'GET', stagesUrl(trip)), 200);
    expect(page.items.map((stage) => stage.id)).toEqual([a.id, b.id]);
    expect(expectStatus<Stage>(await as(owner, 'GET', stageUrl(trip, b)), 200)).toEqual(b);
  });

  it('404 for a stage that does not exist, and for a stage id that is not a UUIDv7', async () => {
    const trip = await newTrip();
    const missing = await as(owner, 'GET', `${stagesUrl(trip)}/${missingId()}`);
    expectError(missing, 404, 'stage/not-found');
    expectError(await as(owner, 'GET', `${stagesUrl(trip)}/abc`), 404, 'route/not-found');
  });
});

describe('PATCH /api/itineraries/{id}/stages/{stageId}', () => {
  it('changes the fields sent and bumps the version; the itinerary is touched', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id, { title: 'Old' });
    const response = await as(owner, 'PATCH', stageUrl(trip, stage), {
      payload: { title: 'New', lat: 10, lng: 20, destinationName: null, version: 1 },
    });
    const changed = expectStatus<Stage>(response, 200);
    expect(changed).toMatchObject({ title: 'New', lat: 10, lng: 20, version: 2 });
    expect(changed.position).toBe(stage.position);
    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.stages).toEqual([changed]);
    // Content changes mark the itinerary as changed, without a new itinerary version.
    expect(tree.itinerary.version).toBe(trip.version);
    expect(Date.parse(tree.itinerary.updatedAt)).toBeGreaterThanOrEqual(Date.parse(trip.updatedAt));
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['latitude 91', { lat: 91 }, 'lat'],
    ['longitude -181', { lng: -181 }, 'lng'],
    ['a blank title', { title: ' ' }, 'title'],
    ['a title too long', { title: 'x'.repeat(121) }, 'title'],
    ['an end before the stored start', { endDate: '2027-03-31' }, 'endDate'],
    ['an end before the start', { startDate: '2027-05-02', endDate: '2027-05-01' }, 'endDate'],
    ['a date that does not exist', { endDate: '2027-02-30' }, 'endDate'],
    ['an unknown field', { position: 'a0' }, 'position'],
    ['an unknown field (afterId belongs to create and move)', { afterId: null }, 'afterId'],
  ];
  it.each(invalid)('400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id, { startDate: '2027-04-01' });
    expectFieldError(await as(owner, 'PATCH', stageUrl(trip, stage), { payload }), field);
    expect(expectStatus<Stage>(await as(owner, 'GET', stageUrl(trip, stage)), 200)).toEqual(stage);
  });

  // A date set to null is cleared: the order check must not compare the new end with the
  // start being removed.
  it('clearing the start date while setting an earlier end is accepted', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id, { startDate: '2027-04-10' });
    const response = await as(owner, 'PATCH', stageUrl(trip, stage), {
      payload: { startDate: null, endDate: '2027-04-01' },
    });
    expect(expectStatus<Stage>(response, 200)).toMatchObject({
      startDate: null,
      endDate: '2027-04-01',
    });
  });

  it('409 on a stale version (body or If-Match), with the stage as it is now', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    const url = stageUrl(trip, stage);
    expectStatus(await as(owner, 'PATCH', url, { payload: { title: 'v2', version: 1 } }), 200);
    const now = expectStatus<Stage>(await as(owner, 'GET', url), 200);

    const byBody = await as(owner, 'PATCH', url, { payload: { title: 'lost', version: 1 } });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'PATCH', url, {
      payload: { title: 'lost' },
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect(expectStatus<Stage>(await as(owner, 'GET', url), 200)).toEqual(now);
  });
});

describe('DELETE /api/itineraries/{id}/stages/{stageId}', () => {
  it('deletes the stage; its places stay in the itinerary, outside any stage', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    const kept = await createStage(setup.testApp, owner, trip.id);
    const place = await createPlace(setup.testApp, owner, trip.id, { stageId: stage.id });

    const response = await as(owner, 'DELETE', stageUrl(trip, stage), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await as(owner, 'GET', stageUrl(trip, stage)), 404, 'stage/not-found');
    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.stages.map((row) => row.id)).toEqual([kept.id]);
    expect(tree.places.map((row) => [row.id, row.stageId])).toEqual([[place.id, null]]);
    // Deleting it again: 404.
    const again = await as(owner, 'DELETE', stageUrl(trip, stage), { payload: {} });
    expectError(again, 404, 'stage/not-found');
  });

  it('409 on a stale version (body or If-Match), with the stage as it is now', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    const url = stageUrl(trip, stage);
    const now = expectStatus<Stage>(
      await as(owner, 'PATCH', url, { payload: { notes: 'changed' } }),
      200,
    );
    const byBody = await as(owner, 'DELETE', url, { payload: { version: 1 } });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect((await as(owner, 'DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  it('DELETE without a body (If-Match only) deletes the stage', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    const response = await as(owner, 'DELETE', stageUrl(trip, stage), {
      headers: { 'if-match': '"1"' },
    });
    expect(response.statusCode).toBe(204);
  });
});
