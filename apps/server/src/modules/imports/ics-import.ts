import { isTimeZone } from '@jammy/shared/fields';
import {
  IMPORT_LIMITS,
  type ImportedBooking,
  type ImportedSeries,
  type ImportWarning,
} from '@jammy/shared/imports';
import { BOOKING_LIMITS, bookingDay, type BookingKind } from '@jammy/shared/bookings';
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';
import { occurrences, repeats, type Jcal, type JcalEvent, type TripDates } from './ics-recurrence';
import { cleanText, tooMany, unreadable } from './import-text';

/**
 * iCalendar files (RFC 5545) become bookings: each VEVENT with its start and end as
 * wall-clock times in their own IANA zone, an all-day event with its days. The file is checked line by line first (so every
 * problem names its line), then read by ical.js.
 */

interface ContentLine {
  /** 1-based number of the line it starts on (folded lines continue it). */
  line: number;
  name: string;
  params: string;
  value: string;
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/;
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/** Content lines, unfolded, each with the line it started on; 400 for a line without a value. */
function contentLines(text: string): ContentLine[] {
  const physical = text.split(/\r\n|\n|\r/);
  const lines: ContentLine[] = [];
  let current: { line: number; text: string } | null = null;
  const flush = () => {
    if (!current) return;
    const { line, text: raw } = current;
    const colon = raw.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    if (colon <= 0) throw unreadable(`line ${line}`, 'is not a calendar line (NAME:value)');
    const head = raw.slice(0, colon);
    const semicolon = head.indexOf(';');
    lines.push({
      line,
      name: (semicolon === -1 ? head : head.slice(0, semicolon)).toUpperCase(),
      params: semicolon === -1 ? '' : head.slice(semicolon + 1),
      value: raw.slice(colon + 1),
    });
  };
  physical.forEach((raw, index) => {
    if (/^[ \t]/.test(raw) && current) {
      current.text += raw.slice(1);
      return;
    }
    flush();
    current = raw.trim() === '' ? null : { line: index + 1, text: raw };
  });
  flush();
  return lines;
}

/** `Europe/Rome` as the engine names it, from a TZID (old Mozilla prefixes dropped). */
export function ianaZone(tzid: string): string | undefined {
  const candidates = [
    tzid,
    tzid.replace(/^\/?(mozilla\.org\/[^/]+\/|softwarestudio\.org\/[^/]+\/)/, ''),
  ];
  for (const candidate of candidates) {
    if (isTimeZone(candidate)) return candidate;
    try {
      const resolved = new Intl.DateTimeFormat('en', { timeZone: candidate }).resolvedOptions()
        .timeZone;
      if (isTimeZone(resolved)) return resolved;
    } catch {
      // Not a zone the engine knows.
    }
  }
  return undefined;
}

function realDate(year: string, month: string, day: string): boolean {
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return year !== '0000' && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

function tzidOf(params: string): string | undefined {
  const match = /(?:^|;)TZID=("([^"]*)"|[^;:]*)/i.exec(params);
  return match ? (match[2] ?? match[1]) : undefined;
}

/**
 * Checks the calendar's structure (BEGIN/END), its dates and its time zones, naming the line
 * of the first problem.
 */
function checkLines(lines: ContentLine[]): void {
  const first = lines[0];
  if (!first || first.name !== 'BEGIN' || first.value.toUpperCase() !== 'VCALENDAR') {
    throw unreadable(
      `line ${first?.line ?? 1}`,
      'is not the start of a calendar (BEGIN:VCALENDAR)',
    );
  }
  const open: { name: string; line: number }[] = [];
  let events = 0;
  for (const entry of lines) {
    if (entry.name === 'BEGIN') {
      open.push({ name: entry.value.toUpperCase(), line: entry.line });
      if (entry.value.toUpperCase() === 'VEVENT') {
        events += 1;
        if (events > IMPORT_LIMITS.bookings) throw tooMany('events', IMPORT_LIMITS.bookings);
      }
      if (open.length > 8) throw unreadable(`line ${entry.line}`, 'components are nested too deep');
    } else if (entry.name === 'END') {
      const top = open.pop();
      if (!top || top.name !== entry.value.toUpperCase()) {
        throw unreadable(
          `line ${entry.line}`,
          top
            ? `END:${entry.value} does not close BEGIN:${top.name} of line ${top.line}`
            : `END:${entry.value} closes nothing`,
        );
      }
    } else if (['DTSTART', 'DTEND'].includes(entry.name) && open.at(-1)?.name === 'VEVENT') {
      const value = entry.value.trim();
      const date = DATE.exec(value);
      const dateTime = DATE_TIME.exec(value);
      const parts = date ?? dateTime;
      if (!parts || !realDate(parts[1] ?? '', parts[2] ?? '', parts[3] ?? '')) {
        throw unreadable(
          `line ${entry.line}`,
          `${entry.name} "${cleanText(value, 40)}" is not a date`,
        );
      }
      if (
        dateTime &&
        (Number(dateTime[4]) > 23 || Number(dateTime[5]) > 59 || Number(dateTime[6]) > 60)
      ) {
        throw unreadable(`line ${entry.line}`, `${entry.name} "${value}" is not a time of day`);
      }
      const tzid = tzidOf(entry.params);
      if (tzid !== undefined && dateTime && !dateTime[7] && !ianaZone(tzid)) {
        throw unreadable(
          `line ${entry.line}`,
          `${entry.name} has an unknown time zone "${cleanText(tzid, 64)}" (use an IANA zone such as Europe/Rome)`,
        );
      }
    }
  }
  const unclosed = open.at(-1);
  if (unclosed) {
    throw unreadable(
      `line ${lines.at(-1)?.line ?? 1}`,
      `the file ends before BEGIN:${unclosed.name} of line ${unclosed.line} is closed (truncated?)`,
    );
  }
}

/** The wall-clock time `YYYY-MM-DDTHH:MM` of an instant in `zone`. */
export function wallClock(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A DTSTART or DTEND as wall-clock time and zone (UTC and floating times in `zone`). */
function timeOf(
  property: Jcal | undefined,
  calendarZone: string,
): { at: string; zone: string } | null {
  if (!property) return null;
  const [, params, type, value] = property;
  if (typeof value !== 'string' || type === 'date') return null;
  const tzid = typeof params.tzid === 'string' ? ianaZone(params.tzid) : undefined;
  if (value.endsWith('Z')) {
    return { at: wallClock(new Date(value), calendarZone), zone: calendarZone };
  }
  return { at: value.slice(0, 16), zone: tzid ?? calendarZone };
}

/** The date `YYYY-MM-DD` of a DATE-valued DTSTART or DTEND (an all-day event's). */
function dateOf(property: Jcal | undefined): string | null {
  const value = property?.[3];
  return property?.[2] === 'date' && typeof value === 'string' ? value : null;
}

/**
 * An all-day event's first and last day. Its DTEND is the day after its last (RFC 5545
 * §3.6.1); without one, or with one not after its start, it lasts one day (no last day).
 */
function daysOf(
  start: Jcal | undefined,
  end: Jcal | undefined,
): { startDate: string; endDate: string | null } | null {
  const first = dateOf(start);
  if (!first) return null;
  const after = dateOf(end);
  const last = after ? Temporal.PlainDate.from(after).subtract({ days: 1 }).toString() : null;
  return { startDate: first, endDate: last && last > first ? last : null };
}

const KIND_WORDS: [RegExp, BookingKind][] = [
  [/\bflights?\b|\bflug\b|\bvol\b|\bvolo\b|\bvuelo\b|✈|\bairlines?\b|رحلة/i, 'flight'],
  [
    /\btrain\b|\brail|\bzug\b|\btreno\b|\btren\b|\bTGV\b|\bICE\b|frecciarossa|eurostar|italo\b/i,
    'train',
  ],
  [/\bferry\b|\bfähre\b|\btraghetto\b|\bferri\b/i, 'ferry'],
  [/\bbus\b|\bcoach\b|flixbus/i, 'bus'],
  [
    /car rental|rental car|\bhertz\b|\bavis\b|europcar|\bsixt\b|mietwagen|noleggio auto/i,
    'car-rental',
  ],
  [
    /\bhotel\b|\bstay at\b|\bcheck-?in\b|\bhostel\b|airbnb|lodging|\bb&b\b|accommodation|\bryokan\b|albergo/i,
    'accommodation',
  ],
  [/restaurant|\bdinner\b|\blunch\b|\btable for\b|ristorante|\bcena\b/i, 'restaurant'],
  [/\btour\b|\bticket\b|\bmuseum\b|\bconcert\b|\bclass\b|\bexcursion\b/i, 'activity'],
];

function kindOf(summary: string, categories: string): BookingKind {
  const words = `${categories} ${summary}`;
  return KIND_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? 'other';
}

const TRANSPORT: ReadonlySet<BookingKind> = new Set(['flight', 'train', 'bus', 'ferry']);

function valueOf(event: Jcal[], name: string): string {
  const property = event.find((entry) => entry[0] === name);
  const value = property?.[3];
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : '';
}

function bookingOf(properties: Jcal[], calendarZone: string, index: number): ImportedBooking {
  const summary = cleanText(valueOf(properties, 'summary'), BOOKING_LIMITS.title);
  const description = cleanText(valueOf(properties, 'description'), BOOKING_LIMITS.notes, true);
  const location = cleanText(valueOf(properties, 'location'), BOOKING_LIMITS.address);
  const categories = properties
    .filter((entry) => entry[0] === 'categories')
    .flatMap((entry) => entry.slice(3))
    .join(' ');
  const kind = kindOf(summary, categories);
  const dtstart = properties.find((entry) => entry[0] === 'dtstart');
  const dtend = properties.find((entry) => entry[0] === 'dtend');
  // An all-day event (VALUE=DATE) stays all-day: days, no time, no zone.
  const days = daysOf(dtstart, dtend);
  const start = days ? null : timeOf(dtstart, calendarZone);
  const end = days ? null : timeOf(dtend, calendarZone);
  const transport = TRANSPORT.has(kind);
  // "Flight to London (BA 2571)", "Train from Rome to Florence".
  const code = transport ? /\b([A-Z]{2}|[A-Z]\d|\d[A-Z])\s?(\d{1,4})\b/.exec(summary) : null;
  const route = /\bfrom\s+(.+?)\s+to\s+(.+?)(?:\s*\(|$)/i.exec(summary);
  const to = route?.[2] ?? /\bto\s+(.+?)(?:\s*\(|$)/i.exec(summary)?.[1];
  const confirmation =
    /\b(?:confirmation|booking|reservation|record locator|PNR)(?:\s+(?:code|number|ref(?:erence)?))?\s*[:#]?\s*([A-Z0-9]{5,10})\b/i.exec(
      description,
    );
  return {
    kind,
    title: summary || `Event ${index + 1}`,
    startAt: start?.at ?? null,
    startZone: start?.zone ?? null,
    endAt: end?.at ?? null,
    endZone: end?.zone ?? null,
    startDate: days?.startDate ?? null,
    endDate: days?.endDate ?? null,
    fromName: transport
      ? cleanText(route?.[1] ?? location, BOOKING_LIMITS.placeName) || null
      : null,
    toName: transport && to ? cleanText(to, BOOKING_LIMITS.placeName) : null,
    carrier: code ? (code[1] ?? null) : null,
    number: code ? `${code[1]} ${code[2]}` : null,
    confirmationCode: confirmation?.[1] ?? null,
    address: transport ? null : location || null,
    notes: description,
  };
}

/**
 * The bookings of a calendar. Times in UTC or floating are read in the calendar's zone
 * (X-WR-TIMEZONE), else `defaultZone` (the itinerary's), else UTC. A repeating event becomes
 * a booking per occurrence within `trip` (its first alone without trip dates), and is
 * described in `series`.
 */
export function readCalendar(
  text: string,
  defaultZone: string | null,
  trip: TripDates | null,
): {
  bookings: ImportedBooking[];
  series: ImportedSeries[];
  name: string;
  warnings: ImportWarning[];
} {
  const lines = contentLines(text);
  checkLines(lines);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw unreadable(
      'file',
      `is not a readable calendar (${cleanText((error as Error).message, 200)})`,
    );
  }
  // One calendar parses to its jCal array; several to an array of them (the first is read).
  const first: unknown =
    Array.isArray(parsed) && typeof parsed[0] !== 'string' ? parsed[0] : parsed;
  const calendar = first as [string, Jcal[], JcalEvent[]] | undefined;
  if (!calendar || calendar[0] !== 'vcalendar') throw unreadable('line 1', 'is not a calendar');
  const declared = valueOf(calendar[1], 'x-wr-timezone');
  const calendarZone =
    (declared && ianaZone(declared)) || (defaultZone && ianaZone(defaultZone)) || 'UTC';
  const events = calendar[2].filter((component) => component[0] === 'vevent');
  const cancelledEvent = (event: JcalEvent) =>
    valueOf(event[1], 'status').toUpperCase() === 'CANCELLED';
  const warnings: ImportWarning[] = [];
  const cancelled = events.filter(cancelledEvent).length;
  if (cancelled > 0) warnings.push({ code: 'cancelled-events', count: cancelled });

  // Moved occurrences (RECURRENCE-ID) belong to the repeating event of their UID.
  const uidOf = (event: JcalEvent) => valueOf(event[1], 'uid');
  const isMoved = (event: JcalEvent) => event[1].some((entry) => entry[0] === 'recurrence-id');
  const masters = new Set(events.filter((event) => !isMoved(event) && repeats(event)).map(uidOf));
  const movedOf = (uid: string) =>
    events.filter((event) => isMoved(event) && uid !== '' && uidOf(event) === uid);

  const bookings: ImportedBooking[] = [];
  const series: ImportedSeries[] = [];
  const add = (properties: Jcal[]) => {
    bookings.push(bookingOf(properties, calendarZone, bookings.length));
    if (bookings.length > IMPORT_LIMITS.bookings) throw tooMany('events', IMPORT_LIMITS.bookings);
  };
  for (const event of events) {
    if (cancelledEvent(event)) continue;
    if (isMoved(event) && masters.has(uidOf(event))) continue;
    if (!isMoved(event) && repeats(event)) {
      const { items, leftOut } = occurrences(event, movedOf(uidOf(event)), trip, (properties) =>
        bookingDay(bookingOf(properties, calendarZone, 0)),
      );
      series.push({
        title:
          cleanText(valueOf(event[1], 'summary'), BOOKING_LIMITS.title) ||
          `Event ${bookings.length + 1}`,
        imported: items.length,
        leftOut,
      });
      for (const properties of items) add(properties);
      continue;
    }
    add(event[1]);
  }
  return {
    bookings,
    series,
    name: cleanText(valueOf(calendar[1], 'x-wr-calname'), 120),
    warnings,
  };
}
