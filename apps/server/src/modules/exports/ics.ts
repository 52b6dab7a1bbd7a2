import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { Booking } from '@jammy/shared/bookings';
import type { Place, Stage } from '@jammy/shared/itineraries';
import ical, { type ICalEventData, type ICalLocation } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import type { TripData } from './exports.repository';

/** Places with a day and a time but no duration last this long in a calendar. */
const DEFAULT_PLACE_MINUTES = 60;

/** The day after `date` (a DTEND of an all-day event is exclusive). */
function dayAfter(date: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(date).add({ days: 1 });
}

function geoOf(lat: number | null, lng: number | null) {
  return lat !== null && lng !== null ? { lat, lon: lng } : undefined;
}

function location(title: string | null, geo: ReturnType<typeof geoOf>): ICalLocation | null {
  if (title) return { title, ...(geo ? { geo } : {}) };
  return geo ? { geo } : null;
}

/** Versioned rows update in a calendar that imported them before: same UID, higher SEQUENCE. */
function revision(row: { id: string; version: number; updatedAt: string }, host: string) {
  const updated = new Date(row.updatedAt);
  return {
    id: `${row.id}@${host}`,
    sequence: row.version,
    lastModified: updated,
    stamp: updated,
  };
}

function stageEvent(row: Stage, host: string): ICalEventData | null {
  if (!row.startDate) return null;
  return {
    ...revision(row, host),
    allDay: true,
    start: Temporal.PlainDate.from(row.startDate),
    end: dayAfter(row.endDate ?? row.startDate),
    summary: row.title,
    description: row.notes || null,
    location: location(row.destinationName, geoOf(row.lat, row.lng)),
  };
}

function placeEvent(row: Place, zone: string | null, host: string): ICalEventData | null {
  if (!row.day || !row.time) return null;
  const start = Temporal.PlainDateTime.from(`${row.day}T${row.time}`);
  return {
    ...revision(row, host),
    start,
    end: start.add({ minutes: row.durationMinutes ?? DEFAULT_PLACE_MINUTES }),
    // Without the trip's zone the time is floating: the same wall-clock time wherever one is.
    ...(zone ? { timezone: zone } : { floating: true }),
    summary: row.name,
    description: row.notes || null,
    location: location(row.address ?? row.name, geoOf(row.lat, row.lng)),
  };
}

/** A wall-clock time as a ticket prints it: "2027-03-28 01:30 Europe/London". */
function printed(at: string | null, zone: string | null): string {
  return at && zone ? `${at.replace('T', ' ')} ${zone}` : '';
}

/** The lines of a booking's DESCRIPTION; the confirmation code only when it was given. */
function bookingDescription(row: Booking): string {
  const times = [printed(row.startAt, row.startZone), printed(row.endAt, row.endZone)];
  const lines = [
    [row.carrier, row.number].filter(Boolean).join(' '),
    row.fromName && row.toName ? `${row.fromName} → ${row.toName}` : '',
    // The times as on the ticket, each in its own zone.
    times.filter(Boolean).join(' – '),
    row.confirmationCode ? `Confirmation: ${row.confirmationCode}` : '',
    row.address ?? '',
    row.notes,
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * Whether a wall-clock time happens twice in `zone` (the hour repeated when clocks go back).
 * RFC 5545 §3.3.5 means the first one, but not every reader agrees (ical.js takes the second).
 */
function happensTwice(at: Temporal.PlainDateTime, zone: string): boolean {
  const earlier = at.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const later = at.toZonedDateTime(zone, { disambiguation: 'later' });
  return (
    earlier.epochNanoseconds !== later.epochNanoseconds &&
    Temporal.PlainDateTime.compare(earlier.toPlainDateTime(), at) === 0 &&
    Temporal.PlainDateTime.compare(later.toPlainDateTime(), at) === 0
  );
}

/**
 * A booking at its wall-clock times: `DTSTART;TZID=<start zone>`. A calendar event has one
 * zone, so an arrival in another zone is written as the same instant in the departure's zone
 * (the description prints both as on the ticket). A time that does not exist in its zone (the
 * hour skipped when clocks go forward) is written as the time it then is (same instant, RFC
 * 5545 §3.3.5); one that happens twice is written in UTC as its first occurrence, so that
 * every calendar reads the same instant.
 */
function bookingEvent(row: Booking, host: string): ICalEventData | null {
  if (!row.startAt || !row.startZone) return null;
  const zone = row.startZone;
  const start = Temporal.PlainDateTime.from(row.startAt);
  const arrival =
    row.endAt && row.endZone
      ? Temporal.PlainDateTime.from(row.endAt).toZonedDateTime(row.endZone).withTimeZone(zone)
      : null;
  const departure = start.toZonedDateTime(zone);
  const end = arrival && Temporal.ZonedDateTime.compare(arrival, departure) >= 0 ? arrival : null;
  const inUtc =
    happensTwice(start, zone) || (end !== null && happensTwice(end.toPlainDateTime(), zone));
  const from = geoOf(row.fromLat, row.fromLng);
  return {
    ...revision(row, host),
    ...(inUtc
      ? {
          start: new Date(departure.epochMilliseconds),
          end: end ? new Date(end.epochMilliseconds) : null,
        }
      : { start, end: end?.toPlainDateTime() ?? null, timezone: zone }),
    summary: row.title,
    description: bookingDescription(row) || null,
    location: location(row.address ?? row.fromName, from ?? geoOf(row.toLat, row.toLng)),
    url: row.url,
  };
}

/**
 * The trip as an iCalendar (RFC 5545) file: an all-day event per dated stage, an event per
 * booking and per place with a day and a time; a VTIMEZONE for every zone used. UIDs are the
 * rows' ids at `host`, so importing the file again updates the events instead of adding them.
 */
export function buildCalendar(trip: TripData, host: string): string {
  const calendar = ical({
    name: trip.itinerary.title,
    prodId: { company: 'Jammy', product: 'Jammy', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  const zone = trip.itinerary.timezone;
  const events = [
    ...trip.stages.map((row) => stageEvent(row, host)),
    ...trip.places.map((row) => placeEvent(row, zone, host)),
    ...trip.bookings.map((row) => bookingEvent(row, host)),
  ];
  for (const event of events) if (event) calendar.createEvent(event);
  return calendar.toString();
}
