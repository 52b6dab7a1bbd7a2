import FlatQueue from 'flatqueue';

/** What one pass of simplification kept, and what it cost. */
export interface Simplification {
  /** Indices of the points kept, in order; the first and the last are always kept. */
  kept: number[];
  /**
   * The Douglas–Peucker tolerance of the cut: `simplify-js` (highest quality) at this tolerance
   * keeps these very points (when no two distances at the cut are equal).
   */
  tolerance: number;
  /** How many point-to-segment distances were measured: fewer than (budget − 1) × points. */
  measured: number;
}

/**
 * The point of `first`…`last` (exclusive) farthest from the segment joining those two, and its
 * squared distance: the first of equally far points, with the arithmetic of `simplify-js`, so
 * both split a line at the same points.
 */
function farthestPoint(xs: Float64Array, ys: Float64Array, first: number, last: number) {
  const ax = xs[first] ?? 0;
  const ay = ys[first] ?? 0;
  const bx = xs[last] ?? 0;
  const by = ys[last] ?? 0;
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  let farthest = first + 1;
  let distance = -1;
  for (let index = first + 1; index < last; index += 1) {
    const px = xs[index] ?? 0;
    const py = ys[index] ?? 0;
    let x = ax;
    let y = ay;
    if (length !== 0) {
      const t = ((px - ax) * dx + (py - ay) * dy) / length;
      if (t > 1) {
        x = bx;
        y = by;
      } else if (t > 0) {
        x = ax + dx * t;
        y = ay + dy * t;
      }
    }
    const measure = (px - x) * (px - x) + (py - y) * (py - y);
    if (measure > distance) {
      distance = measure;
      farthest = index;
    }
  }
  return { farthest, distance };
}

/**
 * Douglas–Peucker to at most `budget` points, in one pass: the line's parts are split in order
 * of importance and the splitting stops at the budget, instead of simplifying the whole line
 * again at one tolerance after another until few enough points are left.
 *
 * A part (the points between two kept ones) is split at its point farthest from the segment
 * joining its ends, as Douglas–Peucker does. A part's importance is that distance, but never
 * more than its parent's: Douglas–Peucker at a tolerance keeps a point only if every split above
 * it was farther than the tolerance, so taking parts from a max-heap in that order keeps exactly
 * the points Douglas–Peucker keeps at the tolerance where the budget runs out (`tolerance`).
 * Parts whose importance is `minTolerance` or less are never split: what lies that close to the
 * line is left out even under the budget.
 *
 * Work: the whole line is measured once, then each split measures the points of the part it
 * splits, so the (budget − 2) splits measure fewer than (budget − 1) × n distances in all, plus
 * O(budget × log budget) for the heap. The budget is a constant of the import (500 points), so
 * the work grows linearly with the line whatever its shape: about 10⁸ distances (half a second)
 * for 200,000 points in the worst case, a tenth of that for a recorded track. Recursive
 * Douglas–Peucker measures up to n²/2 distances, and recurses n deep, on a line whose farthest
 * points are always next to an end of their part; here nothing recurses.
 */
export function simplifyToBudget(
  points: readonly (readonly [number, number])[],
  budget: number,
  minTolerance = 0,
): Simplification {
  const count = points.length;
  if (count <= Math.max(budget, 2)) {
    return { kept: points.map((_, index) => index), tolerance: 0, measured: 0 };
  }
  const xs = Float64Array.from(points, ([x]) => x);
  const ys = Float64Array.from(points, ([, y]) => y);
  const floor = minTolerance * minTolerance;
  // The parts waiting to be split: their ends, their farthest point and its squared distance.
  const firsts: number[] = [];
  const lasts: number[] = [];
  const splits: number[] = [];
  const distances: number[] = [];
  const byImportance = new FlatQueue<number>();
  const keep = new Uint8Array(count);
  keep[0] = 1;
  keep[count - 1] = 1;
  let kept = 2;
  let measured = 0;

  const examine = (first: number, last: number, ceiling: number) => {
    if (last - first < 2) return;
    const { farthest, distance } = farthestPoint(xs, ys, first, last);
    measured += last - first - 1;
    const importance = Math.min(distance, ceiling);
    if (importance <= floor) return;
    byImportance.push(firsts.length, -importance);
    firsts.push(first);
    lasts.push(last);
    splits.push(farthest);
    distances.push(importance);
  };

  examine(0, count - 1, Infinity);
  while (kept < budget) {
    const part = byImportance.pop();
    if (part === undefined) break;
    const split = splits[part] ?? 0;
    const importance = distances[part] ?? 0;
    keep[split] = 1;
    kept += 1;
    examine(firsts[part] ?? 0, split, importance);
    examine(split, lasts[part] ?? 0, importance);
  }
  const next = byImportance.peekValue();
  const indices: number[] = [];
  for (let index = 0; index < count; index += 1) if (keep[index]) indices.push(index);
  return {
    kept: indices,
    tolerance: next === undefined ? minTolerance : Math.sqrt(-next),
    measured,
  };
}
