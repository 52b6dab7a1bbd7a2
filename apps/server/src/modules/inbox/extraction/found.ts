import type { BookingKind } from '@jammy/shared/bookings';

/**
 * What the inbox's readers find, each value with where it came from, so the review page can
 * say "from the mail's markup (reservationFor.departureTime)" and the traveller can judge it.
 * Nothing here is trusted: every value is text from a stranger's mail, checked again by the
 * booking schema when the traveller accepts it.
 */

/** Where a value was read: the kind of source and the place in it. */
export interface FieldSource {
  kind:
    | 'json-ld'
    | 'microdata'
    | 'wallet-pass'
    | 'boarding-pass-barcode'
    | 'airport-table'
    | 'calendar'
    | 'kitinerary'
    | 'text';
  /** The property path, pass key or line it came from ("reservationFor.departureTime"). */
  at: string;
}

export interface Found<T> {
  value: T;
  source: FieldSource;
}

/** A booking's fields as the inbox proposes them (the booking schema's names). */
export interface DraftValues {
  title: string;
  carrier: string;
  number: string;
  fromName: string;
  fromLat: number;
  fromLng: number;
  toName: string;
  toLat: number;
  toLng: number;
  startAt: string;
  startZone: string;
  endAt: string;
  endZone: string;
  startDate: string;
  endDate: string;
  confirmationCode: string;
  address: string;
  costMinor: number;
  currency: string;
  url: string;
  notes: string;
}

export type DraftFields = { [K in keyof DraftValues]?: Found<DraftValues[K]> };

/**
 * A confirmation says a booking is made (or kept), a cancellation that it no longer is, a
 * modification that it changed (schema.org's `modifiedTime`, or a status naming a change).
 */
export type ReservationStatus = 'confirmed' | 'cancelled' | 'modified';

/** One booking found: its kind, its fields with their sources, and what the sender says of it. */
export interface FoundReservation {
  kind: BookingKind;
  status: ReservationStatus;
  fields: DraftFields;
}

/** What the text says that may help the traveller fill a booking by hand. */
export interface TextClues {
  dates: Found<string>[];
  times: Found<string>[];
  /** Booking references: runs of capitals and digits near a word for "booking" or "code". */
  codes: Found<string>[];
  /** Airports named by their IATA code, with their place and zone from the airport table. */
  airports: Found<{ code: string; name: string; lat: number; lng: number; zone: string }>[];
}

/** Everything read from one mail or file. */
export interface Extraction {
  /** The sender as the mail states it (not proof of who sent it: see the sender check). */
  from: string | null;
  subject: string | null;
  /** When the mail says it was sent (ISO 8601 UTC), to date a boarding pass's day of the year. */
  sentAt: string | null;
  /** The plain text, kept for a booking made by hand; never rendered as HTML. */
  text: string;
  reservations: FoundReservation[];
  clues: TextClues;
  /** What could not be read, as short sentences naming the part ("pass.json: not JSON"). */
  problems: string[];
  /** Attachments worth keeping with the item: PDFs and pictures (a ticket, a voucher). */
  files: { name: string; contentType: string; bytes: Uint8Array }[];
}
