import type { DayPlan } from '@jammy/shared/days';
import { describe, expect, it } from 'vitest';
import { legsOf, toMinutes } from './day-timeline';

const leg = (seconds: number) => ({
  distanceMeters: seconds,
  durationSeconds: seconds,
  estimate: true,
});
const point = { lat: 0, lng: 0, name: 'x', placeId: null, bookingId: null, time: null };
const stop = { ...point, category: null, durationMinutes: null, openingHours: null };

function plan(parts: Partial<DayPlan>): DayPlan {
  return {
    day: '2027-04-03',
    mode: 'walk',
    router: null,
    start: null,
    end: null,
    stops: [stop, stop],
    legs: [],
    unlocated: [],
    timeline: { startTime: '09:00', stops: [], finish: 0, warnings: [] },
    ...parts,
  };
}

describe('the legs of a day’s timeline', () => {
  it('puts a leg before each stop and one before the end, when the day has both ends', () => {
    const { into, toEnd } = legsOf(
      plan({ start: point, end: point, legs: [leg(1), leg(2), leg(3)] }),
    );
    expect(into).toEqual([leg(1), leg(2)]);
    expect(toEnd).toEqual(leg(3));
  });

  it('has no leg into the first stop of a day without a start, nor one after a day without an end', () => {
    const { into, toEnd } = legsOf(plan({ legs: [leg(5)] }));
    expect(into).toEqual([undefined, leg(5)]);
    expect(toEnd).toBeUndefined();
  });

  it('reads a time of day in minutes', () => {
    expect(toMinutes('09:30')).toBe(570);
  });
});
