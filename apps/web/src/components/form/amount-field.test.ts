import { describe, expect, it } from 'vitest';
import { readAmount } from './amount-field';

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
