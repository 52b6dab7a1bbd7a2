import {
  bookingDaysProblem,
  bookingSchema,
  bookingTimesProblem,
  createBookingSchema,
  updateBookingSchema,
} from '@jammy/shared/bookings';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { booking } from '../../db/schema/bookings';
import { AppError, invalidField } from '../../lib/errors';
import { childRoutes } from '../itineraries/child-routes';
import { places, stages } from '../itineraries/content.repository';
import { presentBooking } from '../itineraries/itinerary.presenter';
import { rowStore } from '../itineraries/row-store';

export const bookings = rowStore(booking, { scope: booking.itineraryId });

/** Bookings' order: by start, an all-day booking from its day's midnight; none last. */
export const bookingStart = sql`coalesce(${booking.startAt}, ${booking.startDate}) asc nulls last`;

type BookingRow = typeof booking.$inferSelect;
type BookingValues = Partial<typeof booking.$inferInsert>;

/** The stage and place a booking names must be this itinerary's; 400 naming the field otherwise. */
async function checkOwner(
  tx: Executor,
  itineraryId: string,
  owner: { stageId?: string | null; placeId?: string | null },
) {
  if (owner.stageId && !(await stages.find(tx, itineraryId, owner.stageId))) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
  if (owner.placeId && !(await places.find(tx, itineraryId, owner.placeId))) {
    throw invalidField('placeId', 'is not a place of this itinerary');
  }
}

/**
 * The rules of a booking as a whole, on the row a change would leave: a time keeps its zone, a
 * cost its currency, the end does not come before the start, and it has days or times.
 */
function checkMerged(current: BookingRow, changes: BookingValues) {
  const merged = { ...current, ...changes };
  const local = (value: string | null | undefined) =>
    value ? value.slice(0, 16).replace(' ', 'T') : null;
  if (merged.startAt && !merged.startZone) {
    throw invalidField('startZone', 'is required with startAt');
  }
  if (merged.endAt && !merged.endZone) throw invalidField('endZone', 'is required with endAt');
  if (merged.costMinor != null && !merged.currency) {
    throw invalidField('currency', 'is required with a cost');
  }
  const problem = bookingTimesProblem({
    startAt: local(merged.startAt),
    startZone: merged.startZone,
    endAt: local(merged.endAt),
    endZone: merged.endZone,
  });
  if (problem) throw invalidField('endAt', problem);
  const days = bookingDaysProblem(merged);
  if (days) throw invalidField(days.field, days.message);
}

/** Bookings of an itinerary: flights, trains, stays, tables… through the one handler shape. */
export function bookingRoutes(app: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const { db } = deps;

  childRoutes(app, deps, {
    tag: 'bookings',
    noun: 'booking',
    path: '/api/itineraries/:id/bookings',
    idParam: 'bookingId',
    store: bookings,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('booking/not-found', 'There is no such booking in this itinerary'),
    schema: bookingSchema,
    present: (row) => presentBooking(row),
    event: 'booking',
    // Never the confirmation code: events reach every member and the activity list.
    describe: (row) => ({
      bookingId: row.id,
      kind: row.kind,
      title: row.title,
      stageId: row.stageId,
    }),
    list: {
      summary:
        'Bookings by start (an all-day one from its first day), those without a time last (through a share link: without confirmation codes)',
      shareable: true,
      load: async ({ itineraryId, member }) => {
        const rows = await db
          .select()
          .from(booking)
          .where(eq(booking.itineraryId, itineraryId))
          .orderBy(bookingStart, asc(booking.id));
        return rows.map((row) => presentBooking(row, member));
      },
    },
    create: {
      summary: 'Add a booking',
      body: createBookingSchema,
      values: async (tx, input, { itinerary }) => {
        await checkOwner(tx, itinerary.id, input);
        return { ...input, itineraryId: itinerary.id };
      },
    },
    update: {
      summary: 'Change a booking',
      body: updateBookingSchema,
      values: async (tx, changes, current, { itinerary }) => {
        await checkOwner(tx, itinerary.id, changes);
        checkMerged(current, changes);
        return changes;
      },
    },
    remove: { summary: 'Delete a booking' },
  });
}
