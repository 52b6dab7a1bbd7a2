import type { Booking } from '@jammy/shared/bookings';
import { bookingDay, zonedInstant } from '@jammy/shared/bookings-plain';
import { dateTimeFormat } from '../../../lib/intl';

/**
 * Bookings' times as a traveller reads them: the wall-clock time of the ticket in its own zone,
 * with the zone named (in the page's language, by Intl) when it is not the trip's, and the
 * arrival's when it is not the departure's.
 */

/** The zone the trip is read in: its own, else this device's. */
export function referenceZone(itineraryZone: string | null): string {
  return itineraryZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** A wall-clock `YYYY-MM-DDTHH:MM` as a Date whose UTC fields are those of the wall clock. */
function wallDate(local: string): Date {
  return new Date(`${local.length === 10 ? `${local}T00:00` : local}:00Z`);
}

/** "10:00" (in the language's digits and clock). */
export function formatWallTime(local: string, language: string): string {
  return dateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(wallDate(local));
}

/** "Sun, 28 Mar" for a time whose date differs from the day it is listed under. */
export function formatShortDate(local: string, language: string): string {
  return dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(wallDate(local));
}

/** "Sunday 28 March 2027": the heading of a day. */
export function formatDayHeading(date: string, language: string): string {
  return dateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(wallDate(date));
}

function zonePart(
  zone: string,
  at: number,
  language: string,
  style: 'shortGeneric' | 'shortOffset',
) {
  try {
    return dateTimeFormat(language, { timeZone: zone, timeZoneName: style })
      .formatToParts(new Date(at))
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * A zone as people say it, at the moment of the booking: "Japan Time (GMT+9)", "Italy Time
 * (GMT+2)" in summer; the IANA name when the language has no name for it.
 */
export function zoneLabel(zone: string, local: string, language: string): string {
  const at = zonedInstant(local, zone);
  const name = zonePart(zone, at, language, 'shortGeneric');
  const offset = zonePart(zone, at, language, 'shortOffset');
  if (name && offset && name !== offset) return `${name} (${offset})`;
  return name ?? offset ?? zone.replace(/_/g, ' ');
}

export interface BookingTimes {
  /** An all-day booking: its last day ("Wed, 31 Mar") when it lasts more than one. */
  allDay: { until: string | null } | null;
  /** "10:00", and the zone's name when it is not the trip's. */
  start: { time: string; zone: string | null } | null;
  /** The arrival: its date too when it is another day; its zone when not the trip's or the start's. */
  end: { time: string; date: string | null; zone: string | null } | null;
}

/** What a booking's line says about its times. */
export function bookingTimes(booking: Booking, reference: string, language: string): BookingTimes {
  const { startAt, startZone, endAt, endZone } = booking;
  if (booking.startDate) {
    const until = booking.endDate ? formatShortDate(booking.endDate, language) : null;
    return { allDay: { until }, start: null, end: null };
  }
  const start =
    startAt && startZone
      ? {
          time: formatWallTime(startAt, language),
          zone: startZone === reference ? null : zoneLabel(startZone, startAt, language),
        }
      : null;
  const end =
    endAt && endZone
      ? {
          time: formatWallTime(endAt, language),
          date:
            !startAt || startAt.slice(0, 10) !== endAt.slice(0, 10)
              ? formatShortDate(endAt, language)
              : null,
          zone:
            endZone === reference && (!startZone || endZone === startZone)
              ? null
              : zoneLabel(endZone, endAt, language),
        }
      : null;
  return { allDay: null, start, end };
}

export interface BookingDay {
  /** `YYYY-MM-DD` of the start, wall clock (or first day); null for bookings without one. */
  date: string | null;
  bookings: Booking[];
}

/**
 * Bookings by the day they start (their own wall-clock date, an all-day one's first day), in
 * order; undated last.
 */
export function groupByDay(bookings: Booking[]): BookingDay[] {
  const days: BookingDay[] = [];
  for (const booking of bookings) {
    const date = bookingDay(booking);
    const last = days.at(-1);
    if (last && last.date === date) last.bookings.push(booking);
    else days.push({ date, bookings: [booking] });
  }
  return days;
}
