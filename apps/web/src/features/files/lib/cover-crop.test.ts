import { describe, expect, it } from 'vitest';
import { COVER_RATIO, cropRect } from './cover-crop';

describe('cropRect', () => {
  it('keeps the whole height of a wide photo, centred', () => {
    const rect = cropRect(4000, 1000, { zoom: 1, x: 50, y: 50 });
    expect(rect).toEqual({ x: 750, y: 0, width: 2500, height: 1000 });
  });

  it('keeps the whole width of a tall photo, and moves within it', () => {
    const top = cropRect(1000, 2000, { zoom: 1, x: 50, y: 0 });
    expect(top).toEqual({ x: 0, y: 0, width: 1000, height: 400 });
    const bottom = cropRect(1000, 2000, { zoom: 1, x: 50, y: 100 });
    expect(bottom.y + bottom.height).toBe(2000);
  });

  it('zooms in and never leaves the photo', () => {
    const rect = cropRect(3000, 2000, { zoom: 2, x: 150, y: -20 });
    expect(rect.width / rect.height).toBeCloseTo(COVER_RATIO);
    expect(rect.width).toBe(1500);
    expect(rect.x + rect.width).toBe(3000);
    expect(rect.y).toBe(0);
  });
});
