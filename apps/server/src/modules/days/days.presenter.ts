import type { DayEnd, DayStop, DayStops } from '@jammy/shared/day-stops';
import type { TimedDay } from '@jammy/shared/day-timeline';
import type { DayPlan, TravelLegAnswer } from '@jammy/shared/days';
import type { TravelMode } from '@jammy/shared/travel-estimate';

/** What a day's plan is made of before it is answered. */
export interface DayPlanParts extends DayStops {
  day: string;
  mode: TravelMode;
  router: string | null;
  legs: TravelLegAnswer[];
  timeline: TimedDay & { startTime: string };
}

const presentEnd = (end: DayEnd | null) =>
  end && {
    name: end.name,
    lat: end.lat,
    lng: end.lng,
    placeId: end.placeId,
    bookingId: end.bookingId,
    time: end.time,
  };

const presentStop = (stop: DayStop) => ({
  name: stop.name,
  lat: stop.lat,
  lng: stop.lng,
  placeId: stop.placeId,
  bookingId: stop.bookingId,
  category: stop.category,
  durationMinutes: stop.durationMinutes,
  openingHours: stop.openingHours,
  time: stop.time,
});

/** A day's plan: its ends, stops in order, legs between them, and the day on the clock. */
export function presentDayPlan(parts: DayPlanParts): DayPlan {
  return {
    day: parts.day,
    mode: parts.mode,
    router: parts.router,
    start: presentEnd(parts.start),
    end: presentEnd(parts.end),
    stops: parts.stops.map(presentStop),
    legs: parts.legs.map((leg) => ({
      distanceMeters: leg.distanceMeters,
      durationSeconds: leg.durationSeconds,
      estimate: leg.estimate,
    })),
    unlocated: parts.unlocated.map((place) => ({ id: place.id, name: place.name })),
    timeline: {
      startTime: parts.timeline.startTime,
      stops: parts.timeline.stops.map((stop) => ({
        arrive: stop.arrive,
        begin: stop.begin,
        leave: stop.leave,
      })),
      finish: parts.timeline.finish,
      warnings: parts.timeline.warnings,
    },
  };
}
