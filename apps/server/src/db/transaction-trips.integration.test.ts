import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { AppError } from '../lib/errors';
import { transactionInTrips, type TripPlan } from './transaction-trips';

// The transaction every itinerary write runs in (withItineraryLock), on its own: how many
// round trips it takes, and that its check, its refusals and its failures keep nothing.
let database: TestDatabase;
let pool: pg.Pool;
let trips: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  await pool.query('create table trip (id int primary key, open boolean not null)');
  await pool.query('create table entry (id int primary key, trip int, text text, raw bytea)');
  await pool.query('insert into trip values (1, true), (2, false)');
  // Every text a connection sends, one entry per round trip.
  pool.on('acquire', (client) => {
    if (vi.isMockFunction(client.query)) return;
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = vi.fn((...args: unknown[]) => {
      const [first] = args;
      trips.push(typeof first === 'string' ? first : (first as { text: string }).text);
      return send(...args);
    }) as unknown as typeof client.query;
  });
}, 60_000);

beforeEach(async () => {
  await pool.query('delete from entry');
  trips = [];
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

const refused = () => new AppError('itinerary/not-found', 'There is no such itinerary');

function planFor(tripId: number): TripPlan<number, boolean | null> {
  const check = sql`select open from trip where id = ${tripId}`;
  return {
    opening: sql`${check} for update`,
    read: (row) => (row ? row.open === true : null),
    decide: (open) => {
      if (!open) throw refused();
    },
    recheck: check,
    closing: async (id) => sql`update entry set text = text || '!' where id = ${id}`,
  };
}

const entries = async () =>
  (await pool.query<{ id: number; text: string }>('select id, text from entry order by id')).rows;

describe('transactionInTrips', () => {
  it('takes two round trips: BEGIN, the opening and the first query; the last statement and COMMIT', async () => {
    const id = await transactionInTrips(pool, planFor(1), async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`insert into entry (id, trip, text) values (${7}, ${1}, ${`it's \\ "kept" $1`}) returning id`,
      );
      return rows[0]?.id ?? 0;
    });
    expect(id).toBe(7);
    expect(trips).toHaveLength(2);
    expect(trips[0]).toMatch(
      /^begin; select open from trip where id = '1' for update; insert into entry/,
    );
    expect(trips[1]).toBe(`update entry set text = text || '!' where id = '7'; commit`);
    expect(await entries()).toEqual([{ id: 7, text: `it's \\ "kept" $1!` }]);
  });

  it('sends a query it cannot write in as it was, after the opening', async () => {
    await transactionInTrips(pool, planFor(1), async (tx) => {
      await tx.execute(sql`insert into entry (id, raw) values (${8}, ${Buffer.from([0, 1, 2])})`);
      return 8;
    });
    expect(trips).toHaveLength(3);
    expect(trips[0]).toBe("begin; select open from trip where id = '1' for update");
    const { rows } = await pool.query<{ raw: Buffer }>('select raw from entry where id = 8');
    expect(rows[0]?.raw).toEqual(Buffer.from([0, 1, 2]));
  });

  it('still opens, and checks, when the work sends nothing', async () => {
    await expect(
      transactionInTrips(pool, { ...planFor(2), closing: undefined }, async () => 0),
    ).rejects.toThrow(refused().message);
    expect(trips).toEqual(["begin; select open from trip where id = '2' for update", 'rollback']);
  });

  it('keeps nothing the check refuses, and its answer comes before the work’s own failure', async () => {
    await expect(
      transactionInTrips(pool, planFor(2), async (tx) => {
        await tx.execute(sql`insert into entry (id, trip) values (${9}, ${2})`);
        return 9;
      }),
    ).rejects.toThrow(refused().message);
    await expect(
      transactionInTrips(pool, planFor(2), async (tx) => {
        await tx.execute(sql`insert into entry (id, trip) values (${9}, ${2})`);
        throw new Error('the work failed too');
      }),
    ).rejects.toThrow(refused().message);
    expect(await entries()).toEqual([]);
  });

  it('asks again when the first trip fails and took the opening’s answer with it', async () => {
    const failing = (tripId: number) =>
      transactionInTrips(pool, planFor(tripId), async (tx) => {
        await tx.execute(sql`insert into no_such_table values (${1})`);
        return 0;
      });
    // Allowed: the work's own failure.
    await expect(failing(1)).rejects.toThrow(/no_such_table/);
    // Refused: the refusal, as it would have been with the answer at hand.
    await expect(failing(2)).rejects.toThrow(refused().message);
    // Asked again after each rollback, as a statement of its own.
    const rechecks = trips.filter((_text, index) => trips[index - 1] === 'rollback');
    expect(rechecks).toEqual([
      'select open from trip where id = $1',
      'select open from trip where id = $1',
    ]);
    // The connection went back to the pool clean, outside any transaction.
    // (In a transaction left open, now() would be its start, not this statement's.)
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { rows } = await pool.query<{ fresh: boolean }>(
      `select now() = statement_timestamp() as fresh`,
    );
    expect(rows[0]?.fresh).toBe(true);
    expect(await entries()).toEqual([]);
  });
});
