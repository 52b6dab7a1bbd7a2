// The offline travel estimate: what a day's plan uses when no router is configured, or when the
// router does not answer. Plain code (no zod): the web app's preview loads it with the page.

/** How a traveller goes from one stop to the next. */
export const TRAVEL_MODES = ['walk', 'bike', 'car', 'transit'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];

/** A point on the earth, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** One leg of travel: how far and how long. */
export interface TravelLeg {
  distanceMeters: number;
  durationSeconds: number;
}

/** The mean radius of the earth (IUGG), in metres: the sphere the great circle is drawn on. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/**
 * How much longer the way along streets or rails is than the straight line. Studies of road
 * circuity (Ballou et al. 2002; Boscoe et al. 2012) find 1.2–1.4 between points in a region;
 * footpaths and cycle ways cut corners roads do not, lines of public transport follow few
 * streets. The values lean to the long side: an estimate that promises too little time makes
 * a day that cannot be done.
 */
export const DETOUR_FACTOR: Readonly<Record<TravelMode, number>> = {
  walk: 1.3,
  bike: 1.3,
  car: 1.4,
  transit: 1.5,
};

/**
 * Door-to-door speed in km/h, stops and lights included: 4.5 is a sightseer's walk (a brisk
 * one is 5), 15 a city bike, 35 a car across town and beyond (city traffic is slower, a
 * motorway faster), 20 a tram, bus or metro between stations.
 */
export const SPEED_KMH: Readonly<Record<TravelMode, number>> = {
  walk: 4.5,
  bike: 15,
  car: 35,
  transit: 20,
};

/**
 * Time spent before moving, in seconds: finding and parking the car, taking or returning a
 * bike, walking to a station and waiting for the next departure (half a ten-minute interval).
 */
export const START_OVERHEAD_SECONDS: Readonly<Record<TravelMode, number>> = {
  walk: 0,
  bike: 120,
  car: 300,
  transit: 600,
};

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres, on a sphere of the earth's mean radius. */
export function greatCircleMeters(from: LatLng, to: LatLng): number {
  // The central angle as atan2 of its sine and cosine (Vincenty's form on a sphere): as exact
  // near antipodes as near the start, where haversine's arcsine loses a decimetre or so.
  const lat1 = toRadians(from.lat);
  const lat2 = toRadians(to.lat);
  const dLng = toRadians(to.lng - from.lng);
  const across = Math.cos(lat2) * Math.sin(dLng);
  const along = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  const cosine = Math.sin(lat1) * Math.sin(lat2) + Math.cos(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return EARTH_RADIUS_METERS * Math.atan2(Math.hypot(across, along), cosine);
}

/** The estimated leg between two points by a mode: no service asked. Staying put costs 0. */
export function estimateLeg(from: LatLng, to: LatLng, mode: TravelMode): TravelLeg {
  const distanceMeters = Math.round(greatCircleMeters(from, to) * DETOUR_FACTOR[mode]);
  if (distanceMeters === 0) return { distanceMeters: 0, durationSeconds: 0 };
  const movingSeconds = distanceMeters / ((SPEED_KMH[mode] * 1000) / 3600);
  return {
    distanceMeters,
    durationSeconds: Math.round(movingSeconds + START_OVERHEAD_SECONDS[mode]),
  };
}
