import { createBookingSchema, type CreateBooking } from '@jammy/shared/bookings';
import type { acceptInboxItemSchema } from '@jammy/shared/inbox';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { bookings, type BookingRow } from '../bookings/bookings.repository';
import { changeWithEvent } from '../itineraries/change-with-event';
import { createItinerary } from '../itineraries/itineraries.repository';
import { findItem, linkBookings, updateItem, type InboxItemRow } from './inbox.repository';
import { presentItem } from './inbox.presenter';
import { itemNotFound, readContext, readItem, writableTrip } from './inbox.service';
import { matchingTrip } from './matching';
import { providerOf } from './proposals';

type AcceptInput = z.output<typeof acceptInboxItemSchema>;
type NewBooking = z.output<typeof createBookingSchema>;

/**
 * Accepting an item: its chosen proposals become bookings of a trip (the one named, the
 * item's, or a new one), checked by the booking schema as any booking is (400 naming
 * `proposals.<n>.<field>`), in one transaction with their events and the item marked accepted.
 */

/** The proposals to accept, each as a new booking's body. */
function bookingsToMake(item: InboxItemRow, indexes: number[] | undefined): NewBooking[] {
  const chosen =
    indexes ??
    item.proposals.flatMap((proposal, index) =>
      proposal.status === 'cancelled' || proposal.applied ? [] : [index],
    );
  if (chosen.length === 0) throw invalidField('proposals', 'holds nothing to accept');
  return chosen.map((index) => {
    const proposal = item.proposals[index];
    if (!proposal) throw invalidField(`proposals.${index}`, 'is not a proposal of this item');
    const { values } = proposal;
    const body: CreateBooking = { ...values, kind: proposal.kind, title: values.title ?? '' };
    // An all-day booking keeps no zones (they wait for times the traveller adds).
    if (!values.startAt && !values.endAt) Object.assign(body, { startZone: null, endZone: null });
    const parsed = createBookingSchema.safeParse(body);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw invalidField(
        `proposals.${index}.${issue?.path.map(String).join('.') ?? ''}`,
        issue?.message ?? 'is not a valid booking',
      );
    }
    return parsed.data;
  });
}

/** A new trip's days: from the first booking's day to the last's. */
function daysOf(made: NewBooking[]): { startDate: string | null; endDate: string | null } {
  const days = made
    .flatMap((booking) => [
      booking.startAt?.slice(0, 10) ?? booking.startDate ?? null,
      booking.endDate ?? booking.endAt?.slice(0, 10) ?? null,
    ])
    .filter((day): day is string => !!day)
    .sort();
  return { startDate: days[0] ?? null, endDate: days.at(-1) ?? null };
}

export async function acceptItem(
  db: Db,
  userId: string,
  itemId: string,
  input: AcceptInput,
): Promise<InboxItemRow> {
  const item = await readItem(db, userId, itemId);
  const stale = input.version !== undefined && input.version !== item.version;
  if (item.state === 'accepted' || stale) {
    throw conflict(presentItem(item, await readContext(db, userId, [item])));
  }
  const made = bookingsToMake(item, input.proposals);
  let itineraryId = input.newTrip ? null : (input.itineraryId ?? item.itineraryId);
  if (!input.newTrip && !itineraryId) {
    const { trips } = await readContext(db, userId, [item]);
    itineraryId = matchingTrip(item.proposals, trips)?.id ?? null;
    if (!itineraryId)
      throw invalidField('itineraryId', 'is needed: no trip matches, choose one or a new trip');
  }
  if (itineraryId) await writableTrip(db, userId, itineraryId, 'itineraryId');

  const write = async (tx: Executor, tripId: string) =>
    changeWithEvent(
      tx,
      { itineraryId: tripId, actorId: userId },
      async (inner) => {
        const created: BookingRow[] = [];
        for (const booking of made)
          created.push(await bookings.insert(inner, { ...booking, itineraryId: tripId }));
        await linkBookings(
          inner,
          created.flatMap((row) =>
            row.confirmationCode
              ? [
                  {
                    bookingId: row.id,
                    userId,
                    confirmationCode: row.confirmationCode,
                    provider: providerOf(row),
                  },
                ]
              : [],
          ),
        );
        const accepted = await updateItem(
          inner,
          userId,
          itemId,
          {
            state: 'accepted',
            acceptedInto: tripId,
            acceptedBookingIds: created.map((row) => row.id),
          },
          item.version,
        );
        // Accepted or changed meanwhile: nothing of this is kept.
        if (!accepted)
          throw new AppError('conflict', 'This item changed meanwhile', { current: null });
        return { created, accepted };
      },
      ({ created }) =>
        created.map((row) => ({
          kind: 'booking.created' as const,
          data: {
            bookingId: row.id,
            kind: row.kind,
            title: row.title,
            stageId: row.stageId,
            inboxItemId: itemId,
          },
        })),
      { shared: true },
    );

  try {
    const result = itineraryId
      ? await write(db, itineraryId)
      : await db.transaction(async (tx) => {
          const trip = await createItinerary(tx, userId, {
            title: input.newTrip?.title ?? '',
            ...daysOf(made),
          });
          return write(tx, trip.id);
        });
    return result.accepted;
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict') {
      const current = await findItem(db, userId, itemId);
      if (!current) throw itemNotFound();
      throw conflict(presentItem(current, await readContext(db, userId, [current])));
    }
    throw error;
  }
}
