import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heap-growth';

describe('boundHeapGrowth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('bounds how far the heap grows between full collections', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    expect(boundHeapGrowth([], '')).toBe(true);
    expect(set).toHaveBeenCalledWith(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it('leaves the choice of whoever started Node', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    expect(boundHeapGrowth(['--heap-growing-percent=10'], '')).toBe(false);
    expect(boundHeapGrowth([], '--max-old-space-size=512 --heap_growing_percent=80')).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });
});
