// The legs of a trip's journey as lines on a map: each transport booking from its departure to
// its arrival, a flight along its great circle. Plain code (no zod): only the web app's map
// loads it, after the page.
import type { BookingKind } from './bookings-plain';

/** How a leg is travelled, one line style each on the map. */
export const LEG_MODES = ['flight', 'train', 'bus', 'ferry', 'car'] as const;
export type LegMode = (typeof LEG_MODES)[number];

/** The booking kinds that are legs of the journey: a rented car from pick-up to drop-off. */
const MODE_OF_KIND: Partial<Record<BookingKind, LegMode>> = {
  flight: 'flight',
  train: 'train',
  bus: 'bus',
  ferry: 'ferry',
  'car-rental': 'car',
};

/** What a leg is built from: a booking's kind and the coordinates of its two ends. */
export interface LegBooking {
  id: string;
  kind: BookingKind;
  fromLat: number | null;
  fromLng: number | null;
  toLat: number | null;
  toLng: number | null;
}

/** [latitude, longitude], the order a map library takes. */
export type LatLngTuple = [number, number];

export interface TripLeg {
  /** The booking's id. */
  id: string;
  mode: LegMode;
  /**
   * The line from departure to arrival, in one part, or two where it crosses the antimeridian:
   * each part stays within longitudes −180…180, as the markers at its ends do.
   */
  parts: LatLngTuple[][];
}

/** Points along a flight's great circle: smooth at any zoom a trip is seen at. */
export const ARC_SEGMENTS = 64;

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * The great circle from `from` to `to` as `segments + 1` points, both ends exact (the spherical
 * interpolation of their unit vectors). Two ends opposite each other have no single great
 * circle between them: the straight line then.
 */
export function greatCircle(
  from: LatLngTuple,
  to: LatLngTuple,
  segments = ARC_SEGMENTS,
): LatLngTuple[] {
  const vector = ([lat, lng]: LatLngTuple) => [
    Math.cos(radians(lat)) * Math.cos(radians(lng)),
    Math.cos(radians(lat)) * Math.sin(radians(lng)),
    Math.sin(radians(lat)),
  ];
  const a = vector(from);
  const b = vector(to);
  const dot = a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
  const angle = Math.acos(Math.min(1, Math.max(-1, dot)));
  const sine = Math.sin(angle);
  if (sine < 1e-9) return [from, to];
  const points: LatLngTuple[] = [from];
  for (let step = 1; step < segments; step += 1) {
    const fraction = step / segments;
    const weightA = Math.sin((1 - fraction) * angle) / sine;
    const weightB = Math.sin(fraction * angle) / sine;
    const [x, y, z] = a.map((value, index) => weightA * value + weightB * (b[index] ?? 0)) as [
      number,
      number,
      number,
    ];
    points.push([degrees(Math.atan2(z, Math.hypot(x, y))), degrees(Math.atan2(y, x))]);
  }
  points.push(to);
  return points;
}

/**
 * A line cut where it crosses the antimeridian (two consecutive points more than 180° of
 * longitude apart: the short way round is across it), each part drawn on to the edge where
 * the straight line between the two points meets it.
 */
export function splitAtAntimeridian(line: LatLngTuple[]): LatLngTuple[][] {
  const parts: LatLngTuple[][] = [];
  let current: LatLngTuple[] = [];
  for (const point of line) {
    const last = current.at(-1);
    if (last && Math.abs(point[1] - last[1]) > 180) {
      const [lat1, lng1] = last;
      const [lat2, lng2] = point;
      const edge = lng1 > 0 ? 180 : -180;
      const span = lng2 + 2 * edge - lng1;
      // Two points on the edge itself (180 and -180) are one: the cut is where they are.
      const lat = span === 0 ? lat1 : lat1 + ((lat2 - lat1) * (edge - lng1)) / span;
      current.push([lat, edge]);
      parts.push(current);
      current = [[lat, -edge]];
    }
    current.push(point);
  }
  parts.push(current);
  return parts;
}

/**
 * The legs to draw for a trip's bookings: every transport booking (and rented car) with both
 * ends located, a flight along its great circle and the others straight. Bookings of another
 * kind, without both ends, or whose ends are the same point have no leg.
 */
export function tripLegs(bookings: readonly LegBooking[]): TripLeg[] {
  const legs: TripLeg[] = [];
  for (const booking of bookings) {
    const mode = MODE_OF_KIND[booking.kind];
    const { fromLat, fromLng, toLat, toLng } = booking;
    if (!mode || fromLat === null || fromLng === null || toLat === null || toLng === null) {
      continue;
    }
    if (fromLat === toLat && fromLng === toLng) continue;
    const from: LatLngTuple = [fromLat, fromLng];
    const to: LatLngTuple = [toLat, toLng];
    const line = mode === 'flight' ? greatCircle(from, to) : [from, to];
    legs.push({ id: booking.id, mode, parts: splitAtAntimeridian(line) });
  }
  return legs;
}
