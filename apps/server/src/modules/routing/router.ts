import type { LatLng, TravelLeg, TravelMode } from '@jammy/shared/travel-estimate';
import { z } from 'zod';
import type { RouterKind } from '../../config/services';

/** A router gets this long to answer before the plan goes on with the estimate. */
export const ROUTER_TIMEOUT_MS = 5000;
const USER_AGENT = 'Jammy (self-hosted)';
/** GraphHopper's open server has no matrix: its routes are asked this many at a time. */
const GRAPHHOPPER_PARALLEL = 4;

/** The modes these servers route from a matrix; public transport is left to the estimate. */
const ROUTED_MODES: readonly TravelMode[] = ['walk', 'bike', 'car'];

/** An online routing server; `matrix` rejects when it fails or is too slow. */
export interface Router {
  readonly kind: RouterKind;
  readonly modes: readonly TravelMode[];
  /**
   * `matrix[i][j]`: the way from `points[i]` to `points[j]`, null where the router found none
   * (or, for a router without a matrix, where `pairs` did not ask: only they are asked then).
   */
  matrix(
    points: readonly LatLng[],
    mode: TravelMode,
    pairs?: readonly Pair[],
  ): Promise<(TravelLeg | null)[][]>;
}

type Matrix = (TravelLeg | null)[][];
/** A cell of the matrix: [from, to], indexes into the points. */
export type Pair = readonly [number, number];
type Ask = (path: string, body?: unknown) => Promise<Response>;

/** A client for the OSRM, Valhalla or GraphHopper server at `url` (its base address). */
export function createRouter(options: {
  url: string;
  kind: RouterKind;
  timeoutMs?: number;
}): Router {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? ROUTER_TIMEOUT_MS;
  const ask: Ask = (path, body) =>
    fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'user-agent': USER_AGENT,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  const byKind = { osrm: osrmMatrix, valhalla: valhallaMatrix, graphhopper: graphhopperMatrix };
  return {
    kind: options.kind,
    modes: ROUTED_MODES,
    matrix(points, mode, pairs) {
      if (!ROUTED_MODES.includes(mode)) throw new Error(`no ${mode} routing on ${options.kind}`);
      return byKind[options.kind](ask, points, mode, pairs ?? allPairs(points.length));
    },
  };
}

/** Every cell of a matrix of `count` points but the diagonal. */
export function allPairs(count: number): Pair[] {
  return Array.from({ length: count }, (_, from) =>
    Array.from({ length: count }, (_, to) => [from, to] as const),
  )
    .flat()
    .filter(([from, to]) => from !== to);
}

const leg = (distanceMeters: number, durationSeconds: number): TravelLeg => ({
  distanceMeters: Math.round(distanceMeters),
  durationSeconds: Math.round(durationSeconds),
});

// OSRM's Table service (http://project-osrm.org/docs/v5.24.0/api/#table-service): profile names
// are those of its example profiles; a server answers for the one it was prepared with.
const OSRM_PROFILES: Partial<Record<TravelMode, string>> = {
  walk: 'foot',
  bike: 'bike',
  car: 'car',
};
const osrmCells = z.array(z.array(z.number().nullable()));
const osrmTable = z.object({
  code: z.string(),
  message: z.string().optional(),
  durations: osrmCells.optional(),
  distances: osrmCells.optional(),
});

async function osrmMatrix(ask: Ask, points: readonly LatLng[], mode: TravelMode): Promise<Matrix> {
  const coordinates = points.map((point) => `${point.lng},${point.lat}`).join(';');
  const response = await ask(
    `/table/v1/${OSRM_PROFILES[mode]}/${coordinates}?annotations=duration,distance`,
  );
  const table = osrmTable.parse(await response.json());
  if (table.code !== 'Ok') throw new Error(`OSRM answered ${table.code}: ${table.message ?? ''}`);
  return points.map((_, from) =>
    points.map((_, to) => {
      const seconds = table.durations?.[from]?.[to];
      const meters = table.distances?.[from]?.[to];
      return seconds == null || meters == null ? null : leg(meters, seconds);
    }),
  );
}

// Valhalla's Matrix service (https://valhalla.github.io/valhalla/api/matrix/api-reference/):
// distances in the asked units, times in seconds, null where no way was found.
const VALHALLA_COSTING: Partial<Record<TravelMode, string>> = {
  walk: 'pedestrian',
  bike: 'bicycle',
  car: 'auto',
};
const valhallaMatrixAnswer = z.object({
  sources_to_targets: z.array(
    z.array(
      z.object({
        from_index: z.number().int(),
        to_index: z.number().int(),
        distance: z.number().nullable(),
        time: z.number().nullable(),
      }),
    ),
  ),
});

async function valhallaMatrix(
  ask: Ask,
  points: readonly LatLng[],
  mode: TravelMode,
): Promise<Matrix> {
  const locations = points.map((point) => ({ lat: point.lat, lon: point.lng }));
  const response = await ask('/sources_to_targets', {
    sources: locations,
    targets: locations,
    costing: VALHALLA_COSTING[mode],
    units: 'kilometers',
  });
  if (!response.ok) throw new Error(`Valhalla answered HTTP ${response.status}`);
  const answer = valhallaMatrixAnswer.parse(await response.json());
  const matrix: Matrix = points.map(() => points.map(() => null));
  for (const cell of answer.sources_to_targets.flat()) {
    const row = matrix[cell.from_index];
    if (row && cell.to_index < row.length && cell.distance !== null && cell.time !== null) {
      row[cell.to_index] = leg(cell.distance * 1000, cell.time);
    }
  }
  return matrix;
}

// GraphHopper's Routing API (https://docs.graphhopper.com/#tag/Routing-API): points as
// [lng, lat], the distance in metres and the time in milliseconds; no way found is a 400 whose
// hint names ConnectionNotFoundException. The open server has no Matrix API, so each pair is
// a route of its own.
const GRAPHHOPPER_PROFILES: Partial<Record<TravelMode, string>> = {
  walk: 'foot',
  bike: 'bike',
  car: 'car',
};
const graphhopperRoute = z.object({
  paths: z.array(z.object({ distance: z.number(), time: z.number() })).min(1),
});
const graphhopperError = z.object({
  hints: z.array(z.object({ details: z.string().optional() })).optional(),
});

async function graphhopperLeg(
  ask: Ask,
  from: LatLng,
  to: LatLng,
  mode: TravelMode,
): Promise<TravelLeg | null> {
  const response = await ask('/route', {
    points: [
      [from.lng, from.lat],
      [to.lng, to.lat],
    ],
    profile: GRAPHHOPPER_PROFILES[mode],
    calc_points: false,
    instructions: false,
  });
  const body: unknown = await response.json();
  if (response.ok) {
    const path = graphhopperRoute.parse(body).paths[0];
    return path ? leg(path.distance, path.time / 1000) : null;
  }
  const notFound = graphhopperError
    .safeParse(body)
    .data?.hints?.some((hint) => hint.details?.endsWith('ConnectionNotFoundException'));
  if (response.status === 400 && notFound) return null;
  throw new Error(`GraphHopper answered HTTP ${response.status}`);
}

async function graphhopperMatrix(
  ask: Ask,
  points: readonly LatLng[],
  mode: TravelMode,
  pairs: readonly Pair[],
): Promise<Matrix> {
  const matrix: Matrix = points.map((_, from) =>
    points.map((_, to) => (from === to ? leg(0, 0) : null)),
  );
  let next = 0;
  const worker = async () => {
    while (next < pairs.length) {
      const [from, to] = pairs[next] ?? [0, 0];
      next += 1;
      const row = matrix[from];
      const a = points[from];
      const b = points[to];
      if (row && a && b) row[to] = await graphhopperLeg(ask, a, b, mode);
    }
  };
  await Promise.all(Array.from({ length: GRAPHHOPPER_PARALLEL }, worker));
  return matrix;
}
