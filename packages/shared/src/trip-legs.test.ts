import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookingKind } from './bookings-plain';
import { greatCircleMeters } from './travel-estimate';
import {
  ARC_SEGMENTS,
  greatCircle,
  tripLegs,
  type LatLngTuple,
  type LegBooking,
} from './trip-legs';

const rome: LatLngTuple = [41.8, 12.25];
const chicago: LatLngTuple = [41.98, -87.9];
const tokyo: LatLngTuple = [35.55, 139.78];
const sanFrancisco: LatLngTuple = [37.62, -122.38];

function booking(
  id: string,
  kind: BookingKind,
  from: LatLngTuple | null = rome,
  to: LatLngTuple | null = chicago,
): LegBooking {
  return {
    id,
    kind,
    fromLat: from?.[0] ?? null,
    fromLng: from?.[1] ?? null,
    toLat: to?.[0] ?? null,
    toLng: to?.[1] ?? null,
  };
}

const distance = ([lat1, lng1]: LatLngTuple, [lat2, lng2]: LatLngTuple) =>
  greatCircleMeters({ lat: lat1, lng: lng1 }, { lat: lat2, lng: lng2 });

describe('the legs of a trip', () => {
  it('draws transport bookings and rented cars by their mode, and nothing else', () => {
    const legs = tripLegs([
      booking('f', 'flight'),
      booking('t', 'train'),
      booking('b', 'bus'),
      booking('s', 'ferry'),
      booking('c', 'car-rental'),
      booking('h', 'accommodation'),
      booking('a', 'activity'),
      booking('r', 'restaurant'),
      booking('o', 'other'),
    ]);
    expect(legs.map((leg) => [leg.id, leg.mode])).toEqual([
      ['f', 'flight'],
      ['t', 'train'],
      ['b', 'bus'],
      ['s', 'ferry'],
      ['c', 'car'],
    ]);
  });

  it('skips a leg without both ends located, or going nowhere', () => {
    const noFromLng = { ...booking('x', 'train'), fromLng: null };
    const noToLat = { ...booking('y', 'bus'), toLat: null };
    expect(
      tripLegs([
        booking('1', 'flight', null, chicago),
        booking('2', 'flight', rome, null),
        noFromLng,
        noToLat,
        booking('3', 'ferry', rome, rome),
        booking('4', 'train'),
      ]).map((leg) => leg.id),
    ).toEqual(['4']);
  });

  it('draws a train straight from its departure to its arrival', () => {
    expect(tripLegs([booking('t', 'train')])[0]?.parts).toEqual([[rome, chicago]]);
  });

  it('flies a flight along its great circle, from the exact airport to the exact airport', () => {
    const [leg] = tripLegs([booking('f', 'flight')]);
    const line = leg?.parts[0] ?? [];
    expect(leg?.parts).toHaveLength(1);
    expect(line).toHaveLength(ARC_SEGMENTS + 1);
    expect(line[0]).toEqual(rome);
    expect(line.at(-1)).toEqual(chicago);
    // Rome to Chicago bends north of both ends (past 54°N), as a great circle does.
    expect(Math.max(...line.map(([lat]) => lat))).toBeGreaterThan(54);
    // Every step is the same length along the circle: no shortcut, no detour.
    const total = distance(rome, chicago);
    for (let index = 1; index < line.length; index += 1) {
      expect(distance(line[index - 1] ?? rome, line[index] ?? rome)).toBeCloseTo(
        total / ARC_SEGMENTS,
        -1,
      );
    }
  });

  it('cuts a flight across the Pacific at the antimeridian, each part on its side', () => {
    const [leg] = tripLegs([booking('f', 'flight', tokyo, sanFrancisco)]);
    const [west = [], east = []] = leg?.parts ?? [];
    expect(leg?.parts).toHaveLength(2);
    expect(west[0]).toEqual(tokyo);
    expect(east.at(-1)).toEqual(sanFrancisco);
    // The two parts meet at the same latitude on either edge of the map.
    const [edgeLat, edgeLng] = west.at(-1) ?? [0, 0];
    expect(edgeLng).toBe(180);
    expect(east[0]).toEqual([edgeLat, -180]);
    expect(edgeLat).toBeGreaterThan(45);
    expect(west.every(([, lng]) => lng >= tokyo[1] && lng <= 180)).toBe(true);
    expect(east.every(([, lng]) => lng >= -180 && lng <= sanFrancisco[1])).toBe(true);
  });

  it('cuts a straight leg across the antimeridian too (a ferry from Fiji to Samoa)', () => {
    const [leg] = tripLegs([booking('s', 'ferry', [-18.1, 178.4], [-13.8, -171.8])]);
    expect(leg?.parts).toHaveLength(2);
    expect(leg?.parts[0]?.at(-1)?.[1]).toBe(180);
    expect(leg?.parts[1]?.[0]?.[1]).toBe(-180);
  });

  it('cuts a flight between two points a hair apart across the antimeridian', () => {
    // fast-check's find: the arc's points land on 180 and -180 exactly, and the cut's
    // latitude was 0 / 0 there.
    const [leg] = tripLegs([
      booking('f', 'flight', [0, 179.99999999999878], [-6.037091348628667e-7, -179.9999999999993]),
    ]);
    const points = leg?.parts.flat() ?? [];
    expect(points.length).toBeGreaterThan(0);
    expect(points.every(([lat, lng]) => Number.isFinite(lat) && Number.isFinite(lng))).toBe(true);
  });

  it('keeps every part of any flight on the map, without a jump, ends exact', () => {
    const point = fc.tuple(
      fc.double({ min: -85, max: 85, noNaN: true }),
      fc.double({ min: -180, max: 180, noNaN: true }),
    );
    fc.assert(
      fc.property(point, point, (from, to) => {
        const [leg] = tripLegs([booking('f', 'flight', from, to)]);
        if (!leg) return from[0] === to[0] && from[1] === to[1];
        expect(leg.parts[0]?.[0]).toEqual(from);
        expect(leg.parts.at(-1)?.at(-1)).toEqual(to);
        for (const part of leg.parts) {
          for (let index = 0; index < part.length; index += 1) {
            const [lat = 0, lng = 0] = part[index] ?? [];
            expect(Math.abs(lat)).toBeLessThanOrEqual(90);
            expect(Math.abs(lng)).toBeLessThanOrEqual(180);
            if (index > 0) {
              expect(Math.abs(lng - (part[index - 1]?.[1] ?? 0))).toBeLessThanOrEqual(180);
            }
          }
        }
        return true;
      }),
    );
  });

  it('has no single circle between antipodes: a straight line then', () => {
    expect(greatCircle([10, 20], [-10, -160])).toEqual([
      [10, 20],
      [-10, -160],
    ]);
  });
});
