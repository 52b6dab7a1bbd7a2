import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './mail-queue';

describe('retryDelayMs', () => {
  it('doubles from a minute after each failed attempt, up to six hours', () => {
    const minutes = [1, 2, 3, 4, 5, 9, 10, 50].map((attempts) => retryDelayMs(attempts) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 256, 360, 360]);
  });
});
