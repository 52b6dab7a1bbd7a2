import { describe, expect, it } from 'vitest';
import { afterIdForMove } from './step-order';

describe('afterIdForMove', () => {
  const ids = ['a', 'b', 'c', 'd'];

  it('moves to the start after nothing', () => {
    expect(afterIdForMove(ids, 2, 0)).toBeNull();
  });

  it('moves down after the row it passes', () => {
    expect(afterIdForMove(ids, 0, 1)).toBe('b');
    expect(afterIdForMove(ids, 0, 3)).toBe('d');
  });

  it('moves up after the row before its new place', () => {
    expect(afterIdForMove(ids, 3, 1)).toBe('a');
    expect(afterIdForMove(ids, 2, 1)).toBe('a');
  });

  it('clamps a target past the end', () => {
    expect(afterIdForMove(ids, 1, 9)).toBe('d');
  });
});
