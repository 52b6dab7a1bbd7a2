import type { Itinerary, Page, Place, Stage } from '@jammy/shared/itineraries';
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
const as: Api = (...args) => apiFor(setup.testApp)(...args);

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'stages');
});

afterAll(async () => {
  await setup?.close();
});

const newTrip = () => createItinerary(setup.testApp, owner);
const stagesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/stages`;
const stageUrl = (trip: Itinerary, stage: Stage) => `${stagesUrl(trip)}/${stage.id}`;
const stageIds = async (trip: Itinerary) =>
  (await getTree(setup.testApp, owner, trip.id)).stages.map((stage) => stage.id);

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

describe('concurrent adds', () => {
  // Two travellers may add at the same moment. Siblings that share a position cannot be
  // told apart by order, and a later move between them would have nowhere to go, so every
  // add must get a position of its own.
  it('three stages added at once get distinct positions and can be reordered', async () => {
    const trip = await newTrip();
    const { pool } = setup.testApp.database;
    // Block inserts into stage until all three requests are in flight at once, each waiting
    // on a lock: the interleaving two travellers get by chance, made certain.
    const locker = await pool.connect();
    let created: Stage[];
    try {
      await locker.query('begin');
      await locker.query('lock table stage in share mode');
      const adds = ['A', 'B', 'C'].map((title) =>
        as(owner, 'POST', stagesUrl(trip), { payload: { title } }),
      );
      const deadline = Date.now() + 10_000;
      for (;;) {
        // A request waits on the stage table or behind another request (a row lock, or a
        // transaction lock that names no database): count the backends waiting on any lock
        // that hold a lock in this database (pg_locks spans the whole server).
        const { rows } = await locker.query<{ waiting: number }>(
          `select count(distinct pid)::int as waiting from pg_locks
           where not granted and pid in (
             select pid from pg_locks where database =
               (select oid from pg_database where datname = current_database()))`,
        );
        if ((rows[0]?.waiting ?? 0) >= 3 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await locker.query('commit');
      created = await Promise.all(
        adds.map(async (pending) => expectStatus<Stage>(await pending, 201)),
      );
    } finally {
      locker.release();
    }
    const stages = (await getTree(setup.testApp, owner, trip.id)).stages;
    expect(stages).toHaveLength(created.length);
    expect(new Set(stages.map((stage) => stage.position)).size).toBe(3);
    const [first, , last] = stages as [Stage, Stage, Stage];
    expectStatus(
      await as(owner, 'POST', `${stageUrl(trip, last)}/move`, { payload: { afterId: first.id } }),
      200,
    );
    const after = (await getTree(setup.testApp, owner, trip.id)).stages;
    expect(after.map((stage) => stage.id).slice(0, 2)).toEqual([first.id, last.id]);
  });
});

describe('POST /api/itineraries/{id}/stages/{stageId}/move', () => {
  it('reorders five stages; each move writes only the moved stage', async () => {
    const trip = await newTrip();
    const created: Stage[] = [];
    for (const title of ['S1', 'S2', 'S3', 'S4', 'S5']) {
      created.push(await createStage(setup.testApp, owner, trip.id, { title }));
    }
    const [s1, s2, s3, s4, s5] = created as [Stage, Stage, Stage, Stage, Stage];
    const move = async (stage: Stage, afterId: string | null) =>
      expectStatus<Stage>(
        await as(owner, 'POST', `${stageUrl(trip, stage)}/move`, { payload: { afterId } }),
        200,
      );
    const expectOnlyChanged = (before: Stage[], after: Stage[], moved: Stage) => {
      const byId = new Map(after.map((stage) => [stage.id, stage]));
      for (const stage of before) {
        if (stage.id === moved.id) continue;
        // Same position, version and updatedAt: the row was not written.
        expect(byId.get(stage.id)).toEqual(stage);
      }
      expect(byId.get(moved.id)).toEqual(moved);
    };

    // The last one to the start.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const movedFirst = await move(s5, null);
    expect(movedFirst.version).toBe(s5.version + 1);
    expect(movedFirst.updatedAt).not.toBe(s5.updatedAt);
    const afterFirst = (await getTree(setup.testApp, owner, trip.id)).stages;
    expect(afterFirst.map((stage) => stage.title)).toEqual(['S5', 'S1', 'S2', 'S3', 'S4']);
    expectOnlyChanged(created, afterFirst, movedFirst);

    // The first one into the middle (after S2).
    const movedMiddle = await move(s1, s2.id);
    const afterSecond = (await getTree(setup.testApp, owner, trip.id)).stages;
    expect(afterSecond.map((stage) => stage.title)).toEqual(['S5', 'S2', 'S1', 'S3', 'S4']);
    expectOnlyChanged(afterFirst, afterSecond, movedMiddle);

    // To the end (after the last), and after the stage it already follows (a no-op order).
    const movedEnd = await move(s3, s4.id);
    const afterThird = (await getTree(setup.testApp, owner, trip.id)).stages;
    expect(afterThird.map((stage) => stage.title)).toEqual(['S5', 'S2', 'S1', 'S4', 'S3']);
    expectOnlyChanged(afterSecond, afterThird, movedEnd);
    await move(s2, s5.id);
    expect((await getTree(setup.testApp, owner, trip.id)).stages.map((s) => s.title)).toEqual([
      'S5',
      'S2',
      'S1',
      'S4',
      'S3',
    ]);
  });

  it('many moves to the front keep a strict order', async () => {
    const trip = await newTrip();
    const stages: Stage[] = [];
    for (let index = 0; index < 4; index += 1) {
      stages.push(await createStage(setup.testApp, owner, trip.id, { title: `S${index}` }));
    }
    // Rotate 12 times: each time the last one to the front.
    for (let round = 0; round < 12; round += 1) {
      const last = (await getTree(setup.testApp, owner, trip.id)).stages.at(-1);
      if (!last) throw new Error('no stage');
      const url = `${stagesUrl(trip)}/${last.id}/move`;
      expectStatus(await as(owner, 'POST', url, { payload: { afterId: null } }), 200);
    }
    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.stages.map((stage) => stage.title)).toEqual(['S0', 'S1', 'S2', 'S3']);
    const positions = tree.stages.map((stage) => stage.position);
    expect(new Set(positions).size).toBe(4);
    expect([...positions].sort()).toEqual(positions);
  });

  it('400 naming afterId for itself, a stage of another itinerary or nothing', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    await createStage(setup.testApp, owner, trip.id);
    const foreign = await createStage(setup.testApp, owner, (await newTrip()).id);
    for (const afterId of [stage.id, foreign.id, missingId()]) {
      const response = await as(owner, 'POST', `${stageUrl(trip, stage)}/move`, {
        payload: { afterId },
      });
      expectFieldError(response, 'afterId');
    }
    const missingAfter = await as(owner, 'POST', `${stageUrl(trip, stage)}/move`, {
      payload: {},
    });
    expectFieldError(missingAfter, 'afterId');
  });

  // A field that does not apply is refused, not silently ignored, as everywhere else.
  it('400 naming stageId on a stage move (places only)', async () => {
    const trip = await newTrip();
    const stage = await createStage(setup.testApp, owner, trip.id);
    const response = await as(owner, 'POST', `${stageUrl(trip, stage)}/move`, {
      payload: { afterId: null, stageId: stage.id },
    });
    expectFieldError(response, 'stageId');
  });

  it('409 on a stale version (body or If-Match), with the stage as it is now', async () => {
    const trip = await newTrip();
    const a = await createStage(setup.testApp, owner, trip.id);
    const b = await createStage(setup.testApp, owner, trip.id);
    const now = expectStatus<Stage>(
      await as(owner, 'PATCH', stageUrl(trip, b), { payload: { title: 'B2' } }),
      200,
    );
    const url = `${stageUrl(trip, b)}/move`;
    const byBody = await as(owner, 'POST', url, { payload: { afterId: null, version: 1 } });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await as(owner, 'POST', url, {
      payload: { afterId: null },
      headers: { 'if-match': '"1"' },
    });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect(await stageIds(trip)).toEqual([a.id, b.id]);
  });

  it('a place keeps its stage when the stage moves', async () => {
    const trip = await newTrip();
    const a = await createStage(setup.testApp, owner, trip.id);
    const b = await createStage(setup.testApp, owner, trip.id);
    const place = await createPlace(setup.testApp, owner, trip.id, { stageId: b.id });
    expectStatus(
      await as(owner, 'POST', `${stageUrl(trip, b)}/move`, { payload: { afterId: null } }),
      200,
    );
    const tree = await getTree(setup.testApp, owner, trip.id);
    expect(tree.stages.map((stage) => stage.id)).toEqual([b.id, a.id]);
    expect(tree.places).toEqual([place satisfies Place]);
  });
});
