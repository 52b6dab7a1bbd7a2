import type { Booking } from '@jammy/shared/bookings';
import type { Place, Stage } from '@jammy/shared/itineraries';

/**
 * Bookings in the days of a trip, for the trip's timeline and its printed plan: each booking on
 * the day it starts (its own wall-clock date, in its own zone), a stay on its check-in day and
 * again on its check-out day, filed under a stage and ordered among the stage's places.
 */

/** A whole booking, or one end of a stay. */
export type BookingPart = 'whole' | 'check-in' | 'check-out';

/** A booking at one moment of the trip. */
export interface BookingMoment {
  booking: Booking;
  part: BookingPart;
  /** `YYYY-MM-DD`, wall clock; null for a booking without a date. */
  day: string | null;
  /** `HH:MM`, wall clock; null for an all-day booking (or a day without a time). */
  time: string | null;
}

/** Where a moment sorts: by day, an all-day one before the day's times, undated last. */
function momentKey(moment: BookingMoment): string {
  return moment.day === null ? '\uffff' : `${moment.day}T${moment.time ?? ''}`;
}

/** Where a place sorts among moments: a place without a time after its day's times. */
function placeKey(place: Pick<Place, 'day' | 'time'>): string | null {
  return place.day === null ? null : `${place.day}T${place.time ?? '99:99'}`;
}

const time = (local: string | null) => (local ? local.slice(11, 16) : null);
const day = (local: string | null) => (local ? local.slice(0, 10) : null);

/** The moments of `bookings`, in time order (the order of the list for equal times). */
export function bookingMoments(bookings: readonly Booking[]): BookingMoment[] {
  const moments = bookings.flatMap((booking): BookingMoment[] => {
    const startDay = day(booking.startAt) ?? booking.startDate;
    const endDay = day(booking.endAt) ?? booking.endDate;
    const start = { booking, day: startDay, time: time(booking.startAt) };
    if (booking.kind === 'accommodation' && startDay && endDay && endDay > startDay) {
      return [
        { ...start, part: 'check-in' },
        { booking, part: 'check-out', day: endDay, time: time(booking.endAt) },
      ];
    }
    return [{ ...start, part: 'whole' }];
  });
  return moments
    .map((moment, index) => ({ moment, index, key: momentKey(moment) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map(({ moment }) => moment);
}

export interface StagePlan {
  /** Each stage's moments, in time order (a stage without any is absent). */
  byStage: Map<string, BookingMoment[]>;
  /** Moments no stage holds (outside every stage's days, or without a day), in time order. */
  loose: BookingMoment[];
}

/**
 * Files each moment under a stage: the stage its booking names, else a stage whose days hold
 * it. On a day two stages share, a check-in belongs to the later stage (where the traveller
 * sleeps that night), anything else to the earlier (the day's journey ends it).
 */
export function planStages(stages: readonly Stage[], moments: readonly BookingMoment[]): StagePlan {
  const ids = new Set(stages.map((stage) => stage.id));
  const dated = stages.filter((stage) => stage.startDate !== null);
  const byStage = new Map<string, BookingMoment[]>();
  const loose: BookingMoment[] = [];
  for (const moment of moments) {
    const named = moment.booking.stageId;
    let stageId = named !== null && ids.has(named) ? named : null;
    if (stageId === null && moment.day !== null) {
      const on = moment.day;
      const holding = dated.filter(
        (stage) => (stage.startDate ?? '') <= on && on <= (stage.endDate ?? stage.startDate ?? ''),
      );
      stageId = (moment.part === 'check-in' ? holding.at(-1) : holding[0])?.id ?? null;
    }
    if (stageId === null) loose.push(moment);
    else byStage.set(stageId, [...(byStage.get(stageId) ?? []), moment]);
  }
  return { byStage, loose };
}

export type PlanEntry<P> = { kind: 'place'; place: P } | { kind: 'booking'; moment: BookingMoment };

/**
 * A stage's places in their own order, with its booking moments (in time order) put before
 * the first place planned later; those after every dated place come last. When the places are
 * in time order, so is the whole.
 */
export function mergeByTime<P extends Pick<Place, 'day' | 'time'>>(
  places: readonly P[],
  moments: readonly BookingMoment[],
): PlanEntry<P>[] {
  const entries: PlanEntry<P>[] = [];
  let next = 0;
  for (const place of places) {
    const key = placeKey(place);
    while (key !== null && next < moments.length) {
      const moment = moments[next];
      if (!moment || momentKey(moment) >= key) break;
      entries.push({ kind: 'booking', moment });
      next += 1;
    }
    entries.push({ kind: 'place', place });
  }
  for (const moment of moments.slice(next)) entries.push({ kind: 'booking', moment });
  return entries;
}

/** Moments of one day that no stage holds. */
export interface LooseDay {
  /** Null for the bookings without a date. */
  day: string | null;
  moments: BookingMoment[];
}

/**
 * The moments no stage holds, day by day, each put before the first stage (in the trip's
 * order) that starts after it, so a flight out the day before the first stage comes first;
 * the key `null` holds the days after every dated stage, and the bookings without a date.
 */
export function looseDays(
  stages: readonly Stage[],
  loose: readonly BookingMoment[],
): Map<string | null, LooseDay[]> {
  const days: LooseDay[] = [];
  for (const moment of loose) {
    const last = days.at(-1);
    if (last && last.day === moment.day) last.moments.push(moment);
    else days.push({ day: moment.day, moments: [moment] });
  }
  const before = new Map<string | null, LooseDay[]>();
  for (const day of days) {
    const on = day.day;
    const next =
      on === null
        ? undefined
        : stages.find((stage) => stage.startDate !== null && stage.startDate > on);
    const key = next?.id ?? null;
    before.set(key, [...(before.get(key) ?? []), day]);
  }
  return before;
}
