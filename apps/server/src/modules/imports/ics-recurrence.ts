import type { ImportedSeries } from '@jammy/shared/imports';
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

/**
 * A repeating event (RRULE, RDATE, EXDATE, and its moved occurrences: VEVENTs with its UID and
 * a RECURRENCE-ID) becomes one booking per occurrence within the trip's dates. ical.js expands
 * the series; its zones are left unregistered, so every occurrence keeps the wall-clock time
 * and TZID of the event (a class at 09:00 in Rome stays at 09:00 after the clocks change).
 */

/** A property or component as jCal holds it: name, parameters, type, value(s). */
export type Jcal = [string, Record<string, unknown>, string, ...unknown[]];
/** A VEVENT as jCal: its properties and subcomponents (alarms). */
export type JcalEvent = [string, Jcal[], unknown[]];

/** The first and last day of the trip, `YYYY-MM-DD`. */
export interface TripDates {
  start: string;
  end: string;
}

/** Occurrences one series may become: more is surely not a booking per occurrence. */
export const MAX_OCCURRENCES = 100;
/** Occurrences looked at to reach the trip (a daily event since 2010 takes ~6,000). */
const MAX_STEPS = 100_000;

function property(event: JcalEvent, name: string): Jcal | undefined {
  return event[1].find((entry) => entry[0] === name);
}

/** Whether a VEVENT repeats (RRULE or RDATE, from a DTSTART). */
export function repeats(event: JcalEvent): boolean {
  return (
    property(event, 'dtstart') !== undefined &&
    (property(event, 'rrule') !== undefined || property(event, 'rdate') !== undefined)
  );
}

/** An occurrence's start as a DTSTART of the event's own kind (date, UTC, or local with TZID). */
function startOf(original: Jcal, time: ICAL.Time): Jcal {
  const [, params] = original;
  if (time.isDate) return ['dtstart', {}, 'date', time.toString()];
  return [
    'dtstart',
    time.zone === ICAL.Timezone.utcTimezone ? {} : params,
    'date-time',
    time.toString(),
  ];
}

function plain(value: string): Temporal.PlainDate | Temporal.PlainDateTime {
  return value.length === 10
    ? Temporal.PlainDate.from(value)
    : Temporal.PlainDateTime.from(value.replace(/Z$/, ''));
}

/**
 * The DTEND of an occurrence: the event's own, moved by as much wall-clock time as its start
 * moved (an arrival in another zone keeps its TZID).
 */
function endOf(originalStart: Jcal, originalEnd: Jcal | undefined, start: Jcal): Jcal | undefined {
  const [from, to, end] = [originalStart[3], start[3], originalEnd?.[3]];
  if (
    !originalEnd ||
    typeof from !== 'string' ||
    typeof to !== 'string' ||
    typeof end !== 'string'
  ) {
    return undefined;
  }
  const first = plain(from);
  const moved = plain(to);
  const shift =
    first instanceof Temporal.PlainDate && moved instanceof Temporal.PlainDate
      ? moved.since(first)
      : Temporal.PlainDateTime.from(moved).since(Temporal.PlainDateTime.from(first));
  const shifted = plain(end)
    .add(shift)
    .toString({ smallestUnit: end.length === 10 ? undefined : 'second' });
  return [
    originalEnd[0],
    originalEnd[1],
    originalEnd[2],
    `${shifted}${end.endsWith('Z') ? 'Z' : ''}`,
  ];
}

/**
 * The occurrences of a repeating event to import, each as a VEVENT's properties, and how the
 * series was cut: within `trip` (at most MAX_OCCURRENCES), or its first one alone without
 * trip dates. `dayOf` gives the day an occurrence's booking starts on. Cancelled moved
 * occurrences are left out.
 */
export function occurrences(
  master: JcalEvent,
  moved: JcalEvent[],
  trip: TripDates | null,
  dayOf: (properties: Jcal[]) => string | null,
): { items: Jcal[][]; leftOut: ImportedSeries['leftOut'] } {
  const event = new ICAL.Event(new ICAL.Component(master));
  for (const exception of moved) event.relateException(new ICAL.Component(exception));
  const originalStart = property(master, 'dtstart') ?? ['dtstart', {}, 'date-time', ''];
  const originalEnd = property(master, 'dtend');
  const expansion = event.iterator();
  const items: Jcal[][] = [];
  let skipped = false;
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const time = expansion.next();
    if (!time) return { items, leftOut: skipped ? 'outside-trip' : 'none' };
    const details = event.getOccurrenceDetails(time);
    const exception = details.item === event ? undefined : details.item;
    let properties: Jcal[];
    if (exception) {
      properties = exception.component.toJSON()[1] as Jcal[];
    } else {
      const start = startOf(originalStart, time);
      const end = endOf(originalStart, originalEnd, start);
      properties = [
        ...master[1].filter((entry) => !['dtstart', 'dtend', 'duration'].includes(entry[0])),
        start,
        ...(end ? [end] : []),
      ];
    }
    const cancelled = properties.some(
      (entry) => entry[0] === 'status' && String(entry[3]).toUpperCase() === 'CANCELLED',
    );
    if (!trip) {
      if (items.length === 1) return { items, leftOut: 'no-trip-dates' };
      if (!cancelled) items.push(properties);
      continue;
    }
    const day = dayOf(properties) ?? '';
    if (day > trip.end) return { items, leftOut: 'outside-trip' };
    if (day < trip.start) {
      skipped = true;
      continue;
    }
    if (items.length === MAX_OCCURRENCES) return { items, leftOut: 'too-many' };
    if (!cancelled) items.push(properties);
  }
  return { items, leftOut: 'too-many' };
}
