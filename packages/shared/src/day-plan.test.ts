import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimelineStop } from './day-timeline';
import { legSecondsOf, proposeDay, type DayPlanInput } from './day-plan';

const stop = (openingHours: string | null = null): TimelineStop => ({
  category: 'sight',
  durationMinutes: 60,
  fixedTime: null,
  openingHours,
});

/** Stops on a line, travel one minute a unit: start at 0, stops at `at`, end at `end`. */
function lineDay(at: readonly number[], end: number, stops: TimelineStop[]): DayPlanInput {
  const points = [0, ...at, end];
  return {
    route: {
      travel: points.map((a) => points.map((b) => Math.abs(a - b) * 60)),
      kept: new Set(),
    },
    // Monday 30 November 2026.
    clock: { day: '2026-11-30', startTime: '09:00', endTime: '22:00', endFixedTime: null },
    stops,
  };
}

describe('a proposed day', () => {
  it('gives the travel legs of an order', () => {
    const input = lineDay([30, 10, 20], 0, [stop(), stop(), stop()]);
    expect(legSecondsOf(input.route, [1, 2, 0])).toEqual([600, 600, 600, 1800]);
  });

  it('proposes the shorter order with the time it saves and both days on the clock', () => {
    const proposal = proposeDay(lineDay([30, 10, 20], 0, [stop(), stop(), stop()]));
    expect(proposal.order).toEqual([1, 2, 0]);
    expect(proposal.savedSeconds).toBe((30 + 20 + 10 + 20 - 60) * 60);
    expect(proposal.proposed.finish).toBeLessThan(proposal.current.finish);
  });

  it('keeps today’s order when the shorter one reaches a place while it is closed', () => {
    // Shorter: 10, 20, 30; but the stop at 10 opens only in the afternoon.
    const proposal = proposeDay(
      lineDay([30, 20, 10], 40, [stop(), stop(), stop('Mo-Su 11:00-18:00')]),
    );
    expect(proposal.method).toBe('current');
    expect(proposal.order).toEqual([0, 1, 2]);
    expect(proposal.savedSeconds).toBe(0);
    expect(proposal.current.warnings).toEqual([]);
  });

  it('never proposes a day with more travel or more warnings than today’s', () => {
    const hours = fc.constantFrom(
      null,
      'Mo-Su 09:00-12:00',
      'Mo-Su 12:00-18:00',
      'Tu-Su 10:00-18:00',
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), hours), { maxLength: 8 }),
        fc.integer({ min: 0, max: 120 }),
        (stops, end) => {
          const input = lineDay(
            stops.map(([at]) => at),
            end,
            stops.map(([, openingHours]) => stop(openingHours)),
          );
          const proposal = proposeDay(input);
          expect(proposal.savedSeconds).toBeGreaterThanOrEqual(0);
          expect(proposal.proposed.warnings.length).toBeLessThanOrEqual(
            proposal.current.warnings.length,
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
