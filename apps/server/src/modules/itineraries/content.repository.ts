import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import type { place, stage } from '../../db/schema/itineraries';
import { list, listItem, note } from '../../db/schema/itineraries';

// The rows of an itinerary's content.
// Single rows are read and written through the row stores of content.routes.ts.

export type StageRow = typeof stage.$inferSelect;
export type PlaceRow = typeof place.$inferSelect;
export type NoteRow = typeof note.$inferSelect;
export type ListRow = typeof list.$inferSelect;
export type ListItemRow = typeof listItem.$inferSelect;

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
