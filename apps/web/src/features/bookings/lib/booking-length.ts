import type { Booking } from '@jammy/shared/bookings';
import { TRANSPORT_KINDS, zonedInstant } from '@jammy/shared/bookings-plain';
import { formatDuration } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';

/**
 * How long bookings last, and the waits between legs. Each end of a booking is a wall clock in
 * its own zone, so the time it takes is the distance between the two instants, not between
 * the two clock readings: Rome 10:00 to New York 13:30 on 28 March 2027 takes 9 h 30 min.
 */

/** Minutes from a timed booking's start to its end; null without both, or for an all-day one. */
export function elapsedMinutes(booking: Booking): number | null {
  const { startAt, startZone, endAt, endZone } = booking;
  if (!startAt || !startZone || !endAt || !endZone) return null;
  return Math.round((zonedInstant(endAt, endZone) - zonedInstant(startAt, startZone)) / 60_000);
}

/** What a booking's line says of its length: a stay's nights, anything else's time. */
export type BookingLength = { nights: number } | { minutes: number };

export function bookingLength(booking: Booking): BookingLength | null {
  const minutes = elapsedMinutes(booking);
  if (minutes === null) return null;
  if (booking.kind === 'accommodation' && booking.startAt && booking.endAt) {
    // Nights are counted on the hotel's calendar: check-in day to check-out day.
    const nights = Math.round(
      (Date.parse(booking.endAt.slice(0, 10)) - Date.parse(booking.startAt.slice(0, 10))) /
        86_400_000,
    );
    if (nights > 0) return { nights };
  }
  return { minutes };
}

/** "9 hr 30 min", "1 day 1 hr 30 min": days once it lasts a day or more, in the language. */
export function formatElapsed(minutes: number, language: string): string {
  const days = Math.floor(minutes / 1440);
  const rest = minutes % 1440;
  if (days === 0) return formatDuration(rest, language);
  const dayPart = numberFormat(language, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
  }).format(days);
  return rest === 0 ? dayPart : `${dayPart} ${formatDuration(rest, language)}`;
}

/** The wait before a leg: how long, and where (`at`), or from which place to which. */
export interface Layover {
  minutes: number;
  /** The place of the wait when the next leg leaves from where the last one arrived. */
  at: string | null;
  /** When the next leg leaves from elsewhere (another airport): where the last one arrived… */
  from: string | null;
  /** …and where the next one leaves from. */
  to: string | null;
}

/** A wait of a day or more is a stay, not a connection. */
const LONGEST_LAYOVER_MINUTES = 24 * 60;

const samePlace = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/**
 * The layovers of a trip, by the leg each comes before: between two transport legs that follow
 * each other (whatever else is booked between them), from the arrival of one to the departure
 * of the next, when the next leaves within a day of the arrival.
 */
export function layovers(bookings: readonly Booking[]): Map<string, Layover> {
  const legs = bookings
    .filter((booking) => TRANSPORT_KINDS.includes(booking.kind))
    .flatMap((booking) => {
      const { startAt, startZone, endAt, endZone } = booking;
      if (!startAt || !startZone || !endAt || !endZone) return [];
      return [
        { booking, start: zonedInstant(startAt, startZone), end: zonedInstant(endAt, endZone) },
      ];
    })
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const found = new Map<string, Layover>();
  legs.forEach((next, index) => {
    const last = legs[index - 1];
    if (!last) return;
    const minutes = Math.round((next.start - last.end) / 60_000);
    if (minutes < 0 || minutes >= LONGEST_LAYOVER_MINUTES) return;
    const arrived = last.booking.toName;
    const leaves = next.booking.fromName;
    const moved = arrived !== null && leaves !== null && !samePlace(arrived, leaves);
    found.set(next.booking.id, {
      minutes,
      at: moved ? null : (arrived ?? leaves),
      from: moved ? arrived : null,
      to: moved ? leaves : null,
    });
  });
  return found;
}
