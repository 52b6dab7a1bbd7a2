import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { Booking } from '@jammy/shared/bookings';
import type { Place, Stage } from '@jammy/shared/itineraries';
import ical, { escape, type ICalEventData, type ICalLocation } from 'ical-generator';
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
 * ical-generator writes an event's DTSTART and DTEND in one zone; an arrival in another zone
 * is carried in this property and rewritten as `DTEND;TZID=<its zone>:<its time>` once the
 * calendar is written (RFC 5545 lets DTSTART and DTEND have different TZIDs).
 */
const END_IN_ZONE = 'X-JAMMY-DTEND-IN-ZONE';
const END_IN_ZONE_LINE = new RegExp(`^${END_IN_ZONE}:([^|\\r\\n]+)\\|(\\d{8}T\\d{6})`, 'gm');

/** A wall-clock time as an iCalendar local DATE-TIME: 20270402T060500. */
function localDateTime(at: Temporal.PlainDateTime): string {
  return at.toString({ smallestUnit: 'second' }).replace(/[-:]/g, '');
}

/**
 * A booking at its wall-clock times: `DTSTART;TZID=<departure zone>` and
 * `DTEND;TZID=<arrival zone>`, each as on the ticket (a flight Lisbon → Tokyo lands at
 * Tokyo's time, in Tokyo's zone). A time that does not exist in its zone (the hour skipped
 * when clocks go forward) is written as the time it then is (same instant, RFC 5545
 * §3.3.5); when one happens twice, the event is written in UTC as its first occurrence, so
 * that every calendar reads the same instant.
 */
function bookingEvent(row: Booking, host: string): ICalEventData | null {
  const content = {
    summary: row.title,
    description: bookingDescription(row) || null,
    location: location(
      row.address ?? row.fromName,
      geoOf(row.fromLat, row.fromLng) ?? geoOf(row.toLat, row.toLng),
    ),
    url: row.url,
  };
  if (row.startDate) {
    // An all-day booking is an all-day event, whatever zone the calendar is read in.
    return {
      ...revision(row, host),
      allDay: true,
      start: Temporal.PlainDate.from(row.startDate),
      end: dayAfter(row.endDate ?? row.startDate),
      ...content,
    };
  }
  if (!row.startAt || !row.startZone) return null;
  const zone = row.startZone;
  const start = Temporal.PlainDateTime.from(row.startAt);
  const departure = start.toZonedDateTime(zone);
  const arrival =
    row.endAt && row.endZone
      ? Temporal.PlainDateTime.from(row.endAt).toZonedDateTime(row.endZone)
      : null;
  const end = arrival && Temporal.ZonedDateTime.compare(arrival, departure) >= 0 ? arrival : null;
  const inUtc =
    happensTwice(start, zone) ||
    (end !== null &&
      row.endAt !== null &&
      happensTwice(Temporal.PlainDateTime.from(row.endAt), end.timeZoneId));
  let times: Pick<ICalEventData, 'start' | 'end' | 'timezone' | 'x'>;
  if (inUtc) {
    times = {
      start: new Date(departure.epochMilliseconds),
      end: end ? new Date(end.epochMilliseconds) : null,
    };
  } else if (end && end.timeZoneId !== zone) {
    times = {
      start,
      timezone: zone,
      x: [[END_IN_ZONE, `${end.timeZoneId}|${localDateTime(end.toPlainDateTime())}`]],
    };
  } else {
    times = { start, end: end?.toPlainDateTime() ?? null, timezone: zone };
  }
  return { ...revision(row, host), ...times, ...content };
}

/**
 * The trip as an iCalendar (RFC 5545) file: an all-day event per dated stage and all-day
 * booking, an event per timed booking and per place with a day and a time; a VTIMEZONE for every zone used. UIDs are the
 * rows' ids at `host`, so importing the file again updates the events instead of adding them.
 */
export function buildCalendar(trip: TripData, host: string): string {
  const zone = trip.itinerary.timezone;
  const events = [
    ...trip.stages.map((row) => stageEvent(row, host)),
    ...trip.places.map((row) => placeEvent(row, zone, host)),
    ...trip.bookings.map((row) => bookingEvent(row, host)),
  ].filter((event) => event !== null);
  // The arrival zones no DTSTART uses get their VTIMEZONE too: ical-generator asks for the
  // start zones only, so the first one it asks for brings those along.
  const startZones = new Set(events.map((event) => event.timezone).filter((name) => name));
  const endZones = new Set<string>();
  for (const event of events) {
    for (const entry of Array.isArray(event.x) ? event.x : []) {
      const endZone =
        Array.isArray(entry) && entry[0] === END_IN_ZONE ? entry[1].split('|')[0] : undefined;
      if (endZone && !startZones.has(endZone)) endZones.add(endZone);
    }
  }
  let extraZones = [...endZones].sort();
  const calendar = ical({
    // ical-generator writes NAME and X-WR-CALNAME as given: escaped here as the TEXT they are.
    name: escape(trip.itinerary.title, false),
    prodId: { company: 'Jammy', product: 'Jammy', language: 'EN' },
    timezone: {
      name: null,
      generator: (name) => {
        const components = [name, ...extraZones].map((each) => getVtimezoneComponent(each));
        extraZones = [];
        return components.filter(Boolean).join('\r\n') || null;
      },
    },
  });
  for (const event of events) calendar.createEvent(event);
  return calendar.toString().replace(END_IN_ZONE_LINE, 'DTEND;TZID=$1:$2');
}
