import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { booking } from '../../db/schema/bookings';
import { rowStore } from '../itineraries/row-store';

export type BookingRow = typeof booking.$inferSelect;

export const bookings = rowStore(booking, { scope: booking.itineraryId });

/** Bookings' order: by start, an all-day booking from its day's midnight; none last. */
export const bookingStart = sql`coalesce(${booking.startAt}, ${booking.startDate}) asc nulls last`;

/** The bookings of an itinerary, in order. */
export function listBookings(db: Executor, itineraryId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(booking)
    .where(eq(booking.itineraryId, itineraryId))
    .orderBy(bookingStart, asc(booking.id));
}
