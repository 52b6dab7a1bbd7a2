// "Optimise this day": the shortest order of a day's stops, on the clock, set against today's.
// The server's API and the web app's preview both call proposeDay, so they propose the same.
import { optimiseOrder, routeSeconds, type DayRoute } from './day-order';
import { timeDay, type TimedDay, type TimelineInput, type TimelineStop } from './day-timeline';

export interface DayPlanInput {
  /** Travel in seconds between the start (0), the stops (1..n, today's order) and the end. */
  route: DayRoute;
  /** The day's date, start, latest end, and the end's booked time. */
  clock: Omit<TimelineInput, 'stops' | 'legSeconds'>;
  /** The stops in today's order. */
  stops: readonly TimelineStop[];
}

export interface DayProposal {
  /** The stops (0-based, today's order) in the order proposed; today's when nothing is better. */
  order: number[];
  /** Travel the proposed order saves, in seconds. */
  savedSeconds: number;
  method: 'exact' | 'heuristic' | 'current';
  current: TimedDay;
  proposed: TimedDay;
}

/** The travel legs, in seconds, of visiting the stops in `order`: into each stop, then to the end. */
export function legSecondsOf(route: DayRoute, order: readonly number[]): number[] {
  const end = route.travel.length - 1;
  const nodes = [0, ...order.map((stop) => stop + 1), end];
  return nodes.slice(1).map((node, index) => route.travel[nodes[index] ?? 0]?.[node] ?? 0);
}

function timed(input: DayPlanInput, order: readonly number[]): TimedDay {
  return timeDay({
    ...input.clock,
    stops: order.flatMap((stop) => input.stops[stop] ?? []),
    legSeconds: legSecondsOf(input.route, order),
  });
}

/**
 * The shortest order, unless it brings more warnings than today's (a place reached while closed,
 * a booking missed): then today's order stays, since a shorter day that cannot be done is no
 * better. The stops at a fixed time must be in `route.kept`.
 */
export function proposeDay(input: DayPlanInput): DayProposal {
  const today = input.stops.map((_, stop) => stop);
  const current = timed(input, today);
  const best = optimiseOrder(input.route);
  const proposed = timed(input, best.order);
  if (best.method === 'current' || proposed.warnings.length > current.warnings.length) {
    return { order: today, savedSeconds: 0, method: 'current', current, proposed: current };
  }
  return {
    order: best.order,
    savedSeconds: best.currentSeconds - routeSeconds(input.route, best.order),
    method: best.method,
    current,
    proposed,
  };
}
