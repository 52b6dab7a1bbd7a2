import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIT_MINUTES } from './day-defaults';
import {
  isValidOpeningHours,
  timeDay,
  type TimelineStop,
  type TimelineInput,
} from './day-timeline';

const stop = (overrides: Partial<TimelineStop> = {}): TimelineStop => ({
  category: 'sight',
  durationMinutes: 60,
  fixedTime: null,
  openingHours: null,
  ...overrides,
});

// Monday 30 November 2026.
const day = (overrides: Partial<TimelineInput> = {}): TimelineInput => ({
  day: '2026-11-30',
  startTime: '09:00',
  endTime: '22:00',
  endFixedTime: null,
  stops: [stop(), stop()],
  legSeconds: [600, 1200, 300],
  ...overrides,
});

describe('the timed day', () => {
  it('adds travel and visits from the start time to the finish', () => {
    const timed = timeDay(day());
    expect(timed.stops).toEqual([
      { arrive: 9 * 60 + 10, begin: 9 * 60 + 10, leave: 10 * 60 + 10 },
      { arrive: 10 * 60 + 30, begin: 10 * 60 + 30, leave: 11 * 60 + 30 },
    ]);
    expect(timed.finish).toBe(11 * 60 + 35);
    expect(timed.warnings).toEqual([]);
  });

  it('gives a place without a duration the default of its category', () => {
    const timed = timeDay(
      day({ stops: [stop({ category: 'museum', durationMinutes: null })], legSeconds: [0, 0] }),
    );
    expect(timed.finish).toBe(9 * 60 + DEFAULT_VISIT_MINUTES.museum);
  });

  it('counts a started minute of travel as a whole one', () => {
    const timed = timeDay(day({ stops: [stop()], legSeconds: [61, 1] }));
    expect(timed.stops[0]?.arrive).toBe(9 * 60 + 2);
    expect(timed.finish).toBe(10 * 60 + 3);
  });

  it('waits for a stop at a fixed time, and warns when it cannot be reached by then', () => {
    const early = timeDay(day({ stops: [stop({ fixedTime: '11:00' })], legSeconds: [600, 0] }));
    expect(early.stops[0]).toEqual({ arrive: 9 * 60 + 10, begin: 11 * 60, leave: 12 * 60 });
    expect(early.warnings).toEqual([]);

    const late = timeDay(
      day({ startTime: '10:55', stops: [stop({ fixedTime: '11:00' })], legSeconds: [600, 0] }),
    );
    expect(late.stops[0]).toEqual({ arrive: 11 * 60 + 5, begin: 11 * 60 + 5, leave: 12 * 60 + 5 });
    expect(late.warnings).toEqual([{ kind: 'late', stop: 0, minutes: 5 }]);
  });

  it('warns when the booking at the end of the day cannot be met', () => {
    const timed = timeDay(day({ endFixedTime: '11:00' }));
    expect(timed.warnings).toEqual([{ kind: 'late', stop: null, minutes: 35 }]);
    const inTime = timeDay(day({ endFixedTime: '20:00' }));
    expect(inTime.warnings).toEqual([]);
    expect(inTime.finish).toBe(20 * 60);
  });

  it('warns when the day runs past its end', () => {
    const timed = timeDay(day({ endTime: '11:00' }));
    expect(timed.warnings).toEqual([{ kind: 'overrun', minutes: 35 }]);
  });

  it('warns when a place is closed when the plan reaches it, or closes during the visit', () => {
    const closedMonday = stop({ openingHours: 'Tu-Su 10:00-18:00' });
    expect(timeDay(day({ stops: [closedMonday], legSeconds: [0, 0] })).warnings).toEqual([
      { kind: 'closed', stop: 0 },
    ]);
    const closesAtTen = stop({ openingHours: 'Mo-Fr 08:00-09:30' });
    expect(timeDay(day({ stops: [closesAtTen], legSeconds: [0, 0] })).warnings).toEqual([
      { kind: 'closed', stop: 0 },
    ]);
    const open = stop({ openingHours: 'Mo-Fr 09:00-17:00' });
    expect(timeDay(day({ stops: [open], legSeconds: [0, 0] })).warnings).toEqual([]);
  });

  it('does not warn about a place whose hours are "unknown" (by appointment)', () => {
    const byAppointment = stop({ openingHours: 'Mo-Sa 10:00-19:00 "by appointment"' });
    expect(
      timeDay(day({ startTime: '12:00', stops: [byAppointment], legSeconds: [0, 0] })).warnings,
    ).toEqual([]);
  });

  it('never has a stop begin before it is reached or leave before its visit ends', () => {
    const stops = fc.array(
      fc.record({
        category: fc.constant('food' as const),
        durationMinutes: fc.option(fc.integer({ min: 0, max: 300 })),
        fixedTime: fc.option(
          fc
            .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
            .map(
              ([hour, minute]) =>
                `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
            ),
        ),
        openingHours: fc.constant(null),
      }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(
        stops.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.array(fc.integer({ min: 0, max: 7200 }), {
              minLength: list.length + 1,
              maxLength: list.length + 1,
            }),
          ),
        ),
        ([list, legSeconds]) => {
          const timed = timeDay(day({ stops: list, legSeconds }));
          let clock = 9 * 60;
          timed.stops.forEach((visit, index) => {
            expect(visit.arrive).toBeGreaterThanOrEqual(clock);
            expect(visit.begin).toBeGreaterThanOrEqual(visit.arrive);
            expect(visit.leave - visit.begin).toBe(
              list[index]?.durationMinutes ?? DEFAULT_VISIT_MINUTES.food,
            );
            clock = visit.leave;
          });
          expect(timed.finish).toBeGreaterThanOrEqual(clock);
        },
      ),
    );
  });
});

describe('opening hours', () => {
  it('accepts what OpenStreetMap writes and refuses what it cannot read', () => {
    expect(isValidOpeningHours('Mo-Fr 09:00-17:00; Sa 10:00-14:00; PH off')).toBe(true);
    expect(isValidOpeningHours('24/7')).toBe(true);
    expect(isValidOpeningHours('nine to five')).toBe(false);
    expect(isValidOpeningHours('')).toBe(false);
  });
});
