import { describe, expect, it } from 'vitest';
import { positionAfter, positionBetween } from './positions';

describe('positions', () => {
  it('orders new keys between their neighbours', () => {
    const a = positionBetween(null, null);
    const c = positionBetween(a, null);
    const b = positionBetween(a, c);
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });

  it('places after a sibling, at the start, or refuses an unknown sibling', () => {
    const siblings = [
      { id: 'x', position: 'a0' },
      { id: 'y', position: 'a1' },
    ];
    const afterX = positionAfter(siblings, 'x');
    expect(afterX !== null && afterX > 'a0' && afterX < 'a1').toBe(true);
    const first = positionAfter(siblings, null);
    expect(first !== null && first < 'a0').toBe(true);
    expect(positionAfter(siblings, 'nope')).toBeNull();
  });

  it('survives neighbours that crossed (a stale client)', () => {
    expect(positionBetween('a5', 'a1') > 'a5').toBe(true);
  });
});
