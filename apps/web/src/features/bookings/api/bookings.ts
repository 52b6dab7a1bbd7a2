import { EMPTY_BOOKING_DETAILS } from '@jammy/shared/bookings-plain';
import type { Booking, createBookingSchema, updateBookingSchema } from '@jammy/shared/bookings';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { temporaryId, useTreeMutation } from '../../../lib/tree-mutation';

export type CreateBooking = z.input<typeof createBookingSchema>;
export type UpdateBooking = z.input<typeof updateBookingSchema> & { bookingId: string };

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}/bookings`;

/** When a booking starts, as the server orders them: an all-day one at its first midnight. */
function startKey(booking: Booking): string | null {
  return booking.startAt ?? (booking.startDate ? `${booking.startDate}T00:00` : null);
}

/** By start as the server orders them: those without a time last, then by id. */
export function byStart(a: Booking, b: Booking): number {
  const [first, second] = [startKey(a), startKey(b)];
  if (first !== second) {
    if (first === null) return 1;
    if (second === null) return -1;
    return first < second ? -1 : 1;
  }
  return a.id < b.id ? -1 : 1;
}

/** A booking's optional fields, all empty: what a new booking holds until they are given. */
export const EMPTY_BOOKING_FIELDS = {
  stageId: null,
  placeId: null,
  ...EMPTY_BOOKING_DETAILS,
} satisfies Partial<Booking>;

/** Adds a booking; it shows in the itinerary at once (the tree carries bookings). */
export function useCreateBooking(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: (input: CreateBooking) =>
      apiRequest<Booking>(base(itineraryId), { method: 'POST', body: input }),
    apply: (tree, input): ItineraryTree => {
      const now = new Date().toISOString();
      const booking: Booking = {
        ...EMPTY_BOOKING_FIELDS,
        ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)),
        id: temporaryId(),
        itineraryId,
        kind: input.kind,
        title: input.title,
        notes: input.notes ?? '',
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      return { ...tree, bookings: [...tree.bookings, booking].sort(byStart) };
    },
  });
}

export function useUpdateBooking(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ bookingId, ...input }: UpdateBooking) =>
      apiRequest<Booking>(`${base(itineraryId)}/${bookingId}`, { method: 'PATCH', body: input }),
    apply: (tree, { bookingId, version: _version, ...changes }) => ({
      ...tree,
      bookings: tree.bookings
        .map((booking) =>
          booking.id === bookingId
            ? {
                ...booking,
                ...Object.fromEntries(
                  Object.entries(changes).filter(([, value]) => value !== undefined),
                ),
              }
            : booking,
        )
        .sort(byStart),
    }),
  });
}

export function useDeleteBooking(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ bookingId, version }: { bookingId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${bookingId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    apply: (tree, { bookingId }) => ({
      ...tree,
      bookings: tree.bookings.filter((booking) => booking.id !== bookingId),
    }),
  });
}
