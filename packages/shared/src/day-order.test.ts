import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXACT_STOP_LIMIT, optimiseOrder, routeSeconds, type DayRoute } from './day-order';

/** Travel times between the start (0), the stops (1..n) and the end (n + 1), not symmetric. */
function travelMatrix(size: number) {
  return fc.array(
    fc.array(fc.integer({ min: 0, max: 3600 }), { minLength: size, maxLength: size }),
    {
      minLength: size,
      maxLength: size,
    },
  );
}

/** A route of `stops` stops with some of them kept in place. */
function route(minStops: number, maxStops: number) {
  return fc.integer({ min: minStops, max: maxStops }).chain((stops) =>
    fc.record({
      travel: travelMatrix(stops + 2),
      kept: fc
        .array(fc.boolean(), { minLength: stops, maxLength: stops })
        .map((flags) => new Set(flags.flatMap((flag, stop) => (flag ? [stop] : [])))),
    }),
  );
}

/** Points on a plane, the travel their straight-line distance: a route with a known best. */
function planeRoute(points: readonly (readonly [number, number])[]): DayRoute {
  return {
    travel: points.map(([ax, ay]) => points.map(([bx, by]) => Math.hypot(ax - bx, ay - by))),
    kept: new Set(),
  };
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}

/** The best order by trying every one that keeps the kept stops in place. */
function bruteForce(day: DayRoute): number {
  const stops = day.travel.length - 2;
  const kept = day.kept ?? new Set<number>();
  const free = Array.from({ length: stops }, (_, stop) => stop).filter((stop) => !kept.has(stop));
  let best = Infinity;
  for (const arrangement of permutations(free)) {
    const queue = [...arrangement];
    const order = Array.from({ length: stops }, (_, slot) =>
      kept.has(slot) ? slot : (queue.shift() ?? -1),
    );
    best = Math.min(best, routeSeconds(day, order));
  }
  return best;
}

function isPermutation(order: readonly number[], stops: number): boolean {
  return (
    [...order].sort((a, b) => a - b).every((stop, index) => stop === index) &&
    order.length === stops
  );
}

describe('the order of a day', () => {
  it('untangles a crossing: the stops of a square visited around it', () => {
    // Start and end at the corner (0, 0); the current order crosses the square twice.
    const day = planeRoute([
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
      [0, 0],
    ]);
    const result = optimiseOrder(day);
    expect(result.seconds).toBeCloseTo(40, 6);
    expect(result.currentSeconds).toBeCloseTo(20 + 20 * Math.SQRT2, 6);
    expect(result.method).toBe('exact');
  });

  it('keeps the current order when nothing is shorter', () => {
    const day = planeRoute([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    const result = optimiseOrder(day);
    expect(result).toMatchObject({ order: [0, 1, 2], method: 'current', seconds: 4 });
  });

  it('leaves a pinned stop where it was and orders the others around it', () => {
    // Free, the best is 1, 2, 3 along the line; the stop at 1 is pinned second.
    const day: DayRoute = {
      ...planeRoute([
        [0, 0],
        [3, 0],
        [1, 0],
        [2, 0],
        [10, 0],
      ]),
      kept: new Set([1]),
    };
    const result = optimiseOrder(day);
    expect(result).toMatchObject({ order: [2, 1, 0], seconds: 12, currentSeconds: 14 });
  });

  it('is exact: as short as trying every order, on random days of up to 9 stops', () => {
    fc.assert(
      fc.property(route(0, 9), (day) => {
        const result = optimiseOrder(day);
        expect(result.method).not.toBe('heuristic');
        expect(result.seconds).toBe(bruteForce(day));
        expect(result.seconds).toBe(routeSeconds(day, result.order));
      }),
      { numRuns: 60 },
    );
  });

  it('returns every stop once, the kept ones in place, and is never worse than today', () => {
    fc.assert(
      fc.property(route(0, 20), (day) => {
        const stops = day.travel.length - 2;
        const current = Array.from({ length: stops }, (_, stop) => stop);
        const result = optimiseOrder(day);
        expect(isPermutation(result.order, stops)).toBe(true);
        for (const stop of day.kept) expect(result.order[stop]).toBe(stop);
        expect(result.currentSeconds).toBe(routeSeconds(day, current));
        expect(result.seconds).toBeLessThanOrEqual(result.currentSeconds);
        expect(result.seconds).toBe(routeSeconds(day, result.order));
        if (result.method === 'current') expect(result.order).toEqual(current);
      }),
      { numRuns: 80 },
    );
  });

  it(`switches to the heuristic beyond ${EXACT_STOP_LIMIT} stops, and it finds a circle's order`, () => {
    // 20 stops on a circle, shuffled; start and end at the circle's first point.
    const angles = Array.from({ length: 20 }, (_, index) => ((index * 7) % 20) / 20);
    const points = angles.map(
      (turn) => [Math.cos(turn * 2 * Math.PI), Math.sin(turn * 2 * Math.PI)] as const,
    );
    const day = planeRoute([[1, 0], ...points, [1, 0]]);
    const result = optimiseOrder(day);
    expect(result.method).toBe('heuristic');
    const perimeter = 20 * 2 * Math.sin(Math.PI / 20);
    expect(result.seconds).toBeCloseTo(perimeter, 6);
  });
});
