// The part of bookings.ts without zod (the kinds, the limits, wall-clock times in a zone): a
// trip's page shows bookings and must not load the schemas for that. bookings.ts re-exports
// all of it.

/**
 * Bookings (reservations) of an itinerary: a flight, a hotel, a table. Times are wall-clock
 * times with their own IANA zone (a flight leaves at 08:30 Europe/Rome and lands at 11:05
 * Asia/Tokyo), so a change of the zone's rules never moves a booking, and the calendar export
 * writes them as `DTSTART;TZID=…` exactly as printed on the ticket.
 */
export const BOOKING_KINDS = [
  'flight',
  'train',
  'bus',
  'ferry',
  'car-rental',
  'accommodation',
  'activity',
  'restaurant',
  'other',
] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** Kinds that travel from somewhere to somewhere (carrier, number, from, to). */
export const TRANSPORT_KINDS: readonly BookingKind[] = ['flight', 'train', 'bus', 'ferry'];

export const BOOKING_LIMITS = {
  title: 160,
  carrier: 120,
  number: 40,
  placeName: 160,
  confirmationCode: 80,
  address: 300,
  notes: 4000,
} as const;

export type BookingInput = {
  startAt?: string | null;
  startZone?: string | null;
  endAt?: string | null;
  endZone?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  costMinor?: number | null;
  currency?: string | null;
};

/**
 * A problem with an all-day booking's days (null: none): it has days or times, never both
 * (a calendar reads it one way or the other); a last day needs a first, and comes after it.
 */
export function bookingDaysProblem(
  value: BookingInput,
): { field: 'startDate' | 'endDate'; message: string } | null {
  const { startDate, endDate } = value;
  if (startDate && (value.startAt || value.endAt)) {
    return {
      field: 'startDate',
      message: 'cannot be given with startAt or endAt: a booking is all-day or has times',
    };
  }
  if (endDate && !startDate) return { field: 'startDate', message: 'is required with endDate' };
  if (startDate && endDate && endDate < startDate) {
    return { field: 'endDate', message: 'must not be before startDate' };
  }
  return null;
}

/** The day a booking starts on: its own wall-clock date, or an all-day booking's first day. */
export function bookingDay(booking: {
  startAt: string | null;
  startDate: string | null;
}): string | null {
  return booking.startAt?.slice(0, 10) ?? booking.startDate;
}

/**
 * The instant (milliseconds since 1970, UTC) of a wall-clock time `YYYY-MM-DDTHH:MM` in an IANA
 * zone, through Intl alone. A time skipped by a change to summer time reads as the hour after,
 * a repeated one (the hour when clocks go back) as its second occurrence.
 */
export function zonedInstant(local: string, zone: string): number {
  const [date = '', time = ''] = local.split('T');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = utc(year, month, day, hour, minute, 0);
  // The zone's offsets a day before and after: the instant is the wall time less one of them
  // (both, an hour apart, when the clocks went back; neither when they skipped it).
  const before = offsetOf(wall - DAY, zone);
  const after = offsetOf(wall + DAY, zone);
  const readings = [wall - before, wall - after].filter(
    (instant) => instant + offsetOf(instant, zone) === wall,
  );
  return readings.length > 0 ? Math.max(...readings) : wall - before;
}

const DAY = 86_400_000;

/** Date.UTC without its two-digit-year rule (years 1–99 stay themselves). */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
) {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
export function offsetOf(at: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = utc(
    parts.year ?? 1970,
    parts.month ?? 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** A booking's details, all empty: what a new booking (or a proposal of the inbox) holds until found or given. */
export const EMPTY_BOOKING_DETAILS = {
  carrier: null,
  number: null,
  fromName: null,
  fromLat: null,
  fromLng: null,
  toName: null,
  toLat: null,
  toLng: null,
  startAt: null,
  startZone: null,
  endAt: null,
  endZone: null,
  startDate: null,
  endDate: null,
  confirmationCode: null,
  address: null,
  costMinor: null,
  currency: null,
  url: null,
  notes: '',
} as const;
