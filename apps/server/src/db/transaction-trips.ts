import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './client';
import { inlineParams } from './inline-params';

type Row = Record<string, unknown>;

/** What `transactionInTrips` runs besides the work: a first statement, a check, a last one. */
export interface TripPlan<T, Opened> {
  /** The statement that must come first, right after BEGIN (a row lock): one statement. */
  opening: SQL;
  /** What its first row (undefined: none) means, once known. */
  read: (row: Row | undefined) => Opened;
  /**
   * Called when the opening is known, after the work, whatever its outcome (so its answer
   * comes first); throws to refuse, and the transaction is rolled back.
   */
  decide: (opened: Opened) => void;
  /**
   * When the work's first round trip failed, the opening's rows are lost with it: this
   * statement asks the same (without its lock) after the rollback, for the same answer to
   * come first.
   */
  recheck: SQL;
  /** The last statement, sent with COMMIT (none: COMMIT alone). */
  closing?: (result: T, tx: Executor) => Promise<SQL | undefined>;
}

const dialect = new PgDialect();

/** A statement as node-postgres takes it, and as text with its values written in if it can be. */
function render(statement: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { text, params, inlined: inlineParams(text, params) };
}

/**
 * Runs `work` in a transaction on one pooled connection, in two round trips where it can
 * rather than five: BEGIN and `plan.opening` travel with the first query `work` sends, and
 * `plan.closing` with COMMIT (each statement's parameters written in, `inlineParams`: a text
 * of several statements is one round trip, a query with parameters only one statement). The
 * opening is checked (`plan.decide`) before the transaction may commit; a statement that
 * cannot be written so is sent on its own. On a two-core server under load every round trip
 * waits a turn of the event loop and of the database, so each saved trip is time a write
 * answers sooner (docs/decisions/030).
 */
export async function transactionInTrips<T, Opened>(
  pool: pg.Pool,
  plan: TripPlan<T, Opened>,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const opening = render(plan.opening);
  let begun = false;
  let finished = false;
  let opened: { value: Opened } | undefined;
  let broken: Error | undefined;

  const open = async () => {
    begun = true;
    let result: pg.QueryResult | undefined;
    if (opening.inlined === undefined) {
      await client.query('begin');
      result = await client.query(opening.text, opening.params);
    } else {
      [, result] = (await client.query(`begin; ${opening.inlined}`)) as unknown as pg.QueryResult[];
    }
    opened = { value: plan.read(rowOf(result)) };
  };
  // What the work's queries go through: the first one carries BEGIN and the opening.
  const first = {
    query(config: pg.QueryConfig, values?: unknown[]) {
      if (begun) return client.query(config, values);
      const text =
        typeof config === 'object' && !config.name && opening.inlined !== undefined
          ? inlineParams(config.text, values ?? config.values ?? [])
          : undefined;
      if (text === undefined) return open().then(() => client.query(config, values));
      begun = true;
      return client
        .query({ ...config, values: undefined, text: `begin; ${opening.inlined}; ${text}` })
        .then((sent) => {
          const [, lock, result] = sent as unknown as pg.QueryResult[];
          opened = { value: plan.read(rowOf(lock)) };
          return result;
        });
    },
  };

  try {
    const tx = drizzle({ client: first as unknown as pg.PoolClient }) as unknown as Executor;
    let outcome: { value: T } | { error: unknown };
    try {
      outcome = { value: await work(tx) };
    } catch (error) {
      outcome = { error };
    }
    if (!begun) await open();
    if (opened) plan.decide(opened.value);
    if ('error' in outcome) throw outcome.error;
    const closing = await plan.closing?.(outcome.value, tx);
    const last = closing && render(closing);
    if (last && last.inlined === undefined) await client.query(last.text, last.params);
    await client.query(last?.inlined === undefined ? 'commit' : `${last.inlined}; commit`);
    finished = true;
    return outcome.value;
  } catch (error) {
    if (begun && !finished) {
      try {
        await client.query('rollback');
      } catch (failure) {
        broken = asError(failure);
        throw error;
      }
      // The opening's answer comes first, also when the first trip failed and took it along.
      if (!opened) {
        const recheck = render(plan.recheck);
        let row: Row | undefined;
        try {
          row = rowOf(await client.query(recheck.text, recheck.params));
        } catch (failure) {
          broken = asError(failure);
          throw failure;
        }
        plan.decide(plan.read(row));
      }
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/** A result's first row as an object, whether it was read as one or as an array. */
function rowOf(result: pg.QueryResult | undefined): Row | undefined {
  const row: unknown = result?.rows[0];
  if (!result || !Array.isArray(row)) return row as Row | undefined;
  return Object.fromEntries(result.fields.map((field, index) => [field.name, row[index]]));
}

function asError(failure: unknown): Error {
  return failure instanceof Error ? failure : new Error(String(failure));
}
