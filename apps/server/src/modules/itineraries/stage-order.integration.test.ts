import type { Place, Stage } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { conflictCurrent, expectFieldError, expectStatus, missingId } from '../../../test/expect';
import { createItinerary, createPlace, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { stageIds, stagesUrl, stageUrl } from './stages.test-helpers';

const test = serverTest();

describe('concurrent adds', () => {
  // Two travellers may add at the same moment. Siblings that share a position cannot be
  // told apart by order, and a later move between them would have nowhere to go, so every
  // add must get a position of its own.
  test('three stages added at once get distinct positions and can be reordered', async ({
    server,
    owner,
    trip,
  }) => {
    const { pool } = server.database;
    // Block inserts into stage until all three requests are in flight at once, each waiting
    // on a lock: the interleaving two travellers get by chance, made certain.
    const locker = await pool.connect();
    let created: Stage[];
    try {
      await locker.query('begin');
      await locker.query('lock table stage in share mode');
      const adds = ['A', 'B', 'C'].map((title) => owner.post(stagesUrl(trip), { title }));
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
    const stages = (await getTree(owner, trip.id)).stages;
    expect(stages).toHaveLength(created.length);
    expect(new Set(stages.map((stage) => stage.position)).size).toBe(3);
    const [first, , last] = stages as [Stage, Stage, Stage];
    expectStatus(await owner.post(`${stageUrl(trip, last)}/move`, { afterId: first.id }), 200);
    const after = (await getTree(owner, trip.id)).stages;
    expect(after.map((stage) => stage.id).slice(0, 2)).toEqual([first.id, last.id]);
  });
});

describe('POST /api/itineraries/{id}/stages/{stageId}/move', () => {
  test('reorders five stages; each move writes only the moved stage', async ({ owner, trip }) => {
    const created: Stage[] = [];
    for (const title of ['S1', 'S2', 'S3', 'S4', 'S5']) {
      created.push(await createStage(owner, trip.id, { title }));
    }
    const [s1, s2, s3, s4, s5] = created as [Stage, Stage, Stage, Stage, Stage];
    const move = async (stage: Stage, afterId: string | null) =>
      expectStatus<Stage>(await owner.post(`${stageUrl(trip, stage)}/move`, { afterId }), 200);
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
    const afterFirst = (await getTree(owner, trip.id)).stages;
    expect(afterFirst.map((stage) => stage.title)).toEqual(['S5', 'S1', 'S2', 'S3', 'S4']);
    expectOnlyChanged(created, afterFirst, movedFirst);

    // The first one into the middle (after S2).
    const movedMiddle = await move(s1, s2.id);
    const afterSecond = (await getTree(owner, trip.id)).stages;
    expect(afterSecond.map((stage) => stage.title)).toEqual(['S5', 'S2', 'S1', 'S3', 'S4']);
    expectOnlyChanged(afterFirst, afterSecond, movedMiddle);

    // To the end (after the last), and after the stage it already follows (a no-op order).
    const movedEnd = await move(s3, s4.id);
    const afterThird = (await getTree(owner, trip.id)).stages;
    expect(afterThird.map((stage) => stage.title)).toEqual(['S5', 'S2', 'S1', 'S4', 'S3']);
    expectOnlyChanged(afterSecond, afterThird, movedEnd);
    await move(s2, s5.id);
    expect((await getTree(owner, trip.id)).stages.map((s) => s.title)).toEqual([
      'S5',
      'S2',
      'S1',
      'S4',
      'S3',
    ]);
  });

  test('many moves to the front keep a strict order', async ({ owner, trip }) => {
    const stages: Stage[] = [];
    for (let index = 0; index < 4; index += 1) {
      stages.push(await createStage(owner, trip.id, { title: `S${index}` }));
    }
    // Rotate 12 times: each time the last one to the front.
    for (let round = 0; round < 12; round += 1) {
      const last = (await getTree(owner, trip.id)).stages.at(-1);
      if (!last) throw new Error('no stage');
      const url = `${stagesUrl(trip)}/${last.id}/move`;
      expectStatus(await owner.post(url, { afterId: null }), 200);
    }
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((stage) => stage.title)).toEqual(['S0', 'S1', 'S2', 'S3']);
    const positions = tree.stages.map((stage) => stage.position);
    expect(new Set(positions).size).toBe(4);
    expect([...positions].sort()).toEqual(positions);
  });

  test('400 naming afterId for itself, a stage of another itinerary or nothing', async ({
    owner,
    trip,
  }) => {
    const stage = await createStage(owner, trip.id);
    await createStage(owner, trip.id);
    const foreign = await createStage(owner, (await createItinerary(owner)).id);
    for (const afterId of [stage.id, foreign.id, missingId()]) {
      const response = await owner.post(`${stageUrl(trip, stage)}/move`, { afterId });
      expectFieldError(response, 'afterId');
    }
    const missingAfter = await owner.post(`${stageUrl(trip, stage)}/move`, {});
    expectFieldError(missingAfter, 'afterId');
  });

  // A field that does not apply is refused, not silently ignored, as everywhere else.
  test('400 naming stageId on a stage move (places only)', async ({ owner, trip }) => {
    const stage = await createStage(owner, trip.id);
    const response = await owner.post(`${stageUrl(trip, stage)}/move`, {
      afterId: null,
      stageId: stage.id,
    });
    expectFieldError(response, 'stageId');
  });

  test('409 on a stale version (body or If-Match), with the stage as it is now', async ({
    owner,
    trip,
  }) => {
    const a = await createStage(owner, trip.id);
    const b = await createStage(owner, trip.id);
    const now = expectStatus<Stage>(await owner.patch(stageUrl(trip, b), { title: 'B2' }), 200);
    const url = `${stageUrl(trip, b)}/move`;
    const byBody = await owner.post(url, { afterId: null, version: 1 });
    expect(conflictCurrent<Stage>(byBody)).toEqual(now);
    const byHeader = await owner.post(url, { afterId: null }, { headers: { 'if-match': '"1"' } });
    expect(conflictCurrent<Stage>(byHeader)).toEqual(now);
    expect(await stageIds(owner, trip)).toEqual([a.id, b.id]);
  });

  test('a place keeps its stage when the stage moves', async ({ owner, trip }) => {
    const a = await createStage(owner, trip.id);
    const b = await createStage(owner, trip.id);
    const place = await createPlace(owner, trip.id, { stageId: b.id });
    expectStatus(await owner.post(`${stageUrl(trip, b)}/move`, { afterId: null }), 200);
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((stage) => stage.id)).toEqual([b.id, a.id]);
    expect(tree.places).toEqual([place satisfies Place]);
  });
});
