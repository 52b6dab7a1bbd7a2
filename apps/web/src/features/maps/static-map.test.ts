import { describe, expect, it } from 'vitest';
import { frameFor, project, tileAddress, tilesFor } from './static-map';

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
