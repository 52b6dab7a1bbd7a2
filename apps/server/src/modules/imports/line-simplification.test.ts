import fc from 'fast-check';
import simplify from 'simplify-js';
import { describe, expect, it } from 'vitest';
import { recordedTrack, zigzag } from '../../../test/lines';
import { simplifyToBudget } from './line-simplification';

type Line = [number, number][];

/** The indices of the points `simplify-js` (Douglas–Peucker, no radial pass) keeps. */
function douglasPeucker(line: Line, tolerance: number): number[] {
  const points = line.map(([x, y]) => ({ x, y }));
  // simplify-js answers the very objects it was given: their places are the indices.
  return simplify(points, tolerance, true).map((point) => points.indexOf(point));
}

const coordinate = fc.double({ min: -1, max: 1, noNaN: true });
const lines = fc.array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 60 });

describe('simplifyToBudget', () => {
  it('keeps a line of the budget or fewer points whole', () => {
    const line = recordedTrack(500);
    expect(simplifyToBudget(line, 500).kept).toEqual(line.map((_, index) => index));
  });

  it('keeps what Douglas–Peucker keeps at the tolerance where the budget runs out', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 2, max: 60 }), (line, budget) => {
        const { kept, tolerance } = simplifyToBudget(line, budget);
        if (line.length <= budget) {
          expect(kept).toHaveLength(line.length);
          return;
        }
        expect(kept.length).toBeLessThanOrEqual(budget);
        expect(kept[0]).toBe(0);
        expect(kept.at(-1)).toBe(line.length - 1);
        // Douglas–Peucker keeps the points farther than its tolerance: all those are kept, and
        // of the points exactly at the tolerance (equally far ones), as many as the budget takes.
        // (A hair either side: the tolerance went through a square root and back.)
        const beyond = douglasPeucker(line, tolerance * (1 + 1e-9));
        const atOrBeyond = douglasPeucker(line, tolerance * (1 - 1e-9));
        expect(kept).toEqual(expect.arrayContaining(beyond));
        expect(atOrBeyond).toEqual(expect.arrayContaining(kept));
        // The budget is filled unless nothing more would be kept at any tolerance.
        if (kept.length < budget) expect(kept).toEqual(beyond);
      }),
    );
  });

  it('leaves out what lies within the smallest tolerance, under the budget too', () => {
    fc.assert(
      fc.property(lines, fc.double({ min: 0.01, max: 1, noNaN: true }), (line, least) => {
        const { kept, tolerance } = simplifyToBudget(line, line.length - 1, least);
        expect(kept[0]).toBe(0);
        expect(tolerance).toBeGreaterThanOrEqual(least);
        expect(douglasPeucker(line, least)).toEqual(expect.arrayContaining(kept));
      }),
    );
  });

  it('measures at most (budget − 1) distances a point, for 200,000 points however they lie', () => {
    const points = 200_000;
    const track = simplifyToBudget(recordedTrack(points), 500);
    const worst = simplifyToBudget(zigzag(points), 500);
    expect(track.kept).toHaveLength(500);
    expect(worst.kept).toHaveLength(500);
    // A recorded track splits nearer its parts' middles: a tenth of the bound, or less.
    expect(track.measured).toBeLessThan(50 * points);
    // The zigzag splits a single point off each time: near the bound, where recursive
    // Douglas–Peucker measures n²/2 = 2 × 10¹⁰ distances (and recurses 200,000 deep).
    expect(worst.measured).toBeLessThanOrEqual(499 * points);
    expect(worst.measured).toBeGreaterThan(490 * points);
  });
});
