import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';
import { itinerary, list, listItem, note, place, stage } from '../../db/schema/itineraries';
import { recordEvent, type NewEvent } from '../sharing/events.repository';

// The rows of an itinerary's content. Every write names the itinerary too, so an id from
// another itinerary never matches; a versioned write returns undefined when stale.

export type StageRow = typeof stage.$inferSelect;
export type PlaceRow = typeof place.$inferSelect;
export type NoteRow = typeof note.$inferSelect;
export type ListRow = typeof list.$inferSelect;
export type ListItemRow = typeof listItem.$inferSelect;

function bump(column: AnyPgColumn) {
  return { version: sql`${column} + 1`, updatedAt: new Date() };
}

function versionMatches(column: AnyPgColumn, expected: number | undefined) {
  return expected === undefined ? undefined : eq(column, expected);
}

/**
 * Runs `work` in a transaction holding the itinerary's row lock, so that writers computing a
 * position from the current siblings take turns (no two rows get the same position).
 */
export function withItineraryLock<T>(db: Db, itineraryId: string, work: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: itinerary.id })
      .from(itinerary)
      .where(eq(itinerary.id, itineraryId))
      .for('update');
    return work(tx);
  });
}

/** What happened, for the activity and the live stream (see `recordEvent`). */
export type ChangeEvent = Pick<NewEvent, 'kind' | 'data'>;

/**
 * Makes a change to an itinerary and records its event in one transaction: the change and
 * its event are kept or lost together, and the NOTIFY goes out when both are committed.
 * Every write takes the itinerary's row lock first, so writers never wait on each other in
 * opposite orders. When `work` changes nothing (a stale version: it returns undefined or
 * false), no event is recorded and the caller answers 409.
 */
export function changeWithEvent<T>(
  db: Db,
  target: { itineraryId: string; actorId: string | null },
  work: (tx: Db) => Promise<T>,
  describe: (result: NonNullable<T>) => ChangeEvent,
  options: { touch?: boolean } = {},
): Promise<T> {
  return withItineraryLock(db, target.itineraryId, async (tx) => {
    const result = await work(tx);
    if (result !== undefined && result !== null && result !== false) {
      await recordEvent(tx, { ...target, ...describe(result) }, options);
    }
    return result;
  });
}

// --- stages ---

export function stageSiblings(db: Db, itineraryId: string) {
  return db
    .select({ id: stage.id, position: stage.position })
    .from(stage)
    .where(eq(stage.itineraryId, itineraryId))
    .orderBy(asc(stage.position), asc(stage.id));
}

export async function findStage(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(stage)
    .where(and(eq(stage.id, id), eq(stage.itineraryId, itineraryId)));
  return row;
}

export async function insertStage(db: Db, values: Omit<typeof stage.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(stage)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('The stage was not created');
  return row;
}

export async function updateStage(
  db: Db,
  itineraryId: string,
  id: string,
  changes: Partial<typeof stage.$inferInsert>,
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .update(stage)
    .set({ ...changes, ...bump(stage.version) })
    .where(
      and(
        eq(stage.id, id),
        eq(stage.itineraryId, itineraryId),
        versionMatches(stage.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteStage(
  db: Db,
  itineraryId: string,
  id: string,
  expectedVersion: number | undefined,
) {
  const deleted = await db
    .delete(stage)
    .where(
      and(
        eq(stage.id, id),
        eq(stage.itineraryId, itineraryId),
        versionMatches(stage.version, expectedVersion),
      ),
    )
    .returning({ id: stage.id });
  return deleted.length > 0;
}

// --- places ---

export function placeSiblings(db: Db, itineraryId: string, stageId: string | null) {
  return db
    .select({ id: place.id, position: place.position })
    .from(place)
    .where(
      and(
        eq(place.itineraryId, itineraryId),
        stageId === null ? isNull(place.stageId) : eq(place.stageId, stageId),
      ),
    )
    .orderBy(asc(place.position), asc(place.id));
}

export async function findPlace(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(place)
    .where(and(eq(place.id, id), eq(place.itineraryId, itineraryId)));
  return row;
}

export async function insertPlace(db: Db, values: Omit<typeof place.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(place)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('The place was not created');
  return row;
}

export async function updatePlace(
  db: Db,
  itineraryId: string,
  id: string,
  changes: Partial<typeof place.$inferInsert>,
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .update(place)
    .set({ ...changes, ...bump(place.version) })
    .where(
      and(
        eq(place.id, id),
        eq(place.itineraryId, itineraryId),
        versionMatches(place.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deletePlace(
  db: Db,
  itineraryId: string,
  id: string,
  expectedVersion: number | undefined,
) {
  const deleted = await db
    .delete(place)
    .where(
      and(
        eq(place.id, id),
        eq(place.itineraryId, itineraryId),
        versionMatches(place.version, expectedVersion),
      ),
    )
    .returning({ id: place.id });
  return deleted.length > 0;
}

// --- notes ---

export function listNotes(db: Db, itineraryId: string) {
  return db
    .select()
    .from(note)
    .where(eq(note.itineraryId, itineraryId))
    .orderBy(desc(note.pinned), desc(note.updatedAt), desc(note.id));
}

export async function findNote(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(note)
    .where(and(eq(note.id, id), eq(note.itineraryId, itineraryId)));
  return row;
}

export async function insertNote(db: Db, values: Omit<typeof note.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(note)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('The note was not created');
  return row;
}

export async function updateNote(
  db: Db,
  itineraryId: string,
  id: string,
  changes: Partial<typeof note.$inferInsert>,
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .update(note)
    .set({ ...changes, ...bump(note.version) })
    .where(
      and(
        eq(note.id, id),
        eq(note.itineraryId, itineraryId),
        versionMatches(note.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteNote(
  db: Db,
  itineraryId: string,
  id: string,
  expectedVersion: number | undefined,
) {
  const deleted = await db
    .delete(note)
    .where(
      and(
        eq(note.id, id),
        eq(note.itineraryId, itineraryId),
        versionMatches(note.version, expectedVersion),
      ),
    )
    .returning({ id: note.id });
  return deleted.length > 0;
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

export async function findList(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(list)
    .where(and(eq(list.id, id), eq(list.itineraryId, itineraryId)));
  return row;
}

export function listSiblings(db: Db, itineraryId: string) {
  return db
    .select({ id: list.id, position: list.position })
    .from(list)
    .where(eq(list.itineraryId, itineraryId))
    .orderBy(asc(list.position), asc(list.id));
}

export async function insertList(db: Db, values: Omit<typeof list.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(list)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('The list was not created');
  return row;
}

export async function updateList(
  db: Db,
  itineraryId: string,
  id: string,
  changes: Partial<typeof list.$inferInsert>,
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .update(list)
    .set({ ...changes, ...bump(list.version) })
    .where(
      and(
        eq(list.id, id),
        eq(list.itineraryId, itineraryId),
        versionMatches(list.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteList(
  db: Db,
  itineraryId: string,
  id: string,
  expectedVersion: number | undefined,
) {
  const deleted = await db
    .delete(list)
    .where(
      and(
        eq(list.id, id),
        eq(list.itineraryId, itineraryId),
        versionMatches(list.version, expectedVersion),
      ),
    )
    .returning({ id: list.id });
  return deleted.length > 0;
}

export function itemSiblings(db: Db, listId: string) {
  return db
    .select({ id: listItem.id, position: listItem.position })
    .from(listItem)
    .where(eq(listItem.listId, listId))
    .orderBy(asc(listItem.position), asc(listItem.id));
}

export async function findItem(db: Db, listId: string, id: string) {
  const [row] = await db
    .select()
    .from(listItem)
    .where(and(eq(listItem.id, id), eq(listItem.listId, listId)));
  return row;
}

export async function insertItem(db: Db, values: Omit<typeof listItem.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(listItem)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('The list item was not created');
  return row;
}

export async function updateItem(
  db: Db,
  listId: string,
  id: string,
  changes: Partial<typeof listItem.$inferInsert>,
  expectedVersion: number | undefined,
) {
  const [row] = await db
    .update(listItem)
    .set({ ...changes, ...bump(listItem.version) })
    .where(
      and(
        eq(listItem.id, id),
        eq(listItem.listId, listId),
        versionMatches(listItem.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteItem(
  db: Db,
  listId: string,
  id: string,
  expectedVersion: number | undefined,
) {
  const deleted = await db
    .delete(listItem)
    .where(
      and(
        eq(listItem.id, id),
        eq(listItem.listId, listId),
        versionMatches(listItem.version, expectedVersion),
      ),
    )
    .returning({ id: listItem.id });
  return deleted.length > 0;
}
