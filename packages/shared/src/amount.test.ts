import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleAmount, formatAmountInput, parseAmount } from './amount';
import { MAX_AMOUNT_MINOR, currencyExponent } from './fields-plain';
import { LANGUAGES } from './languages';

const ok = (minor: number) => ({ ok: true, minor });
const refused = (problem: string) => ({ ok: false, problem });

describe('parseAmount: the examples people type', () => {
  it('keeps a trailing zero and reads a comma decimal as a decimal, in every language', () => {
    for (const language of LANGUAGES) {
      expect(parseAmount('612.40', 'EUR', language)).toEqual(ok(61240));
      expect(parseAmount('45.90', 'EUR', language)).toEqual(ok(4590));
      expect(parseAmount('45,90', 'EUR', language)).toEqual(ok(4590));
      expect(parseAmount('612,40', 'EUR', language)).toEqual(ok(61240));
      expect(parseAmount('120.00', 'EUR', language)).toEqual(ok(12000));
      expect(parseAmount('45.95', 'EUR', language)).toEqual(ok(4595));
    }
  });

  it('reads thousands as each language writes them', () => {
    expect(parseAmount('1,234.50', 'EUR', 'en')).toEqual(ok(123450));
    for (const language of ['de', 'it', 'es', 'fr']) {
      expect(parseAmount('1.234,50', 'EUR', language)).toEqual(ok(123450));
      expect(parseAmount('1 234,50', 'EUR', language)).toEqual(ok(123450));
      expect(parseAmount('1\u00a0234,50', 'EUR', language)).toEqual(ok(123450));
      expect(parseAmount('1\u202f234,50', 'EUR', language)).toEqual(ok(123450));
    }
    expect(parseAmount('1.234.567', 'EUR', 'de')).toEqual(ok(123456700));
    expect(parseAmount('1,234', 'EUR', 'en')).toEqual(ok(123400));
    expect(parseAmount('1.000', 'EUR', 'de')).toEqual(ok(100000));
    expect(parseAmount("1'234.50", 'CHF', 'de')).toEqual(ok(123450));
  });

  it('takes the currency code or symbol on either side, and spaces around', () => {
    expect(parseAmount('  €612.40 ', 'EUR', 'en')).toEqual(ok(61240));
    expect(parseAmount('612,40 €', 'EUR', 'de')).toEqual(ok(61240));
    expect(parseAmount('EUR 612.40', 'EUR', 'en')).toEqual(ok(61240));
    expect(parseAmount('612,40eur', 'EUR', 'it')).toEqual(ok(61240));
    expect(parseAmount('¥1,234', 'JPY', 'en')).toEqual(ok(1234));
    expect(parseAmount('5 $US', 'USD', 'fr')).toEqual(ok(500));
    expect(parseAmount('$5', 'USD', 'en')).toEqual(ok(500));
    expect(parseAmount('12 euros', 'EUR', 'fr')).toEqual(ok(1200));
    // Another currency's symbol is not this field's currency.
    expect(parseAmount('$5', 'EUR', 'en')).toEqual(refused('not-a-number'));
  });

  it('reads Arabic-Indic digits and the Arabic marks', () => {
    expect(parseAmount('١٬٢٣٤٫٥٠', 'EUR', 'ar')).toEqual(ok(123450));
    expect(parseAmount('٦١٢٫٤٠', 'EUR', 'ar')).toEqual(ok(61240));
    expect(parseAmount('۶۱۲.۴۰', 'EUR', 'ar')).toEqual(ok(61240));
    expect(parseAmount('\u200f1,234.50 ج.م.\u200f', 'EGP', 'ar')).toEqual(ok(123450));
  });

  it('keeps every currency’s own decimals: 0 for JPY, 3 for KWD', () => {
    expect(parseAmount('1500', 'JPY', 'en')).toEqual(ok(1500));
    expect(parseAmount('1.5', 'JPY', 'en')).toEqual(refused('too-precise'));
    expect(parseAmount('1500.00', 'JPY', 'en')).toEqual(ok(1500));
    expect(parseAmount('1.234', 'KWD', 'en')).toEqual(ok(1234));
    expect(parseAmount('1,234', 'KWD', 'de')).toEqual(ok(1234));
    expect(parseAmount('0.5', 'KWD', 'en')).toEqual(ok(500));
  });

  it('refuses, with a reason, what it cannot read exactly', () => {
    expect(parseAmount('', 'EUR', 'en')).toEqual(refused('empty'));
    expect(parseAmount('   ', 'EUR', 'en')).toEqual(refused('empty'));
    expect(parseAmount('-5', 'EUR', 'en')).toEqual(refused('negative'));
    expect(parseAmount('−45,90 €', 'EUR', 'de')).toEqual(refused('negative'));
    expect(parseAmount('€-5', 'EUR', 'en')).toEqual(refused('negative'));
    expect(parseAmount('12.345', 'EUR', 'en')).toEqual(refused('too-precise'));
    expect(parseAmount('12,345', 'EUR', 'de')).toEqual(refused('too-precise'));
    expect(parseAmount('10000000000', 'EUR', 'en')).toEqual(refused('too-large'));
    expect(parseAmount('9999999999.99', 'EUR', 'en')).toEqual(ok(MAX_AMOUNT_MINOR));
    // In German "1.000" is a thousand; for a currency of three decimals it could be one.
    expect(parseAmount('1.000', 'KWD', 'de')).toEqual(refused('ambiguous'));
    expect(parseAmount('1,000', 'KWD', 'en')).toEqual(refused('ambiguous'));
    for (const text of [
      'abc',
      '1e3',
      '12..5',
      '1.2.3,4,5',
      '1,23,456',
      '12 50',
      '1-2',
      '.',
      '0x10',
    ]) {
      expect(parseAmount(text, 'EUR', 'en'), text).toEqual(refused('not-a-number'));
    }
  });

  it('reads an unfinished decimal mark as none', () => {
    expect(parseAmount('12.', 'EUR', 'en')).toEqual(ok(1200));
    expect(parseAmount(',5', 'EUR', 'de')).toEqual(ok(50));
  });
});

// One currency per exponent that Intl knows, and every currency besides.
const CURRENCIES = Intl.supportedValuesOf('currency');
const BY_EXPONENT = [0, 2, 3].map(
  (exponent) => CURRENCIES.find((code) => currencyExponent(code) === exponent) ?? '',
);
const minorArb = fc.oneof(
  fc.integer({ min: 0, max: 100_000 }),
  fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }),
);

/** Minor units as an exact decimal string, for Intl to format without floating point. */
function decimalString(minor: number, currency: string): `${number}` {
  const exponent = currencyExponent(currency);
  const digits = String(minor).padStart(exponent + 1, '0');
  return (
    exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
  ) as `${number}`;
}

describe('parseAmount: properties over every currency exponent and every UI language', () => {
  it('has currencies of exponent 0, 2 and 3 to test with', () => {
    expect(BY_EXPONENT.map(currencyExponent)).toEqual([0, 2, 3]);
  });

  for (const language of LANGUAGES) {
    for (const currency of ['JPY', 'EUR', 'KWD', ...BY_EXPONENT]) {
      it(`${language} ${currency}: the input's own form parses back exactly`, () => {
        fc.assert(
          fc.property(minorArb, (minor) => {
            const text = formatAmountInput(minor, currency, language);
            expect(parseAmount(text, currency, language)).toEqual(ok(minor));
          }),
          { numRuns: 200 },
        );
      });

      it(`${language} ${currency}: what Intl shows (symbol, thousands) parses back exactly`, () => {
        const locales = language === 'ar' ? ['ar', 'ar-u-nu-arab'] : [language];
        fc.assert(
          fc.property(minorArb, fc.constantFrom(...locales), (minor, locale) => {
            const shown = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
              decimalString(minor, currency),
            );
            expect(parseAmount(shown, currency, language)).toEqual(ok(minor));
            const plain = new Intl.NumberFormat(locale, {
              minimumFractionDigits: currencyExponent(currency),
            }).format(decimalString(minor, currency));
            expect(parseAmount(plain, currency, language)).toEqual(ok(minor));
          }),
          { numRuns: 200 },
        );
      });
    }
  }

  it('every currency Intl knows round-trips through the input form in every language', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(...LANGUAGES),
        minorArb,
        (currency, language, minor) => {
          const text = formatAmountInput(minor, currency, language);
          expect(parseAmount(text, currency, language)).toEqual(ok(minor));
          const shown = new Intl.NumberFormat(language, { style: 'currency', currency }).format(
            decimalString(minor, currency),
          );
          expect(parseAmount(shown, currency, language)).toEqual(ok(minor));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never answers a fraction, a negative or too large a number, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.,- \u202f€$EUR٫٬٣'.split('')) }),
        fc.constantFrom('EUR', 'JPY', 'KWD'),
        fc.constantFrom(...LANGUAGES),
        (text, currency, language) => {
          const result = parseAmount(text, currency, language);
          if (result.ok) {
            expect(Number.isSafeInteger(result.minor)).toBe(true);
            expect(result.minor).toBeGreaterThanOrEqual(0);
            expect(result.minor).toBeLessThanOrEqual(MAX_AMOUNT_MINOR);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('refuses every positive amount with a minus sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_AMOUNT_MINOR }),
        fc.constantFrom(...LANGUAGES),
        (minor, language) => {
          const text = `-${formatAmountInput(minor, 'EUR', language)}`;
          expect(parseAmount(text, 'EUR', language)).toEqual(refused('negative'));
        },
      ),
    );
  });
});

describe('formatAmountInput and exampleAmount', () => {
  it('write every decimal of the currency with the language’s mark, no thousands marks', () => {
    expect(formatAmountInput(61240, 'EUR', 'en')).toBe('612.40');
    expect(formatAmountInput(61240, 'EUR', 'de')).toBe('612,40');
    expect(formatAmountInput(123456789, 'EUR', 'fr')).toBe('1234567,89');
    expect(formatAmountInput(5, 'KWD', 'en')).toBe('0.005');
    expect(formatAmountInput(1500, 'JPY', 'it')).toBe('1500');
    expect(formatAmountInput(61240, 'EUR', 'ar')).toBe('612.40');
  });

  it('gives an example in the currency’s decimals', () => {
    expect(exampleAmount('EUR', 'en')).toBe('612.40');
    expect(exampleAmount('EUR', 'de')).toBe('612,40');
    expect(exampleAmount('JPY', 'en')).toBe('612');
    expect(exampleAmount('KWD', 'it')).toBe('612,400');
  });
});
