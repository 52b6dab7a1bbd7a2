// Which stops a day of a stage has, where it starts and where it ends: the places planned that
// day, between the night's stay (or an arrival) and the next stay (or a departure, or the day's
// last booking, such as a dinner). Plain code, the same on the server and in the web app.
import type { BookingKind } from './bookings-plain';
import { TRANSPORT_KINDS, bookingDay } from './bookings-plain';
import type { PlaceCategory } from './itinerary-limits';
import type { LatLng } from './travel-estimate';

/** What the day's plan reads of a place. */
export interface DayPlace {
  id: string;
  name: string;
  category: PlaceCategory;
  day: string | null;
  time: string | null;
  durationMinutes: number | null;
  openingHours: string | null;
  lat: number | null;
  lng: number | null;
}

/** What the day's plan reads of a booking. */
export interface DayBooking {
  id: string;
  kind: BookingKind;
  title: string;
  placeId: string | null;
  fromLat: number | null;
  fromLng: number | null;
  toLat: number | null;
  toLng: number | null;
  startAt: string | null;
  endAt: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** Where a day starts or ends, and when when a booking fixes it. */
export interface DayEnd extends LatLng {
  name: string;
  placeId: string | null;
  bookingId: string | null;
  /** HH:MM: an arrival's time (the day starts then), a departure's or a table's (be there by then). */
  time: string | null;
}

/** A stop of the day: a place, or a booking at a fixed time between the day's ends. */
export interface DayStop extends LatLng {
  name: string;
  placeId: string | null;
  bookingId: string | null;
  category: PlaceCategory | null;
  durationMinutes: number | null;
  openingHours: string | null;
  /** HH:MM when it is booked or planned at a time: it keeps its place in the order. */
  time: string | null;
}

export interface DayStops {
  start: DayEnd | null;
  end: DayEnd | null;
  stops: DayStop[];
  /** Places of the day without coordinates: they cannot be routed. */
  unlocated: { id: string; name: string }[];
}

const timeOf = (at: string | null) => at?.slice(11, 16) ?? null;
const lastDayOf = (booking: DayBooking) => booking.endAt?.slice(0, 10) ?? booking.endDate;

function located(lat: number | null | undefined, lng: number | null | undefined): LatLng | null {
  return lat == null || lng == null ? null : { lat, lng };
}

/**
 * The stops of `day` in the order the traveller gave the places (`places` in their order),
 * each timed booking that day going before the first place planned later than it (decision 036).
 */
export function dayStops(
  day: string,
  places: readonly DayPlace[],
  bookings: readonly DayBooking[],
): DayStops {
  const placeById = new Map(places.map((place) => [place.id, place]));
  const where = (booking: DayBooking, end: 'from' | 'to'): LatLng | null => {
    const place = booking.placeId ? placeById.get(booking.placeId) : undefined;
    const own =
      end === 'from'
        ? located(booking.fromLat, booking.fromLng)
        : located(booking.toLat, booking.toLng);
    return (
      own ??
      (place ? located(place.lat, place.lng) : null) ??
      located(booking.fromLat, booking.fromLng)
    );
  };
  const ending = (booking: DayBooking, end: 'from' | 'to', time: string | null): DayEnd | null => {
    const point = where(booking, end);
    return point
      ? { ...point, name: booking.title, placeId: booking.placeId, bookingId: booking.id, time }
      : null;
  };
  const transport = (booking: DayBooking) => TRANSPORT_KINDS.includes(booking.kind);
  const stay = (booking: DayBooking) => booking.kind === 'accommodation';

  // The night before: a stay checked in before the day and left on it or later.
  const night = bookings.find(
    (booking) =>
      stay(booking) && (bookingDay(booking) ?? day) < day && (lastDayOf(booking) ?? '') >= day,
  );
  const arrival = bookings.find(
    (booking) => transport(booking) && booking.endAt?.slice(0, 10) === day,
  );
  const start =
    (night && ending(night, 'to', null)) ??
    (arrival && ending(arrival, 'to', timeOf(arrival.endAt))) ??
    null;

  const timedToday = bookings
    .filter(
      (booking) => booking.startAt?.slice(0, 10) === day && !stay(booking) && booking !== arrival,
    )
    .sort((a, b) => (a.startAt ?? '').localeCompare(b.startAt ?? ''));
  const last = timedToday.at(-1);
  const tonight = bookings.find(
    (booking) =>
      stay(booking) && (bookingDay(booking) ?? '') <= day && (lastDayOf(booking) ?? day) > day,
  );
  const end =
    (last && ending(last, 'from', timeOf(last.startAt))) ??
    (tonight && ending(tonight, 'to', null)) ??
    (night && lastDayOf(night) !== day ? ending(night, 'to', null) : null);

  // A place the day starts or ends at is not also a stop of it (the hotel, the restaurant).
  const ends = new Set([start?.placeId, end?.placeId]);
  const unlocated: { id: string; name: string }[] = [];
  const stops: DayStop[] = [];
  for (const place of places) {
    if (place.day !== day || ends.has(place.id)) continue;
    const point = located(place.lat, place.lng);
    if (!point) {
      unlocated.push({ id: place.id, name: place.name });
      continue;
    }
    stops.push({
      ...point,
      name: place.name,
      placeId: place.id,
      bookingId: null,
      category: place.category,
      durationMinutes: place.durationMinutes,
      openingHours: place.openingHours,
      time: place.time,
    });
  }
  const between = timedToday.filter((booking) => booking !== last && !transport(booking));
  // First the bookings for a place of the day (a museum's ticket): the place takes their time.
  const forPlace = (booking: DayBooking) =>
    stops.find((stop) => stop.placeId !== null && stop.placeId === booking.placeId);
  for (const booking of between) {
    const booked = forPlace(booking);
    if (booked) {
      booked.time = timeOf(booking.startAt);
      booked.bookingId = booking.id;
    }
  }
  // Then the others, each before the first stop planned later (decision 036).
  for (const booking of between) {
    const point = where(booking, 'from');
    const time = timeOf(booking.startAt);
    if (!point || !time || forPlace(booking)) continue;
    const place = booking.placeId ? placeById.get(booking.placeId) : undefined;
    const later = stops.findIndex((stop) => stop.time !== null && stop.time > time);
    stops.splice(later === -1 ? stops.length : later, 0, {
      ...point,
      name: booking.title,
      placeId: booking.placeId,
      bookingId: booking.id,
      category: place?.category ?? null,
      durationMinutes: place?.durationMinutes ?? null,
      openingHours: null,
      time,
    });
  }
  return { start, end, stops, unlocated };
}
