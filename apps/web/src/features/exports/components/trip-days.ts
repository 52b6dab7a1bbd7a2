import type { ItineraryExport } from '@jammy/shared/exports';
import type { Place, Stage } from '@jammy/shared/itineraries';
import {
  bookingMoments,
  looseDays,
  mergeByTime,
  planStages,
  type BookingMoment,
  type LooseDay,
  type PlanEntry,
} from '../../bookings/public';

/** One day of a stage: its bookings and places in time order. */
export interface TripDay {
  date: string;
  entries: PlanEntry<Place>[];
}

export interface StageDays {
  stage: Stage;
  days: TripDay[];
  /** The stage's places without a day, in their order, and its bookings without a date. */
  undated: PlanEntry<Place>[];
  /** Days no stage holds that come before this stage. */
  before: LooseDay[];
}

/** The days from `start` to `end` (ISO dates, both included; at most a year). */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  while (day <= last && days.length < 366) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

const byTime = (a: Place, b: Place) => (a.time ?? '99:99').localeCompare(b.time ?? '99:99');

/**
 * The trip day by day for the printed page, as its timeline files it: each stage with the days
 * of its dates (and the days its places and bookings name), each day with its bookings (a stay
 * on its check-in and check-out days) and places in time order. Days no stage holds come
 * before the stage that follows them; what has no date at all is returned apart.
 */
export function tripDays(trip: ItineraryExport) {
  const plan = planStages(trip.stages, bookingMoments(trip.bookings));
  const loose = looseDays(trip.stages, plan.loose);
  const stages: StageDays[] = trip.stages.map((stage) => {
    const places = trip.places.filter((place) => place.stageId === stage.id);
    const moments = plan.byStage.get(stage.id) ?? [];
    const dates = new Set(
      stage.startDate ? daysBetween(stage.startDate, stage.endDate ?? stage.startDate) : [],
    );
    for (const item of [...places, ...moments]) if (item.day) dates.add(item.day);
    const on = (date: string | null) => (item: { day: string | null }) => item.day === date;
    const days = [...dates].sort().map((date) => ({
      date,
      entries: mergeByTime(places.filter(on(date)).sort(byTime), moments.filter(on(date))),
    }));
    return {
      stage,
      days,
      undated: mergeByTime(places.filter(on(null)), moments.filter(on(null))),
      before: loose.get(stage.id) ?? [],
    };
  });
  const after = loose.get(null) ?? [];
  return {
    stages,
    /** Days no stage holds after every stage. */
    laterDays: after.filter((day) => day.day !== null),
    otherBookings: after
      .filter((day) => day.day === null)
      .flatMap((day) => day.moments.map((moment: BookingMoment) => moment.booking)),
    loosePlaces: trip.places.filter((place) => place.stageId === null),
  };
}
