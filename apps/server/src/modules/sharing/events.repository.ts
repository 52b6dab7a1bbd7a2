import type { EventKind, ItineraryEvent } from '@jammy/shared/sharing';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { itineraryEvent } from '../../db/schema/itineraries';
import { literalOf } from '../../db/inline-params';
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
  const result = await db.execute<{ id: string | number }>(sql.raw(eventStatement(event, options)));
  const row = result.rows[0];
  if (!row) throw new Error('The event was not recorded');
  return Number(row.id);
}

/**
 * The statement of `recordEvent` as text, its values written in (`literalOf`), for a
 * transaction to send with its COMMIT in one round trip.
 */
export function eventStatement(event: NewEvent, options: { touch?: boolean } = {}): string {
  const touch = options.touch ?? true;
  const itineraryId = literal(event.itineraryId);
  // The database's clock as the row changes (see db/clock.ts), to the millisecond.
  const now = `date_trunc('milliseconds', clock_timestamp())`;
  const lagging = leavesDocument(event.kind)
    ? `and updated_at < ${now} - interval '${OUTSIDE_TOUCH_MS} milliseconds'`
    : '';
  return `with touched as (
      update itinerary set updated_at = ${now}
      where id = ${itineraryId} and ${touch} ${lagging}
      returning 1
    ), inserted as (
      insert into itinerary_event (itinerary_id, actor_id, kind, data)
      values (${itineraryId}, ${literal(event.actorId)}, ${literal(event.kind)}, ${literal(JSON.stringify(event.data))}::jsonb)
      returning id, itinerary_id, kind
    )
    select id, pg_notify(${literal(EVENTS_CHANNEL)}, itinerary_id::text || ':' || id::text || ':' || kind)
    from inserted`;
}

/** A value written into a statement; JSON text never holds a raw NUL, nor do ids and kinds. */
function literal(value: unknown): string {
  const written = literalOf(value);
  if (written === undefined) throw new Error('A value of an event cannot be written as a literal');
  return written;
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
