import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DETOUR_FACTOR,
  SPEED_KMH,
  START_OVERHEAD_SECONDS,
  TRAVEL_MODES,
  estimateLeg,
  greatCircleMeters,
} from './travel-estimate';

const point = fc.record({
  lat: fc.double({ min: -89, max: 89, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const mode = fc.constantFrom(...TRAVEL_MODES);

const paris = { lat: 48.8566, lng: 2.3522 };
const london = { lat: 51.5074, lng: -0.1278 };

describe('the great-circle distance', () => {
  it('measures Paris to London as the atlases do (343.5 km)', () => {
    expect(greatCircleMeters(paris, london) / 1000).toBeCloseTo(343.5, 0);
  });

  it('is half the earth between antipodes', () => {
    expect(greatCircleMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }) / 1000).toBeCloseTo(
      20_015.1,
      0,
    );
  });

  // The inequality holds to a millimetre, near antipodes too (haversine's arcsine lost up to
  // 12 cm there: seed 1419210298 found it).
  it('is symmetric, zero to itself, and keeps the triangle inequality', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(greatCircleMeters(a, a)).toBe(0);
        expect(greatCircleMeters(a, b)).toBeCloseTo(greatCircleMeters(b, a), 6);
        expect(greatCircleMeters(a, c)).toBeLessThanOrEqual(
          greatCircleMeters(a, b) + greatCircleMeters(b, c) + 0.001,
        );
      }),
      { numRuns: 1000 },
    );
    const [a, b, c] = [
      { lat: 0, lng: 0 },
      { lat: 6.037091348628667e-7, lng: 0 },
      { lat: 0, lng: -179.99999879258178 },
    ];
    expect(greatCircleMeters(a, c)).toBeLessThanOrEqual(
      greatCircleMeters(a, b) + greatCircleMeters(b, c) + 0.001,
    );
  });
});

describe('the estimated leg', () => {
  it('walks 1 km of straight line in the named detour and speed', () => {
    const from = { lat: 41.9, lng: 12.5 };
    const to = { lat: 41.9 + 1000 / 111_195, lng: 12.5 };
    const leg = estimateLeg(from, to, 'walk');
    expect(leg.distanceMeters).toBe(Math.round(1000 * DETOUR_FACTOR.walk));
    expect(leg.durationSeconds).toBeCloseTo(
      (1000 * DETOUR_FACTOR.walk) / ((SPEED_KMH.walk * 1000) / 3600),
      -1,
    );
  });

  it('costs nothing to stay where one is, whatever the mode', () => {
    for (const travel of TRAVEL_MODES) {
      expect(estimateLeg(paris, paris, travel)).toEqual({ distanceMeters: 0, durationSeconds: 0 });
    }
  });

  it('takes the start overhead plus the distance at the mode speed', () => {
    fc.assert(
      fc.property(point, point, mode, (a, b, travel) => {
        const leg = estimateLeg(a, b, travel);
        expect(leg.distanceMeters).toBeGreaterThanOrEqual(0);
        if (leg.distanceMeters === 0) return;
        const expected =
          leg.distanceMeters / ((SPEED_KMH[travel] * 1000) / 3600) + START_OVERHEAD_SECONDS[travel];
        expect(Math.abs(leg.durationSeconds - expected)).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('never has a car slower than walking beyond a few hundred metres', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        fc.pre(greatCircleMeters(a, b) > 500);
        expect(estimateLeg(a, b, 'car').durationSeconds).toBeLessThan(
          estimateLeg(a, b, 'walk').durationSeconds,
        );
      }),
    );
  });
});
