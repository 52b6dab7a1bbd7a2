import { DEFAULT_DAY_START } from '@jammy/shared/day-defaults';
import { proposeDay } from '@jammy/shared/day-plan';
import { dayStops, type DayStops } from '@jammy/shared/day-stops';
import { timeDay, type TimelineStop } from '@jammy/shared/day-timeline';
import type { dayOptimiseQuerySchema, dayPlanQuerySchema } from '@jammy/shared/days';
import type { LatLng } from '@jammy/shared/travel-estimate';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { authorize, type Caller } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { listBookings } from '../bookings/bookings.repository';
import { places, stages, type PlaceRow } from '../itineraries/content.repository';
import { presentBooking, presentPlace } from '../itineraries/itinerary.presenter';
import { allPairs, type Pair } from '../routing/router';
import { presentDayPlan, type DayPlanParts } from './days.presenter';
import { stagePlaces } from './days.repository';
import { travelMatrix, type TravelSource } from './travel-times';

type PlanQuery = z.output<typeof dayPlanQuerySchema>;
type OptimiseQuery = z.output<typeof dayOptimiseQuerySchema>;

/** A day of a stage: `day` is its date. */
export interface DayRef {
  stageId: string;
  day: string;
}

const stageNotFound = () =>
  new AppError('stage/not-found', 'There is no such stage in this itinerary');

/** The stops of a day of a stage: its places in their order, between the trip's bookings. */
async function readDay(db: Executor, caller: Caller, ref: DayRef): Promise<DayStops> {
  if (!(await stages.find(db, caller.itineraryId, ref.stageId))) throw stageNotFound();
  const placeRows = await stagePlaces(db, caller.itineraryId, ref.stageId);
  const bookingRows = await listBookings(db, caller.itineraryId);
  return dayStops(
    ref.day,
    placeRows.map((row) => presentPlace(row)),
    bookingRows.map((row) => presentBooking(row)),
  );
}

/** The day's points: its start (when it has one), its stops, its end (when it has one). */
function pointsOf(stops: DayStops): LatLng[] {
  return [...(stops.start ? [stops.start] : []), ...stops.stops, ...(stops.end ? [stops.end] : [])];
}

/** The legs of visiting the stops in `order`, as pairs of indexes into pointsOf(stops). */
function legPairs(stops: DayStops, order: readonly number[]): Pair[] {
  const offset = stops.start ? 1 : 0;
  const nodes = [
    ...(stops.start ? [0] : []),
    ...order.map((stop) => stop + offset),
    ...(stops.end ? [offset + stops.stops.length] : []),
  ];
  return nodes.slice(1).map((node, index) => [nodes[index] ?? 0, node] as const);
}

const timelineStop = (stop: DayStops['stops'][number]): TimelineStop => ({
  category: stop.category,
  durationMinutes: stop.durationMinutes,
  fixedTime: stop.time,
  openingHours: stop.openingHours,
});

/** The day on the clock with its stops in `order`, legs read from `legs` (a matrix over pointsOf). */
function planOf(
  ref: DayRef,
  query: PlanQuery,
  stops: DayStops,
  order: readonly number[],
  travel: { legs: DayPlanParts['legs'][number][][]; router: string | null },
): DayPlanParts {
  const legs = legPairs(stops, order).flatMap(([from, to]) => travel.legs[from]?.[to] ?? []);
  // A day without a start has no leg into its first stop, nor one without an end out of its last.
  const seconds = legs.map((leg) => leg.durationSeconds);
  const legSeconds = [...(stops.start ? [] : [0]), ...seconds, ...(stops.end ? [] : [0])];
  const ordered = { ...stops, stops: order.flatMap((stop) => stops.stops[stop] ?? []) };
  const startTime = query.start ?? stops.start?.time ?? DEFAULT_DAY_START;
  const timeline = timeDay({
    day: ref.day,
    startTime,
    endTime: query.end,
    endFixedTime: stops.end?.time ?? null,
    stops: ordered.stops.map(timelineStop),
    legSeconds,
  });
  return {
    day: ref.day,
    mode: query.mode,
    router: travel.router,
    ...ordered,
    legs,
    timeline: { ...timeline, startTime },
  };
}

/** A day's stops, the travel between them in order, and the day on the clock: any member. */
export async function readDayPlan(
  db: Db,
  source: TravelSource | undefined,
  caller: Caller,
  ref: DayRef,
  query: PlanQuery,
) {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const stops = await readDay(db, caller, ref);
  const order = stops.stops.map((_, index) => index);
  const travel = await travelMatrix(
    db,
    source,
    pointsOf(stops),
    query.mode,
    legPairs(stops, order),
  );
  return presentDayPlan(planOf(ref, query, stops, order, travel));
}

/**
 * The shortest order of the day, its plan and today's, and the travel saved: any member may
 * look (nothing is written). Pinned places and stops at a fixed time keep their place.
 */
export async function proposeDayOrder(
  db: Db,
  source: TravelSource | undefined,
  caller: Caller,
  ref: DayRef,
  query: OptimiseQuery,
) {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const stops = await readDay(db, caller, ref);
  const points = pointsOf(stops);
  const travel = await travelMatrix(db, source, points, query.mode, allPairs(points.length));
  const pinned = new Set(query.pinned);
  const kept = new Set(
    stops.stops.flatMap((stop, index) =>
      stop.time !== null || (stop.placeId !== null && pinned.has(stop.placeId)) ? [index] : [],
    ),
  );
  // The optimiser's nodes: the start (or nowhere: zero), the stops, the end (or nowhere).
  const offset = stops.start ? 1 : 0;
  const node = (index: number) => {
    if (index === 0) return stops.start ? 0 : null;
    if (index === stops.stops.length + 1) return stops.end ? offset + stops.stops.length : null;
    return index - 1 + offset;
  };
  const size = stops.stops.length + 2;
  const seconds = Array.from({ length: size }, (_, from) =>
    Array.from({ length: size }, (_, to) => {
      const a = node(from);
      const b = node(to);
      return a === null || b === null ? 0 : (travel.legs[a]?.[b]?.durationSeconds ?? 0);
    }),
  );
  const startTime = query.start ?? stops.start?.time ?? DEFAULT_DAY_START;
  const proposal = proposeDay({
    route: { travel: seconds, kept },
    clock: { day: ref.day, startTime, endTime: query.end, endFixedTime: stops.end?.time ?? null },
    stops: stops.stops.map(timelineStop),
  });
  const today = stops.stops.map((_, index) => index);
  return {
    method: proposal.method,
    savedSeconds: proposal.savedSeconds,
    placeIds: proposal.order.flatMap((index) => stops.stops[index]?.placeId ?? []),
    current: presentDayPlan(planOf(ref, query, stops, today, travel)),
    proposed: presentDayPlan(planOf(ref, query, stops, proposal.order, travel)),
  };
}

/**
 * Puts the day's places in the order given (an accepted optimisation): they take each other's
 * positions, so the stage's other places stay where they were. One write with its event; an
 * editor's or the owner's. `placeIds` must be exactly the day's places (400 otherwise).
 */
export async function orderDay(
  db: Db,
  caller: Caller,
  ref: DayRef,
  placeIds: readonly string[],
): Promise<PlaceRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const { rows } = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      const stage = await stages.find(tx, caller.itineraryId, ref.stageId);
      if (!stage) throw stageNotFound();
      const siblings = await stagePlaces(tx, caller.itineraryId, ref.stageId);
      const ofDay = siblings.filter((row) => row.day === ref.day);
      const rowOf = new Map(ofDay.map((row) => [row.id, row]));
      const eachOnce = new Set(placeIds).size === placeIds.length;
      if (placeIds.length !== ofDay.length || !eachOnce || !placeIds.every((id) => rowOf.has(id))) {
        throw invalidField('placeIds', 'must name each place of the day once');
      }
      // The n-th place named takes the n-th position the day's places hold.
      const rows: PlaceRow[] = [];
      for (const [index, id] of placeIds.entries()) {
        const row = rowOf.get(id);
        const position = ofDay[index]?.position;
        if (!row || position === undefined) continue;
        const moved =
          row.position === position
            ? row
            : await places.update(tx, caller.itineraryId, id, { position }, undefined);
        rows.push(moved ?? row);
      }
      return { rows, stageTitle: stage.title };
    },
    ({ stageTitle }) => ({
      kind: 'place.reordered',
      data: { stageId: ref.stageId, stageTitle, day: ref.day, placeIds: [...placeIds] },
    }),
  );
  return rows;
}
