import {
  bigint,
  date,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { editable, itinerary, place, stage } from './itineraries';

/**
 * A booking of an itinerary (flight, hotel, table…), optionally under a stage or at a place.
 * Times are wall-clock (`timestamp without time zone`) with their own IANA zone: what the
 * ticket says, unchanged if a zone's rules change (see @jammy/shared/bookings); or, for an
 * all-day booking, days alone.
 */
export const booking = pgTable(
  'booking',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'set null' }),
    placeId: uuid('place_id').references(() => place.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    carrier: text('carrier'),
    number: text('number'),
    fromName: text('from_name'),
    fromLat: doublePrecision('from_lat'),
    fromLng: doublePrecision('from_lng'),
    toName: text('to_name'),
    toLat: doublePrecision('to_lat'),
    toLng: doublePrecision('to_lng'),
    startAt: timestamp('start_at', { mode: 'string' }),
    startZone: text('start_zone'),
    endAt: timestamp('end_at', { mode: 'string' }),
    endZone: text('end_zone'),
    /** An all-day booking's first and last day (no time, no zone); its times are then null. */
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    confirmationCode: text('confirmation_code'),
    address: text('address'),
    /** In the currency's minor unit (ISO 4217 exponent): integers, never floats. */
    costMinor: bigint('cost_minor', { mode: 'number' }),
    currency: text('currency'),
    url: text('url'),
    notes: text('notes').notNull().default(''),
  },
  (table) => [
    index('booking_itinerary_start_idx').on(table.itineraryId, table.startAt),
    index('booking_stage_idx').on(table.stageId),
    index('booking_place_idx').on(table.placeId),
  ],
);
