import { describe, expect, it } from 'vitest';
import { minorUnitsOf, readAmount } from './amount-field';

describe('readAmount', () => {
  it('reads what the shared parser reads, in the UI language', () => {
    expect(readAmount('612,40', 'EUR', 'de')).toEqual({ ok: true, minor: 61240 });
    expect(readAmount('-5', 'EUR', 'en')).toEqual({ ok: false, problem: 'negative' });
  });

  it('refuses zero where an amount must be more than nothing', () => {
    expect(readAmount('0,00', 'EUR', 'it', { positive: true })).toEqual({
      ok: false,
      problem: 'not-positive',
    });
    expect(readAmount('0', 'EUR', 'en')).toEqual({ ok: true, minor: 0 });
  });
});

describe('minorUnitsOf', () => {
  it('gives the body the minor units of a checked amount, and null for none typed', () => {
    expect(minorUnitsOf('612,40', 'EUR', 'de')).toBe(61240);
    expect(minorUnitsOf(' ', null, 'en')).toBeNull();
  });

  it('refuses to turn an amount nobody checked into no amount', () => {
    expect(() => minorUnitsOf('-5', 'EUR', 'en')).toThrow(RangeError);
    expect(() => minorUnitsOf('20', null, 'en')).toThrow(RangeError);
    expect(() => minorUnitsOf('0', 'EUR', 'en', { positive: true })).toThrow(RangeError);
  });
});
