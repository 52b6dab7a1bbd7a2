import type { EventKind } from '@jammy/shared/sharing';
import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor as Db } from '../db/client';
import { user } from '../db/schema/auth';
import { changedAt } from '../db/clock';
import { itinerary, itineraryEvent } from '../db/schema/itineraries';
import { leavesDocument } from './document-parts';
import type { EventRow } from './event.presenter';

/** The NOTIFY channel every process listens on (payloads: see event-bus.ts and `eventStatement`). */
export const EVENTS_CHANNEL = 'itinerary_events';

/** What happened, for the activity and the live stream. */
export interface ChangeEvent {
  kind: Exclude<EventKind, 'presence'>;
  /** ids, titles and counts only: never private note text. */
  data: Record<string, unknown>;
}

/** Whose change it is, on which itinerary (no actor: the system's, e.g. an import). */
export interface EventTarget {
  itineraryId: string;
  actorId: string | null;
  /** The name of the API token the change is made with (the activity says "via" it). */
  via?: string;
}

/**
 * How far an itinerary's last-change time may lag behind a change its document does not show
 * (a note, a list): moving it changes the document, which every process then
 * builds again, so it moves at most this often for those (docs/decisions/030).
 */
export const OUTSIDE_TOUCH_MS = 1000;

/** NOTIFY payloads must be shorter than this many bytes (PostgreSQL's limit). */
const NOTIFY_MAX_BYTES = 8000;

/**
 * The NOTIFY of one event row, for a statement selecting from a set of inserted
 * `itinerary_event` rows (their columns in scope): `<itineraryId>:<eventId>:<kind>:<time>`, the
 * time in ms since 1970 when the NOTIFY was made (the fan-out lag is measured from it), then,
 * when the whole fits in a NOTIFY, `:` and the event as `findEvent` reads it (its actor's name
 * too), so that no process reads the row back to send it to its streams (decision 052).
 */
export const notifyEvent = sql`pg_notify(${sql.raw(`'${EVENTS_CHANNEL}'`)}, (
    select case when octet_length(head || ':' || body) < ${sql.raw(String(NOTIFY_MAX_BYTES))}
      then head || ':' || body else head end
    from (select
      itinerary_id::text || ':' || id::text || ':' || kind || ':' ||
        floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text as head,
      json_build_object(
        'id', id, 'kind', kind, 'data', data,
        'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'actorId', actor_id,
        'actorName', (select u.name from ${user} u where u.id = actor_id),
        'viaToken', via_token
      )::text as body) payload
  ))`;

/** An event's NOTIFY (`notifyEvent`), read. */
export interface EventNotification {
  itineraryId: string;
  eventId: number;
  /** When the NOTIFY was made, in ms since 1970 (NaN when unreadable). */
  notifiedAt: number;
  /** The event as `findEvent` would read it, when the NOTIFY carries it (null: read it). */
  event: EventRow | null;
}

/** Reads `<itineraryId>:<eventId>:<kind>:<time>[:<event>]`; null when it is not one. */
export function readEventNotification(payload: string): EventNotification | null {
  const [itineraryId, id, , at] = payload.split(':', 4);
  const eventId = Number(id);
  if (!itineraryId || !Number.isSafeInteger(eventId)) return null;
  let end = -1;
  for (let field = 0; field < 4; field += 1) {
    end = payload.indexOf(':', end + 1);
    if (end === -1) return { itineraryId, eventId, notifiedAt: Number(at), event: null };
  }
  return { itineraryId, eventId, notifiedAt: Number(at), event: eventOf(payload.slice(end + 1)) };
}

/** The event a NOTIFY carries, as `findEvent` reads it (null when unreadable: it is read). */
function eventOf(body: string): EventRow | null {
  try {
    const event = JSON.parse(body) as Omit<EventRow, 'createdAt'> & { createdAt: string };
    return { ...event, createdAt: new Date(event.createdAt) };
  } catch {
    return null;
  }
}

/**
 * Records the events of one change in one statement, for a transaction to send with its
 * COMMIT: the event rows (in order), their NOTIFYs (delivered when the transaction commits;
 * `notifyEvent`) and, with `touch`, the itinerary's last-change time: to
 * the change's time, or for a change the itinerary's document does not show
 * (`leavesDocument`), only when it is `OUTSIDE_TOUCH_MS` behind.
 */
export function eventStatement(
  target: EventTarget,
  events: readonly [ChangeEvent, ...ChangeEvent[]],
  options: { touch?: boolean } = {},
): SQL {
  const touch = options.touch ?? true;
  const lagging = events.every((event) => leavesDocument(event.kind))
    ? sql`and ${itinerary.updatedAt} < ${changedAt()} - ${`${OUTSIDE_TOUCH_MS} milliseconds`}::interval`
    : sql``;
  const rows = events.map(
    (event) =>
      sql`(${target.itineraryId}, ${target.actorId}, ${target.via ?? null}, ${event.kind}, ${JSON.stringify(event.data)}::jsonb)`,
  );
  return sql`with touched as (
      update ${itinerary} set updated_at = ${changedAt()}
      where ${itinerary.id} = ${target.itineraryId} and ${touch} ${lagging}
      returning 1
    ), inserted as (
      insert into ${itineraryEvent} (itinerary_id, actor_id, via_token, kind, data)
      values ${sql.join(rows, sql`, `)}
      returning id, itinerary_id, kind, actor_id, via_token, data, created_at
    )
    select id, ${notifyEvent} from inserted`;
}

const eventColumns = {
  id: itineraryEvent.id,
  kind: itineraryEvent.kind,
  data: itineraryEvent.data,
  createdAt: itineraryEvent.createdAt,
  actorId: itineraryEvent.actorId,
  actorName: user.name,
  viaToken: itineraryEvent.viaToken,
};

function selectEvents(db: Db) {
  return db
    .select(eventColumns)
    .from(itineraryEvent)
    .leftJoin(user, eq(user.id, itineraryEvent.actorId));
}

/** One event, for the fan-out of a notification. */
export async function findEvent(db: Db, id: number): Promise<EventRow | null> {
  const [row] = await selectEvents(db).where(eq(itineraryEvent.id, id));
  return row ?? null;
}

/** The events after `afterId`, oldest first, at most `limit` (to resume a stream). */
export function eventsAfter(
  db: Db,
  itineraryId: string,
  afterId: number,
  limit: number,
): Promise<EventRow[]> {
  return selectEvents(db)
    .where(and(eq(itineraryEvent.itineraryId, itineraryId), gt(itineraryEvent.id, afterId)))
    .orderBy(itineraryEvent.id)
    .limit(limit);
}

/** The newest events (before the cursor id, when given), newest first. */
export function latestEvents(
  db: Db,
  itineraryId: string,
  beforeId: number | null,
  limit: number,
): Promise<EventRow[]> {
  return selectEvents(db)
    .where(
      and(
        eq(itineraryEvent.itineraryId, itineraryId),
        beforeId === null ? undefined : lt(itineraryEvent.id, beforeId),
      ),
    )
    .orderBy(desc(itineraryEvent.id))
    .limit(limit);
}
