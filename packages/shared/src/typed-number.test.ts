import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages';
import { formatNumberField, parseNumber, type NumberFormat } from './typed-number';

const LATITUDE: NumberFormat = { decimals: 6, min: -90, max: 90 };
const LONGITUDE: NumberFormat = { decimals: 6, min: -180, max: 180 };
const MINUTES: NumberFormat = { decimals: 0, min: 0, max: 43_200 };
const SHARES: NumberFormat = { decimals: 0, min: 0, max: 1000 };

const ok = (value: number) => ({ ok: true, value });
const refused = (problem: string) => ({ ok: false, problem });

describe('parseNumber: coordinates', () => {
  it('reads a German traveller’s decimal comma and minus sign', () => {
    expect(parseNumber('41,9', 'de', LATITUDE)).toEqual(ok(41.9));
    expect(parseNumber('12,5', 'de', LONGITUDE)).toEqual(ok(12.5));
    expect(parseNumber('-3,70', 'de', LONGITUDE)).toEqual(ok(-3.7));
    expect(parseNumber('−3,703790', 'de', LONGITUDE)).toEqual(ok(-3.70379));
    expect(parseNumber(' 40,416775 ', 'de', LATITUDE)).toEqual(ok(40.416775));
  });

  it('reads a lone "." or "," as the decimal mark in every language, never as thousands', () => {
    for (const language of LANGUAGES) {
      expect(parseNumber('41,9', language, LATITUDE)).toEqual(ok(41.9));
      expect(parseNumber('41.9', language, LATITUDE)).toEqual(ok(41.9));
      expect(parseNumber('41,900', language, LATITUDE)).toEqual(ok(41.9));
      expect(parseNumber('-0.5', language, LATITUDE)).toEqual(ok(-0.5));
      expect(parseNumber('12.', language, LATITUDE)).toEqual(ok(12));
      expect(parseNumber(',5', language, LATITUDE)).toEqual(ok(0.5));
    }
  });

  it('reads Arabic-Indic digits and the Arabic decimal mark', () => {
    expect(parseNumber('٤١٫٩', 'ar', LATITUDE)).toEqual(ok(41.9));
    expect(parseNumber('-٣٫٧', 'ar', LONGITUDE)).toEqual(ok(-3.7));
    expect(parseNumber('\u061c-\u06f3\u06f5.\u06f6', 'ar', LATITUDE)).toEqual(ok(-35.6));
  });

  it('refuses, with a reason, what is not a coordinate', () => {
    expect(parseNumber('95', 'de', LATITUDE)).toEqual(refused('out-of-range'));
    expect(parseNumber('-90,000001', 'de', LATITUDE)).toEqual(refused('out-of-range'));
    expect(parseNumber('-90', 'de', LATITUDE)).toEqual(ok(-90));
    expect(parseNumber('180,0000000', 'de', LONGITUDE)).toEqual(ok(180));
    expect(parseNumber('41,1234567', 'de', LATITUDE)).toEqual(refused('too-precise'));
    expect(parseNumber('', 'de', LATITUDE)).toEqual(refused('empty'));
    expect(parseNumber('  ', 'de', LATITUDE)).toEqual(refused('empty'));
    // A pair pasted into one field is not one number.
    expect(parseNumber('41.9028, 12.4964', 'en', LATITUDE)).toEqual(refused('not-a-number'));
    for (const text of ['N41', '41°', '1e1', '4,1,9', '41..9', '-', '.', '0x1A', '4 1']) {
      expect(parseNumber(text, 'en', LATITUDE), text).toEqual(refused('not-a-number'));
    }
  });
});

describe('parseNumber: whole numbers', () => {
  it('reads thousands marks as each language writes them', () => {
    expect(parseNumber('90', 'de', MINUTES)).toEqual(ok(90));
    expect(parseNumber('1.440', 'de', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('1.440', 'it', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('1,440', 'en', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('1 440', 'fr', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('1\u202f440', 'fr', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('١٬٤٤٠', 'ar', MINUTES)).toEqual(ok(1440));
    expect(parseNumber('٩٠', 'ar', MINUTES)).toEqual(ok(90));
    expect(parseNumber('٢', 'ar', SHARES)).toEqual(ok(2));
  });

  it('reads lakhs and crores in Hindi, as Intl writes them there, and only there', () => {
    const LONG = { ...MINUTES, max: 10 ** 9 };
    expect(parseNumber('12,34,567', 'hi', LONG)).toEqual(ok(1234567));
    expect(parseNumber('1,234,567', 'hi', LONG)).toEqual(ok(1234567));
    expect(parseNumber('12,34,567', 'en', LONG)).toMatchObject({ ok: false });
  });

  it('takes zeros after a decimal mark, and refuses other decimals', () => {
    expect(parseNumber('90,0', 'de', MINUTES)).toEqual(ok(90));
    expect(parseNumber('90.', 'en', MINUTES)).toEqual(ok(90));
    // The language's own decimal mark is one, even followed by three digits.
    expect(parseNumber('1,440', 'de', MINUTES)).toEqual(refused('too-precise'));
    expect(parseNumber('1.440', 'en', MINUTES)).toEqual(refused('too-precise'));
    expect(parseNumber('1,5', 'de', SHARES)).toEqual(refused('too-precise'));
    expect(parseNumber('1.5', 'de', SHARES)).toEqual(refused('too-precise'));
  });

  it('refuses a negative number where none is allowed, and one out of range', () => {
    expect(parseNumber('-5', 'de', MINUTES)).toEqual(refused('negative'));
    expect(parseNumber('−1,5', 'de', SHARES)).toEqual(refused('negative'));
    expect(parseNumber('-0', 'de', SHARES)).toEqual(ok(0));
    expect(parseNumber('1001', 'en', SHARES)).toEqual(refused('out-of-range'));
    expect(parseNumber('1.000', 'de', SHARES)).toEqual(ok(1000));
    expect(parseNumber('0', 'en', { decimals: 0, min: 1, max: 2048 })).toEqual(
      refused('out-of-range'),
    );
    // Beyond 15 digits a double would not keep the digits typed.
    const huge = { decimals: 0, min: 0, max: Number.MAX_VALUE };
    expect(parseNumber('999999999999999', 'en', huge)).toEqual(ok(999_999_999_999_999));
    expect(parseNumber('1000000000000000', 'en', huge)).toEqual(refused('out-of-range'));
  });
});

describe('formatNumberField', () => {
  it('writes the language’s decimal mark, no trailing zeros and no thousands marks', () => {
    expect(formatNumberField(41.9, 'de', 6)).toBe('41,9');
    expect(formatNumberField(41.9, 'en', 6)).toBe('41.9');
    expect(formatNumberField(41.9, 'ar', 6)).toBe('41.9');
    expect(formatNumberField(-3.70379, 'fr', 6)).toBe('-3,70379');
    expect(formatNumberField(35.123456789, 'en', 6)).toBe('35.123457');
    expect(formatNumberField(-0.0000001, 'en', 6)).toBe('0');
    expect(formatNumberField(1440, 'de', 0)).toBe('1440');
    expect(formatNumberField(90, 'it', 0)).toBe('90');
  });
});

/** Whole numbers of units of the last decimal within [min, max], as the numbers they stand for. */
function valuesOf(format: NumberFormat) {
  const scale = 10 ** format.decimals;
  return fc
    .integer({ min: Math.ceil(format.min * scale), max: Math.floor(format.max * scale) })
    .map((units) => units / scale);
}

const BIG: NumberFormat = { decimals: 0, min: 0, max: 999_999_999_999 };

describe('parseNumber: properties in every UI language', () => {
  for (const language of LANGUAGES) {
    for (const [name, format] of [
      ['latitude', LATITUDE],
      ['longitude', LONGITUDE],
      ['minutes', MINUTES],
      ['whole number up to 10^12', BIG],
    ] as const) {
      it(`${language} ${name}: the field's own form parses back exactly`, () => {
        fc.assert(
          fc.property(valuesOf(format), (value) => {
            const text = formatNumberField(value, language, format.decimals);
            expect(parseNumber(text, language, format)).toEqual(ok(value));
          }),
          { numRuns: 300 },
        );
      });

      it(`${language} ${name}: what Intl shows (thousands, Arabic digits) parses back exactly`, () => {
        const locales = language === 'ar' ? ['ar', 'ar-u-nu-arab'] : [language];
        fc.assert(
          fc.property(valuesOf(format), fc.constantFrom(...locales), (value, locale) => {
            const shown = new Intl.NumberFormat(locale, {
              maximumFractionDigits: format.decimals,
            }).format(value);
            expect(parseNumber(shown, language, format)).toEqual(ok(value));
          }),
          { numRuns: 300 },
        );
      });
    }
  }

  it('answers only numbers within the format, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.,-− \u202f٫٬٣'.split('')) }),
        fc.constantFrom(LATITUDE, LONGITUDE, MINUTES, SHARES),
        fc.constantFrom(...LANGUAGES),
        (text, format, language) => {
          const result = parseNumber(text, language, format);
          if (result.ok) {
            expect(result.value).toBeGreaterThanOrEqual(format.min);
            expect(result.value).toBeLessThanOrEqual(format.max);
            expect(Object.is(result.value, -0)).toBe(false);
            // No more decimals than the format has: its own form reads back the same.
            const again = formatNumberField(result.value, language, format.decimals);
            expect(parseNumber(again, language, format)).toEqual(result);
            expect(Number(again.replace(',', '.'))).toBe(result.value);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses every positive whole number with a minus sign where none may be negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: SHARES.max }),
        fc.constantFrom(...LANGUAGES),
        (value, language) => {
          expect(parseNumber(`-${value}`, language, SHARES)).toEqual(refused('negative'));
        },
      ),
    );
  });
});
