import type { EventKind } from '@jammy/shared/sharing';

/** The noun of an event kind: `note` of `note.created`. */
type NounOf<K> = K extends `${infer Noun}.${string}` ? Noun : never;

/**
 * What an itinerary's document (GET /api/itineraries/{id}: the trip, its stages, places,
 * photos, attachments and bookings) does not hold, and whose writes change nothing else of
 * the trip: notes, lists and their items. A change to one of these leaves the document as
 * PostgreSQL would build it, so a cached document stays (docs/decisions/030). Every other
 * kind of event changes the document or may (an expense is not in it, but the first one sets
 * the trip's currency): a new kind is taken to change it unless it is named here.
 */
const OUTSIDE_DOCUMENT: ReadonlySet<NounOf<EventKind>> = new Set(['note', 'list', 'item'] as const);

/** Whether the document holds nothing of what events of `noun` (`note`) are about. */
export function outsideDocument(noun: string): boolean {
  return OUTSIDE_DOCUMENT.has(noun as NounOf<EventKind>);
}

/** Whether an event of `kind` (`note.created`) leaves the itinerary's document as it was. */
export function leavesDocument(kind: string): boolean {
  const dot = kind.indexOf('.');
  return dot > 0 && outsideDocument(kind.slice(0, dot));
}
