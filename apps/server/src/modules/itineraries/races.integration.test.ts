import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect } from 'vitest';
import { serverTest } from '../../../test/fixture';
import { pairs } from './race-pairs.test-helpers';
import {
  checkDatabaseIsWhole,
  eventsSince,
  is2xx,
  lastEventId,
  lockClient,
  noServerError,
  owner,
  REMOVAL_EVENT,
  runRound,
  seed,
  send,
  server,
  untilWaiting,
  useRacesTest,
} from './races.test-helpers';

// Issue 16, races: a request that removes a parent (trashes or deletes an itinerary, deletes
// a stage or a list) and a request that adds, changes, moves or re-parents something inside
// it arrive together. Each must end in a clear answer (the loser 404 or 409, never a 500),
// and the database must be left whole: nothing added to what is gone, no dangling
// reference, positions still a total order, the change and its event kept together.
//
// Each pair runs in two ways, each several times:
// - forced order: the test holds the itinerary's row lock, sends both requests, waits until
//   both are queued behind the lock (past their pre-checks), then lets them go. PostgreSQL
//   grants the lock in arrival order, so "remove first" really runs the child request after
//   the parent is gone, the case the pre-checks cannot see; and the other way round;
// - free: both sent at once, in alternating order, with no lock held.

const test = serverTest({ mail: 'outbox' });
useRacesTest(test);

describe('requests that arrive together', () => {
  const ORDERS = ['remove-first', 'child-first', 'free', 'free', 'free', 'free'] as const;

  for (const pair of pairs()) {
    test(`${pair.parent === 'account' ? 'account deleted' : `${pair.parent} removed`} × ${pair.name}`, async () => {
      const orders = pair.parent === 'account' ? ORDERS.slice(0, 4) : ORDERS;
      for (const [round, order] of orders.entries()) {
        // Account deletion takes the owner with it: each round needs a fresh one.
        const roundOwner =
          pair.parent === 'account'
            ? await server.traveller({ label: 'race-leaving-owner' })
            : owner;
        const f = await seed(roundOwner);
        const before = await lastEventId();
        const { removed, child } = await runRound(pair, f, order, round);
        noServerError(removed, `removal (${order})`);
        noServerError(child, `${pair.name} (${order})`);

        if (order === 'remove-first') {
          expect(is2xx(removed.statusCode), removed.body).toBe(true);
          expect(pair.afterRemoval, `${order}: ${child.statusCode} ${child.body}`).toContain(
            child.statusCode,
          );
        } else if (order === 'child-first') {
          expect(is2xx(child.statusCode), `${order}: ${child.statusCode} ${child.body}`).toBe(true);
          const allowed = pair.removerAfterChild ?? [];
          expect(
            is2xx(removed.statusCode) || allowed.includes(removed.statusCode),
            `${order}: removal answered ${removed.statusCode} ${removed.body}`,
          ).toBe(true);
        } else {
          // Either may win; whoever loses answers one of the clear 4xx.
          if (!is2xx(child.statusCode)) expect(pair.afterRemoval).toContain(child.statusCode);
        }

        if (pair.parent !== 'account') {
          const events = await eventsSince(f.itineraryId, before);
          const removalAt = events.find((event) => event.kind === REMOVAL_EVENT[pair.parent])?.id;
          if (is2xx(removed.statusCode)) expect(removalAt, JSON.stringify(events)).toBeDefined();
          if (pair.childEvent) {
            const childEvents = events.filter((event) => event.kind === pair.childEvent);
            // A winner's change is recorded with its event; a loser recorded nothing.
            if (is2xx(child.statusCode)) expect(childEvents.length).toBeGreaterThan(0);
            else expect(childEvents).toEqual([]);
            // What was accepted after a trash would sit in the trash unseen.
            if (pair.parent === 'trash' && removalAt !== undefined) {
              expect(childEvents.every((event) => event.id < removalAt)).toBe(true);
            }
          }
        } else {
          // The itinerary is gone for good, with everything in it.
          const left = await server.database.pool.query(
            `select (select count(*) from itinerary where id = $1)::int
                  + (select count(*) from stage where itinerary_id = $1)::int
                  + (select count(*) from place where itinerary_id = $1)::int
                  + (select count(*) from list where itinerary_id = $1)::int
                  + (select count(*) from note where itinerary_id = $1)::int as n`,
            [f.itineraryId],
          );
          expect(left.rows[0]).toEqual({ n: 0 });
        }
        await checkDatabaseIsWhole();
      }
    });
  }
});

describe('writers of one itinerary', () => {
  test('a stage or a place whose siblings were read before another was added there goes after it', async () => {
    const f = await seed(owner);
    const trip = `/api/itineraries/${f.itineraryId}`;
    const cases = [
      { table: 'stage', url: `${trip}/stages`, payload: { title: 'Late' }, scope: 'true' },
      {
        table: 'place',
        url: `${trip}/places`,
        payload: { name: 'Late', stageId: f.stageA },
        scope: `stage_id = '${f.stageA}'`,
      },
    ];
    for (const { table, url, payload, scope } of cases) {
      const last = await server.database.pool.query<{ position: string }>(
        `select position from ${table} where itinerary_id = $1 and ${scope}
          order by position desc limit 1`,
        [f.itineraryId],
      );
      const taken = generateKeyBetween(last.rows[0]?.position ?? null, null);
      await lockClient.query('begin');
      let released = false;
      try {
        await lockClient.query('select id from itinerary where id = $1 for update', [
          f.itineraryId,
        ]);
        // The request reads the siblings as they are now, then waits for its turn…
        const created = send(
          { user: 'editor', method: 'POST', url: () => url, payload: () => payload },
          f,
        );
        await untilWaiting(1);
        // …while the write holding the itinerary adds a sibling at the end, as another
        // create does (and moves the itinerary's last-change time under its lock).
        await lockClient.query(
          `insert into ${table} (id, itinerary_id, position, ${table === 'stage' ? 'title' : 'name, stage_id'})
            values (gen_random_uuid(), $1, $2, 'Meanwhile'${table === 'stage' ? '' : `, '${f.stageA}'`})`,
          [f.itineraryId, taken],
        );
        await lockClient.query(
          'update itinerary set updated_at = clock_timestamp() where id = $1',
          [f.itineraryId],
        );
        await lockClient.query('commit');
        released = true;
        const response = await created;
        expect(response.statusCode, response.body).toBe(201);
        const position = (JSON.parse(response.body) as { position: string }).position;
        expect(position > taken, `${table}: ${position} after ${taken}`).toBe(true);
      } finally {
        if (!released) await lockClient.query('rollback');
      }
    }
    await checkDatabaseIsWhole();
  });

  test('a note does not wait for another write that keeps no order; a place waits its turn', async () => {
    const f = await seed(owner);
    const trip = `/api/itineraries/${f.itineraryId}`;
    await lockClient.query('begin');
    let released = false;
    try {
      // As another note's write holds the itinerary while it runs (`withItineraryLock`, shared).
      await lockClient.query('select id from itinerary where id = $1 for key share', [
        f.itineraryId,
      ]);
      let timer: NodeJS.Timeout | undefined;
      const noted = await Promise.race([
        send(
          {
            user: 'editor',
            method: 'POST',
            url: () => `${trip}/notes`,
            payload: () => ({ title: 'Meanwhile', body: 'Written while another write runs' }),
          },
          f,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the note waited for the other write')),
            10_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      expect(noted.statusCode, noted.body).toBe(201);
      // A place takes a position among its siblings: it waits until the other write is done.
      const placed = send(
        {
          user: 'editor',
          method: 'POST',
          url: () => `${trip}/places`,
          payload: () => ({ name: 'After it', stageId: f.stageA }),
        },
        f,
      );
      await untilWaiting(1);
      await lockClient.query('commit');
      released = true;
      expect((await placed).statusCode).toBe(201);
    } finally {
      if (!released) await lockClient.query('rollback');
    }
    await checkDatabaseIsWhole();
  });
});
