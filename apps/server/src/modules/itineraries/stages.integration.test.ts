import type { Page, Stage } from '@jammy/shared/itineraries';
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
import { stageIds, stagesUrl, stageUrl } from './stages.test-helpers';

const test = serverTest();

describe('POST /api/itineraries/{id}/stages', () => {
  test('adds a stage at the end, with every field', async ({ owner, trip }) => {
    const first = await createStage(owner, trip.id, { title: 'First' });
    const response = await owner.post(stagesUrl(trip), {
      title: 'Porto',
      destinationName: 'Porto, Portugal',
      lat: 41.1579,
      lng: -8.6291,
      countryCode: 'PT',
      startDate: '2027-04-02',
      endDate: '2027-04-04',
      notes: 'Port wine cellars',
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
    expect(await stageIds(owner, trip)).toEqual([first.id, created.id]);
  });

  test('accepts the edges of the coordinate ranges', async ({ owner, trip }) => {
    for (const [lat, lng] of [
      [90, 180],
      [-90, -180],
    ] as const) {
      const stage = await createStage(owner, trip.id, { lat, lng });
      expect(stage).toMatchObject({ lat, lng });
    }
  });

  test('afterId puts the new stage right after another; null at the start', async ({
    owner,
    trip,
  }) => {
    const a = await createStage(owner, trip.id, { title: 'A' });
    const c = await createStage(owner, trip.id, { title: 'C' });
    const b = await createStage(owner, trip.id, { title: 'B', afterId: a.id });
    const start = await createStage(owner, trip.id, { afterId: null });
    expect(await stageIds(owner, trip)).toEqual([start.id, a.id, b.id, c.id]);
  });

  test('400 naming afterId when it is not a stage of this itinerary', async ({ owner, trip }) => {
    const other = await createItinerary(owner);
    const foreign = await createStage(owner, other.id);
    for (const afterId of [foreign.id, missingId()]) {
      const response = await owner.post(stagesUrl(trip), { title: 'x', afterId });
      expectFieldError(response, 'afterId');
    }
    expect(await stageIds(owner, trip)).toEqual([]);
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
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    expectFieldError(await owner.post(stagesUrl(trip), payload), field);
  });
});

describe('GET /api/itineraries/{id}/stages[/{stageId}]', () => {
  test('lists the stages in order and answers one', async ({ owner, trip }) => {
    const empty = expectStatus<Page<Stage>>(await owner.get(stagesUrl(trip)), 200);
    expect(empty).toEqual({ items: [], nextCursor: null });
    const a = await createStage(owner, trip.id, { title: 'A' });
    const b = await createStage(owner, trip.id, { title: 'B' });
    const page = expectStatus<Page<Stage>>(await owner.get(stagesUrl(trip)), 200);
    expect(page.items.map((stage) => stage.id)).toEqual([a.id, b.id]);
    expect(expectStatus<Stage>(await owner.get(stageUrl(trip, b)), 200)).toEqual(b);
  });

  test('404 for a stage that does not exist, and for a stage id that is not a UUIDv7', async ({
    owner,
    trip,
  }) => {
    const missing = await owner.get(`${stagesUrl(trip)}/${missingId()}`);
    expectError(missing, 404, 'stage/not-found');
    expectError(await owner.get(`${stagesUrl(trip)}/abc`), 404, 'route/not-found');
  });
});

describe('PATCH /api/itineraries/{id}/stages/{stageId}', () => {
  test('changes the fields sent and bumps the version; the itinerary is touched', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id, { title: 'Old' });
    const response = await owner.patch(stageUrl(trip, stage), {
      title: 'New',
      lat: 10,
      lng: 20,
      destinationName: null,
      version: 1,
    });
    const changed = expectStatus<Stage>(response, 200);
    expect(changed).toMatchObject({ title: 'New', lat: 10, lng: 20, version: 2 });
    expect(changed.position).toBe(stage.position);
    const tree = await getTree(owner, trip.id);
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
  test.for(invalid)('400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    const stage = await createStage(owner, trip.id, { startDate: '2027-04-01' });
    expectFieldError(await owner.patch(stageUrl(trip, stage), payload), field);
    expect(expectStatus<Stage>(await owner.get(stageUrl(trip, stage)), 200)).toEqual(stage);
  });

  // A date set to null is cleared: the order check must not compare the new end with the
  // start being removed.
  test('clearing the start date while setting an earlier end is accepted', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id, { startDate: '2027-04-10' });
    const response = await owner.patch(stageUrl(trip, stage), {
      startDate: null,
      endDate: '2027-04-01',
    });
    expect(expectStatus<Stage>(response, 200)).toMatchObject({
      startDate: null,
      endDate: '2027-04-01',
    });
  });

  test('409 on a stale version (body or If-Match), with the stage as it is now', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id);
    const url = stageUrl(trip, stage);
    expectStatus(await owner.patch(url, { title: 'v2', version: 1 }), 200);
    const now = expectStatus<Stage>(await owner.get(url), 200);

    const byBody = await owner.patch(url, { title: 'lost', version: 1 });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await owner.patch(url, { title: 'lost' }, { headers: { 'if-match': '"1"' } });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect(expectStatus<Stage>(await owner.get(url), 200)).toEqual(now);
  });
});

describe('DELETE /api/itineraries/{id}/stages/{stageId}', () => {
  test('deletes the stage; its places stay in the itinerary, outside any stage', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id);
    const kept = await createStage(owner, trip.id);
    const place = await createPlace(owner, trip.id, { stageId: stage.id });

    const response = await owner.request('DELETE', stageUrl(trip, stage), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await owner.get(stageUrl(trip, stage)), 404, 'stage/not-found');
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((row) => row.id)).toEqual([kept.id]);
    expect(tree.places.map((row) => [row.id, row.stageId])).toEqual([[place.id, null]]);
    // Deleting it again: 404.
    const again = await owner.request('DELETE', stageUrl(trip, stage), { payload: {} });
    expectError(again, 404, 'stage/not-found');
  });

  test('409 on a stale version (body or If-Match), with the stage as it is now', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id);
    const url = stageUrl(trip, stage);
    const now = expectStatus<Stage>(await owner.patch(url, { notes: 'changed' }), 200);
    const byBody = await owner.request('DELETE', url, { payload: { version: 1 } });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await owner.request('DELETE', url, {
      payload: {},
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect((await owner.request('DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  test('DELETE without a body (If-Match only) deletes the stage', async ({ owner, trip }) => {
    const stage = await createStage(owner, trip.id);
    const response = await owner.delete(stageUrl(trip, stage), { headers: { 'if-match': '"1"' } });
    expect(response.statusCode).toBe(204);
  });
});
