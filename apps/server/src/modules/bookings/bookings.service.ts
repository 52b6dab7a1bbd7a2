import {
  bookingDaysProblem,
  bookingTimesProblem,
  type createBookingSchema,
  type updateBookingSchema,
} from '@jammy/shared/bookings';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { readerScope, type Caller, type Reader } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { authorizedRow, checkStage } from '../itineraries/child-rows';
import { places } from '../itineraries/content.repository';
import { presentBooking } from '../itineraries/itinerary.presenter';
import { bookings, listBookings, type BookingRow } from './bookings.repository';

type NewBooking = z.output<typeof createBookingSchema>;
type BookingChanges = Omit<z.output<typeof updateBookingSchema>, 'version'>;

const bookingNotFound = () =>
  new AppError('booking/not-found', 'There is no such booking in this itinerary');

/** Never the confirmation code: events reach every member and the activity list. */
const bookingEvent = (row: BookingRow) => ({
  bookingId: row.id,
  kind: row.kind,
  title: row.title,
  stageId: row.stageId,
});

/** The stage and place a booking names must be this itinerary's; 400 naming the field otherwise. */
async function checkOwner(
  tx: Executor,
  itineraryId: string,
  owner: { stageId?: string | null; placeId?: string | null },
) {
  await checkStage(tx, itineraryId, owner.stageId);
  if (owner.placeId && !(await places.find(tx, itineraryId, owner.placeId))) {
    throw invalidField('placeId', 'is not a place of this itinerary');
  }
}

/**
 * The rules of a booking as a whole, on the row a change would leave: a time keeps its zone, a
 * cost its currency, the end does not come before the start, and it has days or times.
 */
function checkMerged(current: BookingRow, changes: BookingChanges) {
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

/** A write that matched no row: 409 with the booking as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, bookingId: string): Promise<AppError> {
  const fresh = await bookings.find(db, caller.itineraryId, bookingId);
  return fresh ? conflict(presentBooking(fresh)) : bookingNotFound();
}

/** The bookings in order, and whether the reader may see their confirmation codes (members). */
export async function readBookings(
  db: Db,
  reader: Reader,
): Promise<{ rows: BookingRow[]; member: boolean }> {
  const { itineraryId, member } = readerScope(reader);
  return { rows: await listBookings(db, itineraryId), member };
}

export function readBooking(db: Db, caller: Caller, bookingId: string): Promise<BookingRow> {
  return authorizedRow(db, caller, 'read', bookings, bookingId, bookingNotFound);
}

/**
 * Adds a booking. Bookings keep no order, so the itinerary is held shared, and who asks is
 * checked once, under that lock (docs/decisions/030).
 */
export function createBooking(db: Db, caller: Caller, input: NewBooking): Promise<BookingRow> {
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      await checkOwner(tx, caller.itineraryId, input);
      return bookings.insert(tx, { ...input, itineraryId: caller.itineraryId });
    },
    (created) => ({ kind: 'booking.created', data: bookingEvent(created) }),
    { shared: true },
  );
}

export async function changeBooking(
  db: Db,
  caller: Caller,
  bookingId: string,
  changes: BookingChanges,
  expectedVersion: number | undefined,
): Promise<BookingRow> {
  const booking = await authorizedRow(db, caller, 'write', bookings, bookingId, bookingNotFound);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await checkOwner(tx, caller.itineraryId, changes);
      checkMerged(booking, changes);
      return bookings.update(tx, caller.itineraryId, booking.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'booking.updated',
      data: { ...bookingEvent(updated), fields: Object.keys(changes) },
    }),
    { shared: true },
  );
  if (!changed) throw await missed(db, caller, booking.id);
  return changed;
}

export async function deleteBooking(
  db: Db,
  caller: Caller,
  bookingId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const booking = await authorizedRow(db, caller, 'write', bookings, bookingId, bookingNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => bookings.remove(tx, caller.itineraryId, booking.id, expectedVersion),
    () => ({ kind: 'booking.deleted', data: bookingEvent(booking) }),
    { shared: true },
  );
  if (!deleted) throw await missed(db, caller, booking.id);
}
