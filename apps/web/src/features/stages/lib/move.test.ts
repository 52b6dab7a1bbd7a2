import { describe, expect, it } from 'vitest';
import { isSaved } from './move';

describe('isSaved', () => {
  it('tells optimistic rows apart', () => {
    expect(isSaved('temp-123')).toBe(false);
    expect(isSaved('0192f7a0-0000-7000-8000-000000000000')).toBe(true);
  });
});
