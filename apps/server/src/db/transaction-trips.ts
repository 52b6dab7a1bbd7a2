import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Executor } from './client';
import { AppError } from '../lib/errors';
import { inlineParams } from './inline-params';

type Row = Record<string, unknown>;

/** What `transactionInTrips` runs besides the work: a first statement, a check, a last one. */
export interface TripPlan<T, Opened> {
  /**
   * The statement that must come first, right after BEGIN (a row lock): one statement, as
   * text without parameters.
   */
  opening: string;
  /** What its first row (undefined: none) means, once known. */
  read: (row: Row | undefined) => Opened;
  /**
   * Called when the opening is known, after the work, whatever its outcome (so its answer
   * comes first); throws to refuse, and the transaction is rolled back.
   */
  decide: (opened: Opened) => void;
  /**
   * When the work's first round trip failed, the opening's rows are lost with it: `recheck`
   * asks the same again on `client` (outside the transaction, rolled back by then), for the
   * same answer to come first.
   */
  recheck: (client: pg.PoolClient) => Promise<void>;
  /** The last statement, as text without parameters, sent with COMMIT (none: COMMIT alone). */
  closing?: (result: T, tx: Executor) => Promise<string | undefined>;
}

/**
 * Runs `work` in a transaction on one pooled connection, in two round trips where it can
 * rather than five: BEGIN and `plan.opening` travel with the first query `work` sends (its
 * parameters written in, `inlineParams`: a text of several statements is one round trip, a
 * query with parameters only one statement), and `plan.closing` with COMMIT. The opening is
 * checked (`plan.decide`) before the transaction may commit; a query that cannot be written so
 * is sent as it was, after the opening. On a two-core server under load every round trip
 * waits a turn of the event loop and of the database, so each saved trip is time a write
 * answers sooner (docs/decisions/030).
 */
export async function transactionInTrips<T, Opened>(
  pool: pg.Pool,
  plan: TripPlan<T, Opened>,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let begun = false;
  let finished = false;
  let opened: { value: Opened } | undefined;
  let broken: Error | undefined;

  const open = async () => {
    begun = true;
    const results = (await client.query(`begin; ${plan.opening}`)) as unknown as pg.QueryResult[];
    opened = { value: plan.read(rowOf(results[1])) };
  };
  // What the work's queries go through: the first one carries BEGIN and the opening.
  const first = {
    query(config: pg.QueryConfig, values?: unknown[]) {
      if (begun) return client.query(config, values);
      const text =
        typeof config === 'object' && !config.name
          ? inlineParams(config.text, values ?? config.values ?? [])
          : undefined;
      if (text === undefined) return open().then(() => client.query(config, values));
      begun = true;
      return client
        .query({ ...config, values: undefined, text: `begin; ${plan.opening}; ${text}` })
        .then((sent) => {
          const [, opening, result] = sent as unknown as pg.QueryResult[];
          opened = { value: plan.read(rowOf(opening)) };
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
    await client.query(closing ? `${closing}; commit` : 'commit');
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
        await plan.recheck(client).catch((failure: unknown) => {
          if (!(failure instanceof AppError)) broken = asError(failure);
          throw failure;
        });
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
