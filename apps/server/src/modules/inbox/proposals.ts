import { EMPTY_BOOKING_DETAILS } from '@jammy/shared/bookings-plain';
import type { InboxSource, ProposalValues } from '@jammy/shared/inbox';
import type { ImportedBooking } from '@jammy/shared/imports';
import type { StoredProposal } from '../../db/schema/inbox';
import type { DraftValues, FoundReservation } from './extraction/found';

/** A proposal's values before anything is found: every field empty. */
export function emptyValues(): ProposalValues {
  return { title: null, ...EMPTY_BOOKING_DETAILS };
}

/** A found reservation as the item stores it: its values and, field by field, their sources. */
export function proposalOf(found: FoundReservation): StoredProposal {
  const values = emptyValues();
  const sources: Record<string, InboxSource> = {};
  for (const [key, field] of Object.entries(found.fields) as [
    keyof DraftValues,
    { value: string | number; source: InboxSource },
  ][]) {
    Object.assign(values, { [key]: field.value });
    sources[key] = field.source;
  }
  return { kind: found.kind, status: found.status, values, sources, applied: null };
}

/** A calendar event read by the imports' reader, as a proposal (its times already zoned). */
export function proposalOfEvent(event: ImportedBooking, index: number): StoredProposal {
  const values = { ...emptyValues(), ...event };
  const { kind, notes, ...fields } = event;
  const source: InboxSource = { kind: 'calendar', at: `VEVENT ${index + 1}` };
  const sources = Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== null && value !== '')
      .map(([key]) => [key, source]),
  );
  if (notes) sources.notes = source;
  return { kind, status: 'confirmed', values, sources, applied: null };
}

/** Who provides a booking, for telling two reservations apart: its carrier, folded. */
export function providerOf(values: { carrier: string | null; title: string | null }): string {
  return (values.carrier ?? values.title ?? '').trim().toLowerCase();
}

/** The day a proposal starts on (its wall clock's date or its first day), if it has one. */
export function dayOf(values: ProposalValues): string | null {
  return values.startAt?.slice(0, 10) ?? values.startDate;
}
