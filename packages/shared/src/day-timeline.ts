// A day's plan on the clock: when each stop is reached, begun and left, when the day ends, and
// what cannot work (a closed place, a booking missed, a day too long). Plain code, the same on
// the server and in the web app's preview.
import OpeningHours from 'opening_hours';
import { DEFAULT_VISIT_MINUTES } from './day-defaults';
import type { PlaceCategory } from './itinerary-limits';

export interface TimelineStop {
  /** Null for a stop that is not a place (a booking's end): the `other` default applies. */
  category: PlaceCategory | null;
  durationMinutes: number | null;
  /** A time the stop is booked for (HH:MM): the plan waits for it, and warns when late. */
  fixedTime: string | null;
  /** OpenStreetMap `opening_hours` syntax. */
  openingHours: string | null;
}

export interface TimelineInput {
  /** The day (YYYY-MM-DD), for the weekday and the holidays of opening hours. */
  day: string;
  /** When the day leaves its start (HH:MM). */
  startTime: string;
  /** The latest the day should end (HH:MM). */
  endTime: string;
  /** The time the day's end is booked for (a dinner, a departure), when it is. */
  endFixedTime: string | null;
  stops: readonly TimelineStop[];
  /** Travel in seconds: [0] from the start to the first stop, [i] into stop i, [n] to the end. */
  legSeconds: readonly number[];
}

/** What cannot work in a day's plan. `stop` is 0-based in the order timed; null is the end. */
export type DayWarning =
  | { kind: 'overrun'; minutes: number }
  | { kind: 'closed'; stop: number }
  | { kind: 'late'; stop: number | null; minutes: number };

/** A stop on the clock, in minutes from the day's midnight (past 1440 after midnight). */
export interface TimedStop {
  arrive: number;
  /** After waiting for a fixed time. */
  begin: number;
  leave: number;
}

export interface TimedDay {
  stops: TimedStop[];
  /** When the day reaches its end (or the end's booked time, when that is later). */
  finish: number;
  warnings: DayWarning[];
}

/** Minutes from midnight of an HH:MM time. */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Opening hours the package reads, or null when it cannot (an empty or malformed value). */
function parseOpeningHours(value: string): OpeningHours | null {
  try {
    return new OpeningHours(value, null);
  } catch {
    return null;
  }
}

/** Whether OpenStreetMap's `opening_hours` syntax reads this value. */
export function isValidOpeningHours(value: string): boolean {
  return value.trim() !== '' && parseOpeningHours(value) !== null;
}

/**
 * The local date-time of a minute of the day. The package reads a Date's local fields, so a
 * date made of local fields means the same wall-clock time on the server and in any browser.
 */
function wallClock(day: string, minute: number): Date {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date, 0, minute);
}

/**
 * Closed when the place is neither open nor of unknown state ("by appointment") when the visit
 * begins, or when it closes before the visit ends.
 */
function closedDuring(openingHours: string, day: string, begin: number, leave: number): boolean {
  const hours = parseOpeningHours(openingHours);
  if (!hours) return false;
  const from = wallClock(day, begin);
  if (!hours.getState(from)) return !hours.getUnknown(from);
  if (leave === begin) return false;
  const to = wallClock(day, leave);
  const change = hours.getNextChange(from, to);
  return change !== undefined && change < to;
}

/** The day on the clock: travel rounded up to whole minutes, visits, waits, and warnings. */
export function timeDay(input: TimelineInput): TimedDay {
  const warnings: DayWarning[] = [];
  const travel = (leg: number) => Math.ceil((input.legSeconds[leg] ?? 0) / 60);
  let clock = minutesOf(input.startTime);
  const stops = input.stops.map((stop, index) => {
    const arrive = clock + travel(index);
    const fixed = stop.fixedTime === null ? null : minutesOf(stop.fixedTime);
    if (fixed !== null && arrive > fixed) {
      warnings.push({ kind: 'late', stop: index, minutes: arrive - fixed });
    }
    const begin = fixed === null ? arrive : Math.max(arrive, fixed);
    const visit = stop.durationMinutes ?? DEFAULT_VISIT_MINUTES[stop.category ?? 'other'];
    const leave = begin + visit;
    if (stop.openingHours && closedDuring(stop.openingHours, input.day, begin, leave)) {
      warnings.push({ kind: 'closed', stop: index });
    }
    clock = leave;
    return { arrive, begin, leave };
  });

  let finish = clock + travel(input.stops.length);
  if (input.endFixedTime !== null) {
    const fixed = minutesOf(input.endFixedTime);
    if (finish > fixed) warnings.push({ kind: 'late', stop: null, minutes: finish - fixed });
    finish = Math.max(finish, fixed);
  }
  const end = minutesOf(input.endTime);
  if (finish > end) warnings.push({ kind: 'overrun', minutes: finish - end });
  return { stops, finish, warnings };
}
