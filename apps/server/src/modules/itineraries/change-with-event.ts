import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';
import { changedAt } from '../../db/clock';
import { itinerary, itineraryEvent } from '../../db/schema/itineraries';
import { leavesDocument } from '../../events/document-parts';
import {
  eventStatement,
  notifyEvent,
  OUTSIDE_TOUCH_MS,
  type ChangeEvent,
  type EventTarget,
} from '../../events/events.repository';
import { retryTransaction } from '../../lib/database-errors';
import { rolesAllowed, type Action } from './access';
import { withItineraryLock, type LockOptions } from './itinerary-lock';
import type { EditableTable } from './row-store';

/** The events a change records: one, several in order, or none (`[]`). */
export type ChangeEvents = ChangeEvent | readonly ChangeEvent[];

export interface ChangeOptions extends Pick<LockOptions, 'includeTrashed' | 'shared'> {
  /** Move the itinerary's last-change time (default: yes). */
  touch?: boolean;
  /**
   * The right the actor must still have under the lock (default `write`); null when the change
   * itself gives them their place (an invitation accepted): the itinerary must only exist.
   */
  requires?: Action | null;
}

/** What a work that changed something answers: undefined, null or false say it did not. */
type Changed<T> = Exclude<T, undefined | null | false>;

function changed<T>(result: T): result is Changed<T> {
  return result !== undefined && result !== null && result !== false;
}

/**
 * THE way every service writes a change to an itinerary and records its events: in one
 * transaction, so the change and its events are kept or lost together, and the NOTIFY goes
 * out when both are committed. The write takes the itinerary's row lock first
 * (`withItineraryLock`, which also checks again that the itinerary is there and the actor
 * still has the right; `shared` for writes that keep no order among siblings), so writers
 * never wait on each other in opposite orders. `describe` runs in the transaction after the
 * work and names what happened; its statement travels with COMMIT (docs/decisions/030). When
 * `work` changes nothing (a stale version: it answers undefined, null or false), nothing is
 * recorded and the service answers 409.
 */
export function changeWithEvent<T>(
  db: Db,
  target: EventTarget,
  work: (tx: Db) => Promise<T>,
  describe: (result: Changed<T>, tx: Db) => ChangeEvents | Promise<ChangeEvents>,
  options: ChangeOptions = {},
): Promise<T> {
  const { touch, requires = 'write', includeTrashed, shared } = options;
  return withItineraryLock(db, target.itineraryId, work, {
    actorId: target.actorId,
    requires: requires ?? undefined,
    includeTrashed,
    shared,
    closing: async (result, tx) => {
      if (!changed(result)) return undefined;
      const described = await describe(result, tx);
      const events: readonly ChangeEvent[] = 'kind' in described ? [described] : described;
      const [first, ...others] = events;
      return first ? eventStatement(target, [first, ...others], { touch }) : undefined;
    },
  });
}

/** The columns a create sets, by their property names, as `insert … select` takes them. */
function insertedValues(table: PgTable, values: Record<string, unknown>) {
  const columns = getTableColumns(table);
  const names: SQL[] = [];
  const params: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = columns[key];
    if (!column || value === undefined) continue;
    names.push(sql`${sql.identifier(column.name)}`);
    params.push(sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`);
  }
  return { names: sql.join(names, sql`, `), params: sql.join(params, sql`, `) };
}

/**
 * A create that keeps no order among its siblings (a note), in ONE round trip: a single
 * statement holds the itinerary shared (as `changeWithEvent` with `shared` does), inserts the
 * row only when the caller may still write and the itinerary is out of the trash, moves the
 * itinerary's last-change time as `eventStatement` does, and records the event (`data`: the
 * event's JSON, read from the `created` row) with the API token it came through and its
 * NOTIFY. A statement is its own transaction: the row and its event are kept or lost
 * together, and the NOTIFY goes out when both are committed. Nothing created: the caller was
 * refused, and the usual way (`fallback`) answers why (404 or 403) from its own check under
 * the lock. On a two-core server each round trip waits a turn of the event loop and of the
 * database; a note was two (docs/decisions/030).
 *
 * An ordered create (a stage, a place) passes `turn`, the itinerary row's version (`xmin`) it
 * read with the siblings its position comes from (`readTurn`): the statement then holds the
 * itinerary alone, as `changeWithEvent` does, and inserts only when the row is still that
 * version. Every write that adds, moves or removes siblings, or renames a stage an event
 * names, moves the itinerary's last-change time under that lock, so a new version; a
 * statement that waited for such a write sees the row as it committed it (PostgreSQL reads a
 * row locked `FOR UPDATE` again once it is free), and so creates nothing, and `fallback`
 * works the position out again under the lock.
 */
export async function createWithEvent<T extends EditableTable>(
  db: Db,
  target: EventTarget & { actorId: string },
  table: T,
  values: Record<string, unknown>,
  event: { kind: ChangeEvent['kind']; data: SQL },
  fallback: () => Promise<T['$inferSelect']>,
  turn?: string,
): Promise<T['$inferSelect']> {
  const { names, params } = insertedValues(table, { ...values, id: uuidv7() });
  const writers = sql.join(
    [...rolesAllowed('write')].map((role) => sql`${role}`),
    sql`, `,
  );
  const lagging = leavesDocument(event.kind)
    ? sql`and ${itinerary.updatedAt} < ${changedAt()} - ${`${OUTSIDE_TOUCH_MS} milliseconds`}::interval`
    : sql``;
  const statement = sql`with checked as (
      select i.deleted_at, m.role, i.xmin::text as turn from itinerary i
      left join itinerary_member m
        on m.itinerary_id = i.id and m.user_id = ${target.actorId}::uuid
      where i.id = ${target.itineraryId} for ${sql.raw(turn === undefined ? 'key share' : 'update')} of i
    ), created as (
      insert into ${table} (${names})
      select ${params} from checked
      where checked.deleted_at is null and checked.role::text in (${writers})
        ${turn === undefined ? sql`` : sql`and checked.turn = ${turn}`}
      returning *
    ), touched as (
      update ${itinerary} set updated_at = ${changedAt()}
      where ${itinerary.id} = ${target.itineraryId} and exists (select 1 from created) ${lagging}
      returning 1
    ), inserted as (
      insert into ${itineraryEvent} (itinerary_id, actor_id, via_token, kind, data)
      select ${target.itineraryId}::uuid, ${target.actorId}::uuid, ${target.via ?? null}::text,
        ${event.kind}::text, ${event.data}
      from created
      returning id, itinerary_id, kind, actor_id, via_token, data, created_at
    ), notified as (
      select ${notifyEvent} from inserted
    )
    select created.*, (select count(*) from notified) as "notified" from created`;
  const run = () => db.execute(statement);
  const inTransaction = !((db as { $client?: unknown }).$client instanceof pg.Pool);
  const { rows } = inTransaction ? await run() : await retryTransaction(run);
  const [row] = rows;
  if (!row) return fallback();
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null ? null : column.mapFromDriverValue(value)];
    }),
  ) as T['$inferSelect'];
}
