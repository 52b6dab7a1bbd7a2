import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import type { place, stage } from '../../db/schema/itineraries';
import { list, listItem, note } from '../../db/schema/itineraries';
import { eventStatement, type NewEvent } from '../sharing/events.repository';
import { withItineraryLock, type LockOptions } from './itinerary-lock';

// The rows of an itinerary's content, and the one way to change them (with their event).
// Single rows are read and written through the row stores of content.routes.ts.

export type StageRow = typeof stage.$inferSelect;
export type PlaceRow = typeof place.$inferSelect;
export type NoteRow = typeof note.$inferSelect;
export type ListRow = typeof list.$inferSelect;
export type ListItemRow = typeof listItem.$inferSelect;

/** What happened, for the activity and the live stream (see `recordEvent`). */
export type ChangeEvent = Pick<NewEvent, 'kind' | 'data'>;

/**
 * Makes a change to an itinerary and records its event in one transaction: the change and
 * its event are kept or lost together, and the NOTIFY goes out when both are committed.
 * Every write takes the itinerary's row lock first (`withItineraryLock`: it also checks
 * again that the itinerary is there and the actor still has the right, by default `write`;
 * `shared` for writes that keep no order), so writers never wait on each other in opposite
 * orders. When `work` changes nothing (a stale version: it returns undefined or false), no
 * event is recorded and the caller answers 409.
 */
export function changeWithEvent<T>(
  db: Db,
  target: { itineraryId: string; actorId: string | null },
  work: (tx: Db) => Promise<T>,
  describe: (result: NonNullable<T>, tx: Db) => ChangeEvent | Promise<ChangeEvent>,
  options: { touch?: boolean } & Pick<LockOptions, 'requires' | 'includeTrashed' | 'shared'> = {},
): Promise<T> {
  const { touch, requires = 'write', includeTrashed, shared } = options;
  return withItineraryLock(db, target.itineraryId, work, {
    actorId: target.actorId,
    requires,
    includeTrashed,
    shared,
    // The event goes with the COMMIT, in the transaction's last round trip.
    closing: async (result, tx) =>
      result !== undefined && result !== null && result !== false
        ? eventStatement({ ...target, ...(await describe(result, tx)) }, { touch })
        : undefined,
  });
}

// --- notes ---

export function listNotes(db: Db, itineraryId: string) {
  return db
    .select()
    .from(note)
    .where(eq(note.itineraryId, itineraryId))
    .orderBy(desc(note.pinned), desc(note.updatedAt), desc(note.id));
}

// --- lists and their items ---

/** Lists of an itinerary with their items: two queries. */
export async function loadLists(db: Db, itineraryId: string) {
  const lists = await db
    .select()
    .from(list)
    .where(eq(list.itineraryId, itineraryId))
    .orderBy(asc(list.position), asc(list.id));
  const items =
    lists.length === 0
      ? []
      : await db
          .select()
          .from(listItem)
          .where(
            inArray(
              listItem.listId,
              lists.map((row) => row.id),
            ),
          )
          .orderBy(asc(listItem.position), asc(listItem.id));
  return { lists, items };
}

/** A list's items, in order. */
export function listItems(db: Db, listId: string) {
  return db
    .select()
    .from(listItem)
    .where(eq(listItem.listId, listId))
    .orderBy(asc(listItem.position), asc(listItem.id));
}
