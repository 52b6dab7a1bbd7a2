import { byPosition, positionAfter, positionBetween } from '@jammy/shared/positions';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AppError, invalidField } from '../../lib/errors';
import { assertAllowed, authorize, type Action, type Caller } from './access';
import { foundOf } from './itinerary-lock';
import { stages } from './content.repository';
import type { EditableTable, RowStore } from './row-store';

/**
 * What the services of an itinerary's parts (stages, places, notes, lists, bookings,
 * expenses…) share, as plain functions: the caller's right and the row asked for, and the
 * positions of ordered rows. Each service still reads top to bottom: authorise, load, write
 * with its event (`changeWithEvent`), answer.
 */

/** The row `id` among those of `scopeId` (the itinerary, or e.g. a list), or `notFound` (404). */
export async function findOrFail<T extends EditableTable>(
  db: Executor,
  store: RowStore<T>,
  scopeId: string,
  id: string,
  notFound: () => AppError,
): Promise<T['$inferSelect']> {
  const row = await store.find(db, scopeId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Load and authorise: the caller must have the right to `action` on the itinerary (a stranger
 * gets 404, a viewer 403 on a write), then the row `id` of the itinerary must exist (404).
 */
export async function authorizedRow<T extends EditableTable>(
  db: Executor,
  caller: Caller,
  action: Action,
  store: RowStore<T>,
  id: string,
  notFound: () => AppError,
): Promise<T['$inferSelect']> {
  await authorize(db, caller.itineraryId, caller.actorId, action);
  return findOrFail(db, store, caller.itineraryId, id, notFound);
}

/** The stage a part names must be one of the itinerary's (none: nothing to check); else 400. */
export async function checkStage(
  tx: Executor,
  itineraryId: string,
  stageId: string | null | undefined,
): Promise<void> {
  if (stageId && !(await stages.find(tx, itineraryId, stageId))) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
}

/** The end of an ordered collection, for an item added without a place of its own. */
export async function lastPosition<T extends EditableTable>(
  tx: Executor,
  store: RowStore<T>,
  scopeId: string,
  where?: SQL,
): Promise<string> {
  const siblings = await store.siblings(tx, scopeId, where);
  return positionBetween(siblings.at(-1)?.position ?? null, null);
}

/** The position right after `afterId` among `siblings` (null: first); 400 when not one of them. */
export function positionAfterSibling(
  siblings: { id: string; position: string }[],
  afterId: string | null,
): string {
  const position = positionAfter(siblings, afterId);
  if (position === null) throw invalidField('afterId', 'is not a sibling of this item');
  return position;
}

/**
 * Moves the row `id` right after its sibling `afterId` (null: first) among the siblings
 * `where` selects (default: all of `scopeId`), writing that one row (with `changes`, e.g. a
 * place's new stage), if it is still at `expectedVersion`: undefined when it is not.
 */
export async function moveAfterSibling<T extends EditableTable>(
  tx: Executor,
  store: RowStore<T>,
  scopeId: string,
  id: string,
  move: {
    afterId: string | null;
    expectedVersion: number | undefined;
    where?: SQL;
    changes?: Partial<T['$inferInsert']>;
  },
): Promise<T['$inferSelect'] | undefined> {
  const siblings = (await store.siblings(tx, scopeId, move.where)).filter(
    (sibling) => sibling.id !== id,
  );
  const position = positionAfterSibling(siblings, move.afterId);
  return store.update(
    tx,
    scopeId,
    id,
    { ...move.changes, position } as Partial<T['$inferInsert']>,
    move.expectedVersion,
  );
}

/** What an ordered create read before its turn (`readTurn`). */
export interface TurnRead {
  /** The itinerary row's version (`xmin`), for `createWithEvent`'s `turn`. */
  turn: string;
  /** The siblings `siblings` selected, in order. */
  siblings: { id: string; position: string }[];
  /** What `extra` read (JSON), null when nothing. */
  extra: unknown;
}

/**
 * The first of an ordered create's two round trips, without a lock: whether the caller may
 * write (404 or 403 as `authorize` says), the itinerary row's version, the siblings
 * `siblings` selects (`id` and `position`: all of them, or the last one when the new row goes
 * at the end) and `extra` (a JSON value the create needs, e.g. its stage), all as of one
 * snapshot. The insert then goes in its turn (`createWithEvent` with `turn`).
 */
export async function readTurn(
  db: Executor,
  caller: Caller,
  siblings: SQL,
  extra: SQL = sql`null::json`,
): Promise<TurnRead> {
  const { rows } = await db.execute(sql`select i.xmin::text as turn, i.deleted_at, m.role,
      (select coalesce(json_agg(json_build_object('id', s.id, 'position', s.position)), '[]')
        from (${siblings}) s) as siblings,
      (${extra}) as extra
    from itinerary i left join itinerary_member m
      on m.itinerary_id = i.id and m.user_id = ${caller.actorId}::uuid
    where i.id = ${caller.itineraryId}`);
  const [row] = rows;
  assertAllowed(foundOf(row), 'write');
  const read = row as { turn: string; siblings: TurnRead['siblings']; extra: unknown };
  return { turn: read.turn, siblings: [...read.siblings].sort(byPosition), extra: read.extra };
}
