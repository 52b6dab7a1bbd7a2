import type { Booking } from '@jammy/shared/bookings';
import type { StageRoute } from '@jammy/shared/imports';
import type { Place, Stage } from '@jammy/shared/itineraries';
import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';
import { booking } from '../../db/schema/bookings';
import { calendarFeed } from '../../db/schema/calendar-feeds';
import { itinerary, itineraryMember, place, stage } from '../../db/schema/itineraries';
import { bookingStart } from '../bookings/bookings.repository';
import { listStageRoutes } from '../imports/imports.repository';
import type { ItineraryRow } from '../itineraries/access';
import { presentBooking, presentPlace, presentStage } from '../itineraries/itinerary.presenter';
import { hashToken } from '../../lib/tokens';

export type CalendarFeedRow = typeof calendarFeed.$inferSelect;

/**
 * What every export is made from: the itinerary, its stages and places in order, its bookings,
 * and (for the map formats) the tracks imported into its stages.
 */
export interface TripData {
  itinerary: ItineraryRow;
  stages: Stage[];
  places: Place[];
  bookings: Booking[];
  tracks: StageRoute[];
}

/**
 * The bookings of an itinerary, earliest first (those without a time last); their confirmation
 * codes only with `codes`.
 */
export async function listBookings(db: Db, itineraryId: string, codes: boolean) {
  const rows = await db
    .select()
    .from(booking)
    .where(eq(booking.itineraryId, itineraryId))
    .orderBy(bookingStart, asc(booking.createdAt), asc(booking.id));
  return rows.map((row) => presentBooking(row, codes));
}

/**
 * The itinerary's stages, places and bookings, in order (three queries), and its stages'
 * tracks when `options.tracks` (a fourth). Bookings carry their confirmation codes only with
 * `options.confirmationCodes`.
 */
export async function loadTrip(
  db: Db,
  row: ItineraryRow,
  options: { confirmationCodes: boolean; tracks?: boolean },
): Promise<TripData> {
  const [stages, places, bookings, tracks] = await Promise.all([
    db
      .select()
      .from(stage)
      .where(eq(stage.itineraryId, row.id))
      .orderBy(asc(stage.position), asc(stage.id)),
    db
      .select()
      .from(place)
      .where(eq(place.itineraryId, row.id))
      .orderBy(asc(place.position), asc(place.id)),
    listBookings(db, row.id, options.confirmationCodes),
    options.tracks ? listStageRoutes(db, row.id) : [],
  ]);
  // Positions order siblings only: the places go stage by stage, then those of no stage.
  const stageOrder = new Map(stages.map((stageRow, index) => [stageRow.id, index]));
  const rank = (stageId: string | null) =>
    stageId === null ? stages.length : (stageOrder.get(stageId) ?? stages.length);
  const ordered = places
    .map((placeRow, index) => ({ placeRow, index }))
    .sort((a, b) => rank(a.placeRow.stageId) - rank(b.placeRow.stageId) || a.index - b.index)
    .map(({ placeRow }) => presentPlace(placeRow));
  return { itinerary: row, stages: stages.map(presentStage), places: ordered, bookings, tracks };
}

// --- calendar feeds ---

/** The caller's feed of an itinerary, if they made one. */
export async function findFeed(db: Db, itineraryId: string, userId: string) {
  const [row] = await db
    .select()
    .from(calendarFeed)
    .where(and(eq(calendarFeed.itineraryId, itineraryId), eq(calendarFeed.userId, userId)));
  return row;
}

/**
 * Makes the member's feed, or gives it a new token and choice of codes (the old address stops
 * working).
 */
export async function upsertFeed(
  db: Db,
  values: {
    itineraryId: string;
    userId: string;
    tokenHash: string;
    includeConfirmationCodes: boolean;
  },
): Promise<CalendarFeedRow> {
  const now = new Date();
  const [row] = await db
    .insert(calendarFeed)
    .values({ id: uuidv7(), ...values, createdAt: now })
    .onConflictDoUpdate({
      target: [calendarFeed.itineraryId, calendarFeed.userId],
      set: {
        tokenHash: values.tokenHash,
        includeConfirmationCodes: values.includeConfirmationCodes,
        createdAt: now,
        lastReadAt: null,
      },
    })
    .returning();
  if (!row) throw new Error('The calendar feed was not written');
  return row;
}

export async function deleteFeed(db: Db, itineraryId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(calendarFeed)
    .where(and(eq(calendarFeed.itineraryId, itineraryId), eq(calendarFeed.userId, userId)))
    .returning({ id: calendarFeed.id });
  return deleted.length > 0;
}

/**
 * The feed a token opens, with its itinerary, only while the feed's creator is still a
 * member of that itinerary and it is not in the trash. Found by the token's hash.
 */
export async function openFeed(db: Db, token: string) {
  const [row] = await db
    .select({
      feedId: calendarFeed.id,
      includeConfirmationCodes: calendarFeed.includeConfirmationCodes,
      itinerary,
    })
    .from(calendarFeed)
    .innerJoin(itinerary, eq(itinerary.id, calendarFeed.itineraryId))
    .innerJoin(
      itineraryMember,
      and(
        eq(itineraryMember.itineraryId, calendarFeed.itineraryId),
        eq(itineraryMember.userId, calendarFeed.userId),
      ),
    )
    .where(eq(calendarFeed.tokenHash, hashToken(token)));
  if (!row || row.itinerary.deletedAt) return undefined;
  return row;
}

/** Notes that a calendar app read the feed (at most once a minute, to spare writes). */
export async function markFeedRead(db: Db, feedId: string): Promise<void> {
  await db
    .update(calendarFeed)
    .set({ lastReadAt: new Date() })
    .where(
      and(
        eq(calendarFeed.id, feedId),
        sql`(${calendarFeed.lastReadAt} is null or ${calendarFeed.lastReadAt} < now() - interval '1 minute')`,
      ),
    );
}
