import type { TravelLegAnswer } from '@jammy/shared/days';
import { estimateLeg, type LatLng, type TravelMode } from '@jammy/shared/travel-estimate';
import type { Db } from '../../db/client';
import type { Pair, Router } from '../routing/router';
import { keepTravelTimes, keptTravelTimes, type NewTravelTime } from './travel.repository';

/** The routing server of the installation, and the name its answers are kept under. */
export interface TravelSource {
  router: Router;
  /** Its kind and address: another server's answers are not this one's. */
  id: string;
}

export interface TravelMatrix {
  /** `legs[i][j]`: the travel from point i to point j (estimated where not asked). */
  legs: TravelLegAnswer[][];
  /** The router's kind when it gave any leg, else null (everything estimated). */
  router: string | null;
}

const key = (from: LatLng, to: LatLng) => `${from.lat},${from.lng}>${to.lat},${to.lng}`;

/**
 * Travel between the points of `pairs`: kept answers first, then one call to the router for
 * the rest, whose answers are kept. What it cannot give (public transport, no way found, a
 * router that fails or is too slow) is estimated and says so; a day's plan never waits on a
 * broken server for more than its timeout.
 */
export async function travelMatrix(
  db: Db,
  source: TravelSource | undefined,
  points: readonly LatLng[],
  mode: TravelMode,
  pairs: readonly Pair[],
): Promise<TravelMatrix> {
  const legs = points.map((from) =>
    points.map((to): TravelLegAnswer => ({ ...estimateLeg(from, to, mode), estimate: true })),
  );
  // Staying put needs no router.
  const asked = pairs.filter(([from, to]) => legs[from]?.[to]?.distanceMeters !== 0);
  if (!source || !source.router.modes.includes(mode) || asked.length === 0) {
    return { legs, router: null };
  }
  const latitudes = [...new Set(points.map((point) => point.lat))];
  const rows = await keptTravelTimes(db, source.id, mode, latitudes);
  const kept = new Map(
    rows.map((row) => [
      key({ lat: row.fromLat, lng: row.fromLng }, { lat: row.toLat, lng: row.toLng }),
      row,
    ]),
  );
  let routed = false;
  const missing: Pair[] = [];
  for (const [from, to] of asked) {
    const a = points[from];
    const b = points[to];
    const row = a && b ? kept.get(key(a, b)) : undefined;
    const cells = legs[from];
    if (!row || !cells) {
      missing.push([from, to]);
      continue;
    }
    cells[to] = {
      distanceMeters: row.distanceMeters,
      durationSeconds: row.durationSeconds,
      estimate: false,
    };
    routed = true;
  }
  if (missing.length > 0)
    routed = (await askRouter(db, source, points, mode, missing, legs)) || routed;
  return { legs, router: routed ? source.router.kind : null };
}

/** The missing legs from the router, kept; false when it gave none (failed, slow, no way). */
async function askRouter(
  db: Db,
  source: TravelSource,
  points: readonly LatLng[],
  mode: TravelMode,
  missing: readonly Pair[],
  legs: TravelLegAnswer[][],
): Promise<boolean> {
  let matrix;
  try {
    matrix = await source.router.matrix(points, mode, missing);
  } catch {
    // The missing legs stay estimated, and are asked again next time.
    return false;
  }
  const fresh: NewTravelTime[] = [];
  for (const [from, to] of missing) {
    const answer = matrix[from]?.[to];
    const a = points[from];
    const b = points[to];
    const cells = legs[from];
    if (!answer || !a || !b || !cells) continue;
    cells[to] = { ...answer, estimate: false };
    fresh.push({
      fromLat: a.lat,
      fromLng: a.lng,
      toLat: b.lat,
      toLng: b.lng,
      mode,
      router: source.id,
      ...answer,
    });
  }
  await keepTravelTimes(db, fresh);
  return fresh.length > 0;
}
