import { describe, expect, it } from 'vitest';
import {
  MARKER_RADIUS,
  frameFor,
  project,
  spreadMarkers,
  tileAddress,
  tilesFor,
} from './static-map';

describe('the printed map picture', () => {
  it('projects like the tile servers do (Web Mercator, 256 px tiles)', () => {
    expect(project(0, 0, 0)).toEqual({ x: 128, y: 128 });
    const rome = project(41.9, 12.5, 10);
    // Rome is in tile 547/380 at zoom 10 on every OpenStreetMap-style server.
    expect(Math.floor(rome.x / 256)).toBe(547);
    expect(Math.floor(rome.y / 256)).toBe(380);
  });

  it('picks the closest zoom at which every position fits, centred', () => {
    const size = { width: 960, height: 600 };
    const positions: [number, number][] = [
      [44.1461, 9.6543],
      [44.13498, 9.68381],
    ];
    const frame = frameFor(positions, size, 36);
    expect(frame).not.toBeNull();
    if (!frame) return;
    const fits = (zoom: number) => {
      const a = project(44.1461, 9.6543, zoom);
      const b = project(44.13498, 9.68381, zoom);
      return Math.abs(b.x - a.x) <= 960 - 72 && Math.abs(b.y - a.y) <= 600 - 72;
    };
    expect(fits(frame.zoom)).toBe(true);
    expect(frame.zoom === 17 || !fits(frame.zoom + 1)).toBe(true);
    for (const [lat, lng] of positions) {
      const at = project(lat, lng, frame.zoom);
      expect(at.x - frame.left).toBeGreaterThanOrEqual(36);
      expect(at.x - frame.left).toBeLessThanOrEqual(960 - 36);
      expect(at.y - frame.top).toBeGreaterThanOrEqual(36);
      expect(at.y - frame.top).toBeLessThanOrEqual(600 - 36);
    }
    // One place alone: a city-level view, not the closest zoom there is.
    expect(frameFor([[41.9, 12.5]], size, 36)?.zoom).toBe(12);
    expect(frameFor([], size, 36)).toBeNull();
  });

  it('covers the picture with tiles, wrapping across the antimeridian', () => {
    const frame = { zoom: 2, left: -100, top: 0, width: 300, height: 256 };
    const tiles = tilesFor(frame);
    expect(tiles.map((tile) => [tile.x, tile.y, tile.dx, tile.dy])).toEqual([
      [3, 0, -156, 0],
      [0, 0, 100, 0],
    ]);
  });

  it('fills the configured tile address', () => {
    expect(tileAddress('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { z: 3, x: 4, y: 5 })).toBe(
      'https://a.tiles.example/3/4/5.png',
    );
  });
});

describe('markers on the printed map', () => {
  const size = { width: 800, height: 500 };
  /** The closest two markers' centres, in pixels. */
  const closest = (points: { x: number; y: number }[]) => {
    let least = Infinity;
    points.forEach((a, i) =>
      points
        .slice(i + 1)
        .forEach((b) => (least = Math.min(least, Math.hypot(a.x - b.x, a.y - b.y)))),
    );
    return least;
  };
  const inside = (point: { x: number; y: number }) =>
    point.x >= MARKER_RADIUS &&
    point.x <= size.width - MARKER_RADIUS &&
    point.y >= MARKER_RADIUS &&
    point.y <= size.height - MARKER_RADIUS;

  it('draws markers that would cover each other apart, near their spots', () => {
    // Twelve places on one square, and a street of places 4 px apart.
    const square = Array.from({ length: 12 }, () => ({ x: 400, y: 250 }));
    const street = Array.from({ length: 8 }, (_, index) => ({ x: 100 + index * 4, y: 100 }));
    for (const points of [square, street, [...square, ...street]]) {
      const spread = spreadMarkers(points, size);
      expect(closest(points)).toBeLessThan(2 * MARKER_RADIUS);
      expect(closest(spread)).toBeGreaterThanOrEqual(2 * MARKER_RADIUS);
      expect(spread.every(inside)).toBe(true);
      // Each stays close to its own spot: within a few markers' widths.
      spread.forEach((point, index) => {
        const spot = points[index];
        if (!spot) throw new Error('a marker without its spot');
        expect(Math.hypot(point.x - spot.x, point.y - spot.y)).toBeLessThan(6 * 2 * MARKER_RADIUS);
      });
    }
  });

  it('leaves markers that are apart where they are, and spreads the same way every time', () => {
    const apart = [
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 100, y: 300 },
    ];
    expect(spreadMarkers(apart, size)).toEqual(apart);
    const same = Array.from({ length: 5 }, () => ({ x: 300, y: 200 }));
    expect(spreadMarkers(same, size)).toEqual(spreadMarkers(same, size));
  });

  it('keeps markers on a line in the order of their spots', () => {
    // Six places a street apart, up and to the right, a pixel and a half from each other.
    const street = Array.from({ length: 6 }, (_, index) => ({
      x: 300 + index * 1.1,
      y: 300 - index * 1.1,
    }));
    const spread = spreadMarkers(street, size);
    expect(closest(spread)).toBeGreaterThanOrEqual(2 * MARKER_RADIUS);
    const along = spread.map((point) => point.x - point.y);
    expect(along).toEqual([...along].sort((a, b) => a - b));
  });

  it('gives up on a picture too small for its markers, keeping them inside it', () => {
    // 500 places on one spot: the picture holds about 350 markers side by side.
    const pile = Array.from({ length: 500 }, () => ({ x: 400, y: 250 }));
    const spread = spreadMarkers(pile, size);
    expect(spread.every(inside)).toBe(true);
    // Spread over the whole picture, as far apart as it allows.
    const xs = spread.map((point) => point.x);
    const ys = spread.map((point) => point.y);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(size.width * 0.9);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(size.height * 0.9);
  });

  it('keeps markers in a corner inside the picture', () => {
    const corner = Array.from({ length: 6 }, () => ({ x: 2, y: 2 }));
    const spread = spreadMarkers(corner, size);
    expect(spread.every(inside)).toBe(true);
    expect(closest(spread)).toBeGreaterThanOrEqual(2 * MARKER_RADIUS);
  });
});
