import type { EventKind, ItineraryEvent } from '@jammy/shared/sharing';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { changedAt } from '../../db/clock';
import { itinerary, itineraryEvent } from '../../db/schema/itineraries';
import { leavesDocument } from '../itineraries/document-parts';

/** The NOTIFY channel every process listens on (payloads: see event-bus.ts and `recordEvent`). */
export const EVENTS_CHANNEL = 'itinerary_events';

export interface NewEvent {
  itineraryId: string;
  actorId: string | null;
  kind: Exclude<EventKind, 'presence'>;
  /** ids, titles and counts only: never private note text. */
  data: Record<string, unknown>;
}

/**
 * How far an itinerary's last-change time may lag behind a change its document does not show
 * (a note, a list): moving it changes the document, which every process then
 * builds again, so it moves at most this often for those (docs/decisions/030).
 */
export const OUTSIDE_TOUCH_MS = 1000;

/**
 * Records a change in one statement: the event row, its NOTIFY (delivered when the
 * surrounding transaction commits; `<itineraryId>:<eventId>:<kind>`) and, with `touch`, the
 * itinerary's last-change time: to the change's time, or for a change the itinerary's
 * document does not show (`leavesDocument`), only when it is `OUTSIDE_TOUCH_MS` behind.
 */
export async function recordEvent(
  db: Db,
  event: NewEvent,
  options: { touch?: boolean } = {},
): Promise<number> {
  const result = await db.execute<{ id: string | number }>(eventStatement(event, options));
  const row = result.rows[0];
  if (!row) throw new Error('The event was not recorded');
  return Number(row.id);
}

/** The statement of `recordEvent`, for a transaction to send with its COMMIT. */
export function eventStatement(event: NewEvent, options: { touch?: boolean } = {}): SQL {
  const touch = options.touch ?? true;
  const lagging = leavesDocument(event.kind)
    ? sql`and ${itinerary.updatedAt} < ${changedAt()} - ${`${OUTSIDE_TOUCH_MS} milliseconds`}::interval`
    : sql``;
  return sql`with touched as (
      update ${itinerary} set updated_at = ${changedAt()}
      where ${itinerary.id} = ${event.itineraryId} and ${touch} ${lagging}
      returning 1
    ), inserted as (
      insert into ${itineraryEvent} (itinerary_id, actor_id, kind, data)
      values (${event.itineraryId}, ${event.actorId}, ${event.kind}, ${JSON.stringify(event.data)}::jsonb)
      returning id, itinerary_id, kind
    )
    select id, pg_notify(${EVENTS_CHANNEL}, itinerary_id::text || ':' || id::text || ':' || kind)
    from inserted`;
}

const eventColumns = {
  id: itineraryEvent.id,
  kind: itineraryEvent.kind,
  data: itineraryEvent.data,
  createdAt: itineraryEvent.createdAt,
  actorId: itineraryEvent.actorId,
  actorName: user.name,
};

type EventRow = {
  id: number;
  kind: string;
  data: unknown;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
};

export function presentEvent(row: EventRow): ItineraryEvent {
  return {
    id: Number(row.id),
    kind: row.kind as ItineraryEvent['kind'],
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    data:
      typeof row.data === 'object' && row.data !== null
        ? (row.data as Record<string, unknown>)
        : {},
    at: row.createdAt.toISOString(),
  };
}

function selectEvents(db: Db) {
  return db
    .select(eventColumns)
    .from(itineraryEvent)
    .leftJoin(user, eq(user.id, itineraryEvent.actorId));
}

/** One event with its itinerary, for the fan-out of a notification. */
export async function findEvent(
  db: Db,
  id: number,
): Promise<{ itineraryId: string; event: ItineraryEvent } | null> {
  const [row] = await db
    .select({ ...eventColumns, itineraryId: itineraryEvent.itineraryId })
    .from(itineraryEvent)
    .leftJoin(user, eq(user.id, itineraryEvent.actorId))
    .where(eq(itineraryEvent.id, id));
  return row ? { itineraryId: row.itineraryId, event: presentEvent(row) } : null;
}

/** The events after `afterId`, oldest first, at most `limit` (to resume a stream). */
export async function eventsAfter(
  db: Db,
  itineraryId: string,
  afterId: number,
  limit: number,
): Promise<ItineraryEvent[]> {
  const rows = await selectEvents(db)
    .where(and(eq(itineraryEvent.itineraryId, itineraryId), gt(itineraryEvent.id, afterId)))
    .orderBy(itineraryEvent.id)
    .limit(limit);
  return rows.map(presentEvent);
}

/** The newest events (before the cursor id, when given), newest first. */
export async function latestEvents(
  db: Db,
  itineraryId: string,
  beforeId: number | null,
  limit: number,
): Promise<ItineraryEvent[]> {
  const rows = await selectEvents(db)
    .where(
      and(
        eq(itineraryEvent.itineraryId, itineraryId),
        beforeId === null ? undefined : lt(itineraryEvent.id, beforeId),
      ),
    )
    .orderBy(desc(itineraryEvent.id))
    .limit(limit);
  return rows.map(presentEvent);
}
