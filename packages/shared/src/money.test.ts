import { describe, expect, it } from 'vitest';
import { convertMinor, isRate, rateFraction, settleUp, splitByWeights } from './money';

describe('rates', () => {
  it('accepts plain positive decimals and nothing else', () => {
    expect(isRate('0.0061')).toBe(true);
    expect(isRate('160')).toBe(true);
    expect(isRate('0')).toBe(false);
    expect(isRate('0.000')).toBe(false);
    expect(isRate('-1')).toBe(false);
    expect(isRate('1e-3')).toBe(false);
    expect(isRate('.5')).toBe(false);
    expect(isRate('1.0000000000001')).toBe(false);
  });

  it('reads a rate as an exact fraction', () => {
    expect(rateFraction('0.0061')).toEqual({ numerator: 61n, denominator: 10_000n });
    expect(rateFraction('12')).toEqual({ numerator: 12n, denominator: 1n });
  });
});

describe('convertMinor', () => {
  it('converts between currencies of different exponents exactly', () => {
    // 12,000 JPY (exponent 0) at 0.0061 EUR = 73.20 EUR.
    expect(convertMinor(12_000, 'JPY', 'EUR', '0.0061')).toBe(7320);
    // 10.00 EUR at 162.35 JPY = 1,623.5 JPY → 1,624 (half up).
    expect(convertMinor(1000, 'EUR', 'JPY', '162.35')).toBe(1624);
    // 1.000 KWD (exponent 3) at 2.98 EUR.
    expect(convertMinor(1000, 'KWD', 'EUR', '2.98')).toBe(298);
  });

  it('rounds half up and never through floating point', () => {
    expect(convertMinor(1, 'JPY', 'EUR', '0.005')).toBe(1); // 0.5 cent → 1
    expect(convertMinor(1, 'JPY', 'EUR', '0.0049')).toBe(0); // 0.49 cent → 0
    // 0.1 + 0.2 style trouble: 3 × 0.1 must be exactly 0.3.
    expect(convertMinor(300, 'EUR', 'USD', '0.1')).toBe(30);
    expect(convertMinor(999_999_999_999, 'EUR', 'EUR', '1')).toBe(999_999_999_999);
  });
});

describe('splitByWeights (largest remainder)', () => {
  it('gives the leftover units to the largest remainders, earlier first on ties', () => {
    expect(splitByWeights(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeights(1000, [1, 2])).toEqual([333, 667]);
    expect(splitByWeights(10, [3, 3, 3])).toEqual([4, 3, 3]);
    expect(splitByWeights(0, [1, 5])).toEqual([0, 0]);
  });

  it('keeps exact amounts as they are when they already sum to the total', () => {
    expect(splitByWeights(7320, [2000, 5320])).toEqual([2000, 5320]);
  });

  it('always sums to the total', () => {
    for (let total = 0; total < 400; total += 7) {
      for (const weights of [[1, 1, 1], [1, 2, 3, 4], [7], [0, 3, 5], [13, 17, 19, 23, 29]]) {
        const parts = splitByWeights(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        expect(parts.every((part) => part >= 0)).toBe(true);
      }
    }
  });

  it('refuses weights that are all zero', () => {
    expect(() => splitByWeights(10, [0, 0])).toThrow(RangeError);
  });
});

describe('settleUp', () => {
  it('lets the largest debtor pay the largest creditor', () => {
    expect(
      settleUp([
        { userId: 'a', balanceMinor: 5000 },
        { userId: 'b', balanceMinor: -3000 },
        { userId: 'c', balanceMinor: -2000 },
      ]),
    ).toEqual([
      { fromUserId: 'b', toUserId: 'a', amountMinor: 3000 },
      { fromUserId: 'c', toUserId: 'a', amountMinor: 2000 },
    ]);
  });

  it('needs at most n − 1 transfers and settles everyone', () => {
    const balances = [
      { userId: 'a', balanceMinor: 1000 },
      { userId: 'b', balanceMinor: 700 },
      { userId: 'c', balanceMinor: -1200 },
      { userId: 'd', balanceMinor: -300 },
      { userId: 'e', balanceMinor: -200 },
    ];
    const transfers = settleUp(balances);
    expect(transfers.length).toBeLessThanOrEqual(balances.length - 1);
    const after = new Map(balances.map((b) => [b.userId, b.balanceMinor]));
    for (const t of transfers) {
      after.set(t.fromUserId, (after.get(t.fromUserId) ?? 0) + t.amountMinor);
      after.set(t.toUserId, (after.get(t.toUserId) ?? 0) - t.amountMinor);
      expect(t.amountMinor).toBeGreaterThan(0);
    }
    expect([...after.values()].every((value) => value === 0)).toBe(true);
    expect(transfers[0]).toEqual({ fromUserId: 'c', toUserId: 'a', amountMinor: 1000 });
  });

  it('does not depend on the order of the input', () => {
    const balances = [
      { userId: 'x', balanceMinor: 50 },
      { userId: 'y', balanceMinor: 50 },
      { userId: 'z', balanceMinor: -100 },
    ];
    expect(settleUp([...balances].reverse())).toEqual(settleUp(balances));
  });

  it('rounded shares still settle to zero: 100 cents among three, paid by one', () => {
    const owed = splitByWeights(100, [1, 1, 1]);
    const balances = ['a', 'b', 'c'].map((userId, index) => ({
      userId,
      balanceMinor: (index === 0 ? 100 : 0) - (owed[index] ?? 0),
    }));
    expect(balances.reduce((sum, b) => sum + b.balanceMinor, 0)).toBe(0);
    expect(settleUp(balances)).toEqual([
      { fromUserId: 'b', toUserId: 'a', amountMinor: 33 },
      { fromUserId: 'c', toUserId: 'a', amountMinor: 33 },
    ]);
  });

  it('refuses balances that do not sum to zero, and answers nothing when all are settled', () => {
    expect(() => settleUp([{ userId: 'a', balanceMinor: 1 }])).toThrow(RangeError);
    expect(settleUp([{ userId: 'a', balanceMinor: 0 }])).toEqual([]);
  });
});
