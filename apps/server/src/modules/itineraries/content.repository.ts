import { asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { Executor as Db } from '../../db/client';
import { changedAt } from '../../db/clock';
import { list, listItem, note, place, stage } from '../../db/schema/itineraries';
import { rowStore } from './row-store';

// The rows of an itinerary's content: stages, places, notes, lists and their items. Single
// rows are read and written through their row stores; the queries of more rows follow.

export type StageRow = typeof stage.$inferSelect;
export type PlaceRow = typeof place.$inferSelect;
export type NoteRow = typeof note.$inferSelect;
export type ListRow = typeof list.$inferSelect;
export type ListItemRow = typeof listItem.$inferSelect;

export const stages = rowStore(stage, { scope: stage.itineraryId, position: stage.position });
export const places = rowStore(place, { scope: place.itineraryId, position: place.position });
export const notes = rowStore(note, { scope: note.itineraryId });
export const lists = rowStore(list, { scope: list.itineraryId, position: list.position });
export const listItems = rowStore(listItem, {
  scope: listItem.listId,
  position: listItem.position,
});

// --- places ---

/** Places of one stage, or of none. */
export const inStage = (stageId: string | null) =>
  stageId === null ? isNull(place.stageId) : eq(place.stageId, stageId);

/**
 * The places of a stage being deleted join the places outside any stage, after them, in their
 * own order: each keeps a position of its own there (the foreign key alone would keep their
 * old ones). Runs in the deletion's transaction, before the stage goes.
 */
export async function movePlacesOutOfStage(tx: Db, itineraryId: string, stageId: string) {
  const homeless = await places.siblings(tx, itineraryId, inStage(stageId));
  if (homeless.length === 0) return;
  const last = (await places.siblings(tx, itineraryId, inStage(null))).at(-1);
  const positions = generateNKeysBetween(last?.position ?? null, null, homeless.length);
  for (const [index, row] of homeless.entries()) {
    await tx
      .update(place)
      .set({
        stageId: null,
        position: positions[index] as string,
        version: sql`${place.version} + 1`,
        updatedAt: changedAt(),
      })
      .where(eq(place.id, row.id));
  }
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
  const rows = await db
    .select()
    .from(list)
    .where(eq(list.itineraryId, itineraryId))
    .orderBy(asc(list.position), asc(list.id));
  const items =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(listItem)
          .where(
            inArray(
              listItem.listId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(listItem.position), asc(listItem.id));
  return { lists: rows, items };
}

/** A list's items, in order. */
export function itemsOfList(db: Db, listId: string) {
  return db
    .select()
    .from(listItem)
    .where(eq(listItem.listId, listId))
    .orderBy(asc(listItem.position), asc(listItem.id));
}
