import { createBookingSchema } from '@jammy/shared/bookings';
import type { Db } from '../../db/client';
import type { BookingSnapshot, StoredProposal } from '../../db/schema/inbox';
import { AppError } from '../../lib/errors';
import { bookings, type BookingRow } from '../bookings/bookings.repository';
import { changeWithEvent } from '../itineraries/change-with-event';
import { inboxBookingOf, restoreBooking } from './inbox.repository';
import { providerOf } from './proposals';

/**
 * Updates and cancellations that arrive for bookings made from the inbox: applied at once (the
 * one change to a trip that needs no acceptance), each recorded in the trip's activity as the
 * booking's own event, naming the inbox item, and undone by the item's undo.
 */

/** What the trip's activity says of a booking: never its confirmation code. */
function eventData(row: BookingRow, inboxItemId: string) {
  return { bookingId: row.id, kind: row.kind, title: row.title, stageId: row.stageId, inboxItemId };
}

/** The fields an update may move: where and when, the number, the address, the price. */
const UPDATABLE = [
  'startAt',
  'startZone',
  'endAt',
  'endZone',
  'startDate',
  'endDate',
  'fromName',
  'fromLat',
  'fromLng',
  'toName',
  'toLat',
  'toLng',
  'number',
  'address',
  'url',
  'costMinor',
  'currency',
] as const;
type Updatable = (typeof UPDATABLE)[number];

const local = (value: string | null) => (value ? value.slice(0, 16).replace(' ', 'T') : null);

/** The booking as the API would take it, to check a change against the booking's rules. */
function asInput(row: BookingRow) {
  return {
    kind: row.kind,
    title: row.title,
    carrier: row.carrier,
    number: row.number,
    fromName: row.fromName,
    fromLat: row.fromLat,
    fromLng: row.fromLng,
    toName: row.toName,
    toLat: row.toLat,
    toLng: row.toLng,
    startAt: local(row.startAt),
    startZone: row.startZone,
    endAt: local(row.endAt),
    endZone: row.endZone,
    startDate: row.startDate,
    endDate: row.endDate,
    confirmationCode: row.confirmationCode,
    address: row.address,
    costMinor: row.costMinor,
    currency: row.currency,
    url: row.url,
    notes: row.notes,
  };
}

/**
 * The changes an update makes: its values that differ from the booking's. Times replace days
 * and days replace times (a booking has one or the other). Null when the booking as changed
 * would break a rule of bookings (then the update stays a proposal for the traveller).
 */
function changesOf(current: BookingRow, proposal: StoredProposal): Partial<BookingRow> | null {
  const input = asInput(current);
  const changes: Partial<Record<Updatable, string | number | null>> = {};
  for (const field of UPDATABLE) {
    const value = proposal.values[field];
    if (value !== null && value !== input[field]) changes[field] = value;
  }
  const clear = (fields: readonly Updatable[]) => {
    for (const field of fields)
      if (input[field] !== null && !(field in changes)) changes[field] = null;
  };
  if (changes.startAt || changes.endAt) clear(['startDate', 'endDate']);
  if (changes.startDate) clear(['startAt', 'startZone', 'endAt', 'endZone']);
  const merged = createBookingSchema.safeParse({ ...input, ...changes });
  if (!merged.success || Object.keys(changes).length === 0) return null;
  return changes as Partial<BookingRow>;
}

function snapshotOf(row: BookingRow, fields?: readonly string[]): BookingSnapshot {
  const { createdAt, updatedAt: _updated, ...rest } = row;
  const all: BookingSnapshot = { ...rest, createdAt: createdAt.toISOString() };
  if (!fields) return all;
  return Object.fromEntries(Object.entries(all).filter(([key]) => fields.includes(key)));
}

/** Applies what `proposals` update or cancel; answers them with what was applied (or as given). */
export async function applyUpdates(
  db: Db,
  userId: string,
  itemId: string,
  proposals: StoredProposal[],
): Promise<StoredProposal[]> {
  let changed = false;
  const result: StoredProposal[] = [];
  for (const proposal of proposals) {
    const code = proposal.values.confirmationCode;
    const current =
      proposal.status !== 'confirmed' && code && !proposal.applied
        ? await inboxBookingOf(db, userId, code, providerOf(proposal.values))
        : undefined;
    const applied = current ? await applyOne(db, userId, itemId, current, proposal) : null;
    if (applied) changed = true;
    result.push(applied ?? proposal);
  }
  return changed ? result : proposals;
}

async function applyOne(
  db: Db,
  userId: string,
  itemId: string,
  current: BookingRow,
  proposal: StoredProposal,
): Promise<StoredProposal | null> {
  const target = { itineraryId: current.itineraryId, actorId: userId };
  const link = { bookingId: current.id, itineraryId: current.itineraryId, title: current.title };
  try {
    if (proposal.status === 'cancelled') {
      const removed = await changeWithEvent(
        db,
        target,
        (tx) => bookings.remove(tx, current.itineraryId, current.id, current.version),
        () => ({ kind: 'booking.deleted', data: eventData(current, itemId) }),
        { shared: true },
      );
      if (!removed) return null;
      return {
        ...proposal,
        applied: { ...link, action: 'cancelled', undone: false },
        before: snapshotOf(current),
      };
    }
    const changes = changesOf(current, proposal);
    if (!changes) return null;
    const updated = await changeWithEvent(
      db,
      target,
      (tx) => bookings.update(tx, current.itineraryId, current.id, changes, current.version),
      (row) => ({
        kind: 'booking.updated',
        data: { ...eventData(row, itemId), fields: Object.keys(changes) },
      }),
      { shared: true },
    );
    if (!updated) return null;
    return {
      ...proposal,
      applied: { ...link, action: 'updated', undone: false },
      before: snapshotOf(current, Object.keys(changes)),
      appliedVersion: updated.version,
    };
  } catch (error) {
    // The traveller may no longer edit that trip: the change stays a proposal to review.
    if (error instanceof AppError) return null;
    throw error;
  }
}

const notUndoable = (message: string) => new AppError('inbox/not-undoable', message);

/** Undoes what an item applied: a cancelled booking comes back, an updated one as it was. */
export async function undoApplied(
  db: Db,
  userId: string,
  itemId: string,
  proposals: StoredProposal[],
): Promise<StoredProposal[]> {
  const pending = proposals.filter((proposal) => proposal.applied && !proposal.applied.undone);
  if (pending.length === 0) throw notUndoable('This item changed nothing that is left to undo');
  const result: StoredProposal[] = [];
  for (const proposal of proposals) {
    const { applied, before } = proposal;
    if (!applied || applied.undone || !before) {
      result.push(proposal);
      continue;
    }
    const target = { itineraryId: applied.itineraryId, actorId: userId };
    if (applied.action === 'cancelled') {
      const { createdAt, ...kept } = before;
      const restored = await changeWithEvent(
        db,
        target,
        (tx) =>
          restoreBooking(tx, {
            ...kept,
            id: applied.bookingId,
            itineraryId: applied.itineraryId,
            kind: kept.kind ?? 'other',
            title: kept.title ?? applied.title,
            createdAt: createdAt ? new Date(createdAt) : new Date(),
          }),
        (row) => ({ kind: 'booking.created', data: eventData(row, itemId) }),
        { shared: true },
      );
      if (!restored) throw notUndoable('The cancelled booking is back already');
    } else {
      const current = await bookings.find(db, applied.itineraryId, applied.bookingId);
      if (!current || current.version !== proposal.appliedVersion) {
        throw notUndoable('The booking changed since this update: change it by hand');
      }
      const { createdAt: _created, ...fields } = before;
      const reverted = await changeWithEvent(
        db,
        target,
        (tx) =>
          bookings.update(tx, applied.itineraryId, applied.bookingId, fields, current.version),
        (row) => ({
          kind: 'booking.updated',
          data: { ...eventData(row, itemId), fields: Object.keys(fields) },
        }),
        { shared: true },
      );
      if (!reverted) throw notUndoable('The booking changed since this update: change it by hand');
    }
    result.push({ ...proposal, applied: { ...applied, undone: true } });
  }
  return result;
}
