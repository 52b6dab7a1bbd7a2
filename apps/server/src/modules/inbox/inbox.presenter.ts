import type { InboxItem } from '@jammy/shared/inbox';
import type { CodedBooking, InboxItemRow, TripSummary } from './inbox.repository';
import { duplicateOf, matchingTrip } from './matching';

/** What an item is read against: the traveller's trips and the bookings its codes name. */
export interface ItemContext {
  trips: TripSummary[];
  coded: CodedBooking[];
}

function tripOf(trip: TripSummary, chosen: boolean): NonNullable<InboxItem['trip']> {
  return {
    itineraryId: trip.id,
    title: trip.title,
    startDate: trip.startDate,
    endDate: trip.endDate,
    chosen,
  };
}

/** An item, field by field: its trip and duplicates worked out from the context. */
export function presentItem(row: InboxItemRow, context: ItemContext): InboxItem {
  const own = new Set(row.acceptedBookingIds);
  const chosen = row.itineraryId ? context.trips.find((trip) => trip.id === row.itineraryId) : null;
  const matched = chosen ? null : matchingTrip(row.proposals, context.trips);
  const trip =
    row.state === 'accepted'
      ? null
      : chosen
        ? tripOf(chosen, true)
        : matched && tripOf(matched, false);
  return {
    id: row.id,
    origin: row.origin,
    fileName: row.fileName,
    from: row.sender,
    senderCheck: row.senderCheck,
    senderCheckReason: row.senderCheckReason,
    subject: row.subject,
    receivedAt: row.receivedAt.toISOString(),
    state: row.state,
    text: row.text,
    problems: row.problems,
    clues: row.clues,
    proposals: row.proposals.map((proposal) => ({
      kind: proposal.kind,
      status: proposal.status,
      values: proposal.values,
      sources: proposal.sources,
      duplicateOf: duplicateOf(
        proposal.values,
        context.coded.filter((booking) => !own.has(booking.id)),
      ),
      applied: proposal.applied,
    })),
    attachments: row.attachments.map(({ name, contentType, size, path }) => ({
      name,
      contentType,
      size,
      path,
    })),
    trip,
    acceptedInto: row.acceptedInto
      ? { itineraryId: row.acceptedInto, bookingIds: row.acceptedBookingIds }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
