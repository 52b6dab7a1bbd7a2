import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client';
import { changedAt } from '../../db/clock';
import { booking } from '../../db/schema/bookings';
import { inboxBooking, inboxItem } from '../../db/schema/inbox';
import { itinerary, itineraryMember, stage } from '../../db/schema/itineraries';

export type InboxItemRow = typeof inboxItem.$inferSelect;
export type NewInboxItem = Omit<typeof inboxItem.$inferInsert, 'id'> & { id: string };

/** The NOTIFY channel of items arriving: `<userId>:<itemId>` (see inbox-events.ts). */
export const INBOX_CHANNEL = 'inbox_items';

/** Stores an item and tells every process's streams of its traveller, at commit. */
export async function insertItem(tx: Executor, values: NewInboxItem): Promise<InboxItemRow> {
  const [row] = await tx.insert(inboxItem).values(values).returning();
  if (!row) throw new Error('The inbox item was not stored');
  await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${`${row.userId}:${row.id}`})`);
  return row;
}

export async function findItem(
  db: Executor,
  userId: string,
  id: string,
): Promise<InboxItemRow | undefined> {
  const [row] = await db
    .select()
    .from(inboxItem)
    .where(and(eq(inboxItem.id, id), eq(inboxItem.userId, userId)));
  return row;
}

/** A page of a traveller's items, newest first (ids are UUIDv7: they sort by time). */
export function listItems(
  db: Executor,
  userId: string,
  before: string | undefined,
  limit: number,
): Promise<InboxItemRow[]> {
  return db
    .select()
    .from(inboxItem)
    .where(and(eq(inboxItem.userId, userId), before ? lt(inboxItem.id, before) : undefined))
    .orderBy(desc(inboxItem.id))
    .limit(limit);
}

/** How many items the inbox holds, and how many arrived in the last hour. */
export async function itemCounts(
  db: Executor,
  userId: string,
): Promise<{ held: number; lastHour: number }> {
  const [row] = await db
    .select({
      held: sql<number>`count(*)::int`,
      lastHour: sql<number>`(count(*) filter (where ${inboxItem.createdAt} > now() - interval '1 hour'))::int`,
    })
    .from(inboxItem)
    .where(eq(inboxItem.userId, userId));
  return { held: row?.held ?? 0, lastHour: row?.lastHour ?? 0 };
}

/** Versioned update: undefined when the version is stale or the item is not theirs. */
export async function updateItem(
  db: Executor,
  userId: string,
  id: string,
  changes: Partial<typeof inboxItem.$inferInsert>,
  expectedVersion: number | undefined,
): Promise<InboxItemRow | undefined> {
  const [row] = await db
    .update(inboxItem)
    .set({ ...changes, version: sql`${inboxItem.version} + 1`, updatedAt: changedAt() })
    .where(
      and(
        eq(inboxItem.id, id),
        eq(inboxItem.userId, userId),
        expectedVersion === undefined ? undefined : eq(inboxItem.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

/** Deletes one item (undefined: none) or, without an id, the whole inbox; answers what went. */
export function deleteItems(db: Executor, userId: string, id?: string): Promise<InboxItemRow[]> {
  return db
    .delete(inboxItem)
    .where(and(eq(inboxItem.userId, userId), id ? eq(inboxItem.id, id) : undefined))
    .returning();
}

export interface TripSummary {
  id: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  stages: {
    startDate: string | null;
    endDate: string | null;
    lat: number | null;
    lng: number | null;
  }[];
}

/** The trips a traveller may add bookings to (owner or editor, not in the trash), with stages. */
export async function writableTrips(db: Executor, userId: string): Promise<TripSummary[]> {
  const trips = await db
    .select({
      id: itinerary.id,
      title: itinerary.title,
      startDate: itinerary.startDate,
      endDate: itinerary.endDate,
    })
    .from(itinerary)
    .innerJoin(
      itineraryMember,
      and(eq(itineraryMember.itineraryId, itinerary.id), eq(itineraryMember.userId, userId)),
    )
    .where(and(isNull(itinerary.deletedAt), inArray(itineraryMember.role, ['owner', 'editor'])))
    .orderBy(desc(itinerary.updatedAt))
    .limit(500);
  if (trips.length === 0) return [];
  const stages = await db
    .select({
      itineraryId: stage.itineraryId,
      startDate: stage.startDate,
      endDate: stage.endDate,
      lat: stage.lat,
      lng: stage.lng,
    })
    .from(stage)
    .where(
      inArray(
        stage.itineraryId,
        trips.map((trip) => trip.id),
      ),
    );
  return trips.map((trip) => ({
    ...trip,
    stages: stages.filter((row) => row.itineraryId === trip.id),
  }));
}

export interface CodedBooking {
  id: string;
  itineraryId: string;
  title: string;
  carrier: string | null;
  confirmationCode: string;
}

/** Bookings of the traveller's trips (any role) holding one of `codes`, compared folded. */
export async function bookingsWithCodes(
  db: Executor,
  userId: string,
  codes: string[],
): Promise<CodedBooking[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({
      id: booking.id,
      itineraryId: booking.itineraryId,
      title: booking.title,
      carrier: booking.carrier,
      confirmationCode: booking.confirmationCode,
    })
    .from(booking)
    .innerJoin(
      itineraryMember,
      and(eq(itineraryMember.itineraryId, booking.itineraryId), eq(itineraryMember.userId, userId)),
    )
    .innerJoin(itinerary, and(eq(itinerary.id, booking.itineraryId), isNull(itinerary.deletedAt)))
    .where(
      inArray(
        sql`upper(${booking.confirmationCode})`,
        codes.map((code) => code.toUpperCase()),
      ),
    );
  return rows.flatMap((row) =>
    row.confirmationCode ? [{ ...row, confirmationCode: row.confirmationCode }] : [],
  );
}

/** The booking an earlier item made for this reservation, if it is still there. */
export async function inboxBookingOf(
  db: Executor,
  userId: string,
  confirmationCode: string,
  provider: string,
): Promise<typeof booking.$inferSelect | undefined> {
  const [row] = await db
    .select({ booking })
    .from(inboxBooking)
    .innerJoin(booking, eq(booking.id, inboxBooking.bookingId))
    .where(
      and(
        eq(inboxBooking.userId, userId),
        eq(inboxBooking.confirmationCode, confirmationCode.toUpperCase()),
        eq(inboxBooking.provider, provider),
      ),
    )
    .orderBy(desc(booking.createdAt))
    .limit(1);
  return row?.booking;
}

export async function linkBookings(
  tx: Executor,
  links: { bookingId: string; userId: string; confirmationCode: string; provider: string }[],
): Promise<void> {
  if (links.length === 0) return;
  await tx
    .insert(inboxBooking)
    .values(
      links.map((link) => ({ ...link, confirmationCode: link.confirmationCode.toUpperCase() })),
    )
    .onConflictDoNothing();
}

/** Inserts a booking as it was (undoing a cancellation), with its own id. */
export async function restoreBooking(
  tx: Executor,
  row: typeof booking.$inferInsert,
): Promise<typeof booking.$inferSelect | undefined> {
  const [restored] = await tx
    .insert(booking)
    .values({ ...row, id: row.id ?? uuidv7(), updatedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  return restored;
}
