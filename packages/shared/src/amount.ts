import { MAX_AMOUNT_MINOR, currencyExponent } from './fields-plain';
import { decimalMarkOf, normalize, readTypedDigits, scaledDigits } from './typed-number';

/**
 * Amounts as people type them, to exact minor units and back (docs/decisions/031-typed-amounts.md).
 * Plain TypeScript without zod, so every amount field of the web app and the server can use
 * it cheaply. Numbers never go through floating point: the digits typed are the digits kept.
 *
 * What is read is what typed-number.ts reads ("612,40", "1.234,50", Arabic-Indic digits…),
 * with the field's currency code or symbol before or after. When one mark could be a decimal
 * or a thousands separator ("1.000" for a currency of three decimals in German) the input is
 * refused as ambiguous, never guessed.
 */

/** Why a typed amount was refused. */
export type AmountProblem =
  'empty' | 'not-a-number' | 'negative' | 'too-precise' | 'too-large' | 'ambiguous';

export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

const symbolCache = new Map<string, string[]>();

/** How `currency` may be written around an amount: its code and its symbols, longest first. */
function currencyTokens(currency: string, language: string): string[] {
  const key = `${currency}|${language}`;
  let tokens = symbolCache.get(key);
  if (!tokens) {
    const found = new Set([currency.toUpperCase()]);
    for (const locale of [language, 'en']) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol', 'name'] as const) {
        try {
          const part = new Intl.NumberFormat(locale, {
            style: 'currency',
            currency,
            currencyDisplay,
          })
            .formatToParts(2)
            .find((candidate) => candidate.type === 'currency');
          if (part) found.add(normalize(part.value).toUpperCase());
        } catch {
          // A code Intl does not know: only the code itself is recognised.
        }
      }
    }
    tokens = [...found].filter(Boolean).sort((a, b) => b.length - a.length);
    symbolCache.set(key, tokens);
  }
  return tokens;
}

/**
 * Reads an amount typed in `language` for `currency` as exact integer minor units (612.40
 * EUR → 61240, 1.234 KWD → 1234, 5 JPY → 5), or says why it cannot: empty, not a number,
 * negative, more decimals than the currency has (zeros past them are fine: "120.000"),
 * larger than MAX_AMOUNT_MINOR, or ambiguous.
 */
export function parseAmount(text: string, currency: string, language: string): ParsedAmount {
  const exponent = currencyExponent(currency);
  const digits = readTypedDigits(text, language, {
    around: currencyTokens(currency, language),
    // "1.000" in German is a thousand, but could be one for a currency of three decimals.
    thousandsLike: exponent >= 3 ? 'ambiguous' : 'group',
  });
  if (!digits.ok) return digits;
  if (digits.negative) return { ok: false, problem: 'negative' };
  const minor = scaledDigits(digits, exponent);
  if (minor === 'too-precise') return { ok: false, problem: minor };
  if (minor > BigInt(MAX_AMOUNT_MINOR)) return { ok: false, problem: 'too-large' };
  return { ok: true, minor: Number(minor) };
}

/**
 * Minor units as an input field shows them in `language`: the decimal mark of the language,
 * every decimal of the currency, no thousands marks ("612,40" in German for 61240 EUR).
 */
export function formatAmountInput(minor: number, currency: string, language: string): string {
  const exponent = currencyExponent(currency);
  const digits = BigInt(minor)
    .toString()
    .padStart(exponent + 1, '0');
  if (exponent === 0) return digits;
  return `${digits.slice(0, -exponent)}${decimalMarkOf(language)}${digits.slice(-exponent)}`;
}

/** An amount to show as an example of the expected form: 612.40 in the currency's decimals. */
export function exampleAmount(currency: string, language: string): string {
  const exponent = currencyExponent(currency);
  const minor = 61240 * 10 ** exponent;
  return formatAmountInput(Math.floor(minor / 100), currency, language);
}
