import { describe, expect, it } from 'vitest';
import { nextRefreshDelay } from './session-timing';

const MINUTE = 60_000;

describe('nextRefreshDelay', () => {
  it('refreshes five minutes before the session expires', () => {
    expect(nextRefreshDelay(60 * MINUTE, 0)).toBe(55 * MINUTE);
  });

  it('waits at least a minute, and at most a day', () => {
    expect(nextRefreshDelay(3 * MINUTE, 0)).toBe(MINUTE);
    expect(nextRefreshDelay(30 * 24 * 60 * MINUTE, 0)).toBe(24 * 60 * MINUTE);
  });
});
