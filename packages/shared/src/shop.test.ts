import { describe, expect, it } from 'vitest';
import { createOrderSchema, orderTotals } from './shop';

describe('orderTotals', () => {
  it('finds the tax inside prices that include it', () => {
    expect(orderTotals(12_200, { rateBasisPoints: 2200, inclusive: true })).toEqual({
      subtotalMinor: 12_200,
      taxMinor: 2200,
      totalMinor: 12_200,
    });
  });

  it('adds the tax to prices that exclude it, rounded to the minor unit', () => {
    expect(orderTotals(1999, { rateBasisPoints: 770, inclusive: false })).toEqual({
      subtotalMinor: 1999,
      taxMinor: 154,
      totalMinor: 2153,
    });
  });

  it('adds nothing without a tax rate', () => {
    expect(orderTotals(500, { rateBasisPoints: 0, inclusive: false }).totalMinor).toBe(500);
  });
});

describe('createOrderSchema', () => {
  const id = '0192f7a0-0000-7000-8000-000000000000';
  it('needs a product and a client token of 16 to 64 safe characters', () => {
    expect(createOrderSchema.safeParse({ productIds: [id], token: 'a'.repeat(16) }).success).toBe(
      true,
    );
    expect(createOrderSchema.safeParse({ productIds: [], token: 'a'.repeat(16) }).success).toBe(
      false,
    );
    expect(createOrderSchema.safeParse({ productIds: [id], token: 'short' }).success).toBe(false);
    expect(
      createOrderSchema.safeParse({ productIds: [id], token: `${'a'.repeat(16)} ` }).success,
    ).toBe(false);
  });
});
