import { bookingDay } from '@jammy/shared/bookings-plain';
import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryExport } from '@jammy/shared/exports';
import type { Place, Stage } from '@jammy/shared/itineraries';

/** One day of a stage: its bookings (by their start) and its places, by time. */
export interface TripDay {
  date: string;
  bookings: Booking[];
  places: Place[];
}

export interface StageDays {
  stage: Stage;
  days: TripDay[];
  /** The stage's places without a day, in their order. */
  undated: Place[];
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
 * The trip day by day for the printed page: each stage with the days of its dates (and the
 * days its places name), each day with the bookings that start then and the places planned
 * then. What no stage day holds is returned apart.
 */
export function tripDays(trip: ItineraryExport) {
  const placedBookings = new Set<string>();
  const stages: StageDays[] = trip.stages.map((stage) => {
    const places = trip.places.filter((place) => place.stageId === stage.id);
    const dates = new Set(
      stage.startDate ? daysBetween(stage.startDate, stage.endDate ?? stage.startDate) : [],
    );
    for (const place of places) if (place.day) dates.add(place.day);
    const days = [...dates].sort().map((date) => {
      const bookings = trip.bookings.filter(
        (booking) =>
          !placedBookings.has(booking.id) &&
          bookingDay(booking) === date &&
          (booking.stageId === null || booking.stageId === stage.id),
      );
      for (const booking of bookings) placedBookings.add(booking.id);
      return {
        date,
        bookings,
        places: places.filter((place) => place.day === date).sort(byTime),
      };
    });
    return { stage, days, undated: places.filter((place) => !place.day) };
  });
  return {
    stages,
    otherBookings: trip.bookings.filter((booking) => !placedBookings.has(booking.id)),
    loosePlaces: trip.places.filter((place) => place.stageId === null),
  };
}
