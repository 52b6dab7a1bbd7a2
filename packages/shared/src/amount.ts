import { MAX_AMOUNT_MINOR, currencyExponent } from './fields-plain';

/**
 * Amounts as people type them, to exact minor units and back (docs/decisions/031-typed-amounts.md).
 * Plain TypeScript without zod, so every amount field of the web app and the server can use
 * it cheaply. Numbers never go through floating point: the digits typed are the digits kept.
 *
 * What is read, in the UI language's conventions (learned from Intl) and the common
 * alternatives: "612.40", "612,40", "1,234.50", "1.234,50", "1 234,50" (any space, also the
 * no-break and narrow no-break space French uses), "1'234.50", Arabic-Indic digits with the
 * Arabic decimal and group marks, the field's currency code or symbol before or after, and
 * spaces around. When one mark could be a decimal or a thousands separator ("1.000" for a
 * currency of three decimals in German) the input is refused as ambiguous, never guessed.
 */

/** Why a typed amount was refused. */
export type AmountProblem =
  'empty' | 'not-a-number' | 'negative' | 'too-precise' | 'too-large' | 'ambiguous';

export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

interface Marks {
  decimal: string;
  group: string;
}

// The Arabic decimal (U+066B) and thousands (U+066C) marks stand for nothing else: they are
// read as these two placeholders, which no other character becomes.
const ARABIC_DECIMAL = 'D';
const ARABIC_GROUP = 'G';

const marksCache = new Map<string, Marks>();

/**
 * The decimal and group marks of `language` written with Latin digits ("ar" reads "1,234.5"
 * this way too): the form an input shows and the first reading of a typed mark.
 */
function marksOf(language: string): Marks {
  let marks = marksCache.get(language);
  if (!marks) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(`${language}-u-nu-latn`).formatToParts(1234567.5);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
    }
    const mark = (type: string, fallback: string) =>
      normalizeChars(parts.find((part) => part.type === type)?.value ?? fallback);
    marks = { decimal: mark('decimal', '.'), group: mark('group', ',') };
    marksCache.set(language, marks);
  }
  return marks;
}

const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10]; // Arabic-Indic, Eastern Arabic-Indic, full-width

/**
 * One spelling per character: other digits to 0–9, every space to " ", minus signs to "-",
 * apostrophes to "'", full-width marks to ASCII; direction marks (which Arabic text carries
 * around numbers) go.
 */
function normalizeChars(text: string): string {
  let out = '';
  for (const char of text.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '')) {
    const code = char.codePointAt(0) ?? 0;
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9);
    if (zero !== undefined) out += String(code - zero);
    else if (char === '\u066b') out += ARABIC_DECIMAL;
    else if (char === '\u066c') out += ARABIC_GROUP;
    else if (/\s/.test(char)) out += ' ';
    else if (/[\u2212\u2012\u2013\u2014\ufe63\uff0d]/.test(char)) out += '-';
    else if (/[\u2019\u02bc]/.test(char)) out += "'";
    else if (char === '\uff0e') out += '.';
    else if (char === '\uff0c') out += ',';
    else out += char;
  }
  return out;
}

/** `normalizeChars`, with runs of spaces made one and none around. */
function normalize(text: string): string {
  return normalizeChars(text).replace(/ +/g, ' ').trim();
}

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

/** `text` without the currency written before or after it, and without a sign; the sign seen. */
function unwrap(
  text: string,
  currency: string,
  language: string,
): { number: string; negative: boolean } {
  const tokens = currencyTokens(currency, language);
  let rest = text;
  let negative = false;
  // A sign and a currency may come in either order on either side: "-€5", "€-5", "5 € -".
  for (let pass = 0; pass < 2; pass += 1) {
    if (rest.startsWith('-')) {
      negative = true;
      rest = rest.slice(1).trim();
    }
    if (rest.endsWith('-')) {
      negative = true;
      rest = rest.slice(0, -1).trim();
    }
    const upper = rest.toUpperCase();
    const before = tokens.find((token) => upper.startsWith(token));
    if (before) rest = rest.slice(before.length).trim();
    const after = tokens.find((token) => rest.toUpperCase().endsWith(token));
    if (after) rest = rest.slice(0, rest.length - after.length).trim();
  }
  return { number: rest, negative };
}

const DECIMAL_CAPABLE = new Set(['.', ',', ARABIC_DECIMAL]);

/**
 * Which separator of `seps` is the decimal mark (its index), null when there is none, or
 * a problem. `runs` are the digit runs between them (`runs.length === seps.length + 1`).
 */
function decimalIndex(
  seps: string[],
  runs: string[],
  marks: Marks,
  exponent: number,
): number | null | 'not-a-number' | 'ambiguous' {
  const last = seps.length - 1;
  const lastSep = seps[last];
  if (lastSep === undefined) return null;
  // "12." or ",5": a decimal mark with nothing on one side, alone or after groups.
  if (runs[0] === '') return seps.length === 1 && DECIMAL_CAPABLE.has(lastSep) ? 0 : 'not-a-number';
  if (runs[last + 1] === '') {
    if (!DECIMAL_CAPABLE.has(lastSep) || seps.slice(0, last).includes(lastSep)) {
      return 'not-a-number';
    }
    return last;
  }
  if (seps.includes(ARABIC_DECIMAL)) {
    return seps.indexOf(ARABIC_DECIMAL) === last &&
      seps.filter((s) => s === ARABIC_DECIMAL).length === 1
      ? last
      : 'not-a-number';
  }
  const dotsAndCommas = seps.flatMap((sep, index) => (sep === '.' || sep === ',' ? [index] : []));
  const lastMarkIndex = dotsAndCommas.at(-1);
  if (lastMarkIndex === undefined) return null;
  const lastMark = seps[lastMarkIndex] as string;
  const sameKind = dotsAndCommas.filter((index) => seps[index] === lastMark).length;
  // Both "." and ",": the one written last is the decimal mark ("1,234.50", "1.234,50").
  if (dotsAndCommas.some((index) => seps[index] !== lastMark)) {
    return sameKind === 1 && lastMarkIndex === last ? last : 'not-a-number';
  }
  // The same mark again and again groups thousands ("1.234.567").
  if (sameKind > 1) return null;
  // One mark, with thousands grouped by spaces or apostrophes before it ("1 234.50").
  if (lastMarkIndex !== last) return 'not-a-number';
  if (seps.length > 1) return last;
  if (lastMark === marks.decimal) return last;
  // One mark that is not this language's decimal mark: thousands when it reads as thousands
  // ("1,234" in English, "1.000" in German), a decimal mark otherwise ("45,90" in English).
  const integer = runs[0] ?? '';
  const fraction = runs[1] ?? '';
  const groupsThousands = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer);
  if (!groupsThousands) return last;
  return exponent >= 3 ? 'ambiguous' : null;
}

/** True when the integer digits, split at the group marks, are grouped by thousands. */
function groupedByThousands(runs: string[]): boolean {
  return runs.every((run, index) => (index === 0 ? /^\d{1,3}$/.test(run) : /^\d{3}$/.test(run)));
}

/**
 * Reads an amount typed in `language` for `currency` as exact integer minor units (612.40
 * EUR → 61240, 1.234 KWD → 1234, 5 JPY → 5), or says why it cannot: empty, not a number,
 * negative, more decimals than the currency has (zeros past them are fine: "120.000"),
 * larger than MAX_AMOUNT_MINOR, or ambiguous.
 */
export function parseAmount(text: string, currency: string, language: string): ParsedAmount {
  const normalized = normalize(text);
  if (normalized === '') return { ok: false, problem: 'empty' };
  const { number, negative } = unwrap(normalized, currency, language);
  if (!/^[\d., 'DG]+$/.test(number) || !/\d/.test(number)) {
    return { ok: false, problem: 'not-a-number' };
  }
  const pieces = number.split(/([., 'DG])/);
  const runs = pieces.filter((_, index) => index % 2 === 0);
  const seps = pieces.filter((_, index) => index % 2 === 1);
  if (runs.slice(1, -1).some((run) => run === '')) return { ok: false, problem: 'not-a-number' };
  const exponent = currencyExponent(currency);
  const decimal = decimalIndex(seps, runs, marksOf(language), exponent);
  if (decimal === 'not-a-number' || decimal === 'ambiguous') return { ok: false, problem: decimal };
  const integerRuns = decimal === null ? runs : runs.slice(0, decimal + 1);
  const groups = decimal === null ? seps : seps.slice(0, decimal);
  if (groups.length > 0) {
    if (new Set(groups).size > 1 || groups.includes(ARABIC_DECIMAL)) {
      return { ok: false, problem: 'not-a-number' };
    }
    if (!groupedByThousands(integerRuns)) return { ok: false, problem: 'not-a-number' };
  }
  const integer = integerRuns.join('');
  let fraction = decimal === null ? '' : (runs[decimal + 1] ?? '');
  if (negative && /[1-9]/.test(integer + fraction)) return { ok: false, problem: 'negative' };
  if (fraction.length > exponent) {
    if (/[1-9]/.test(fraction.slice(exponent))) return { ok: false, problem: 'too-precise' };
    fraction = fraction.slice(0, exponent);
  }
  const minor = BigInt((integer || '0') + fraction.padEnd(exponent, '0'));
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
  return `${digits.slice(0, -exponent)}${marksOf(language).decimal}${digits.slice(-exponent)}`;
}

/** An amount to show as an example of the expected form: 612.40 in the currency's decimals. */
export function exampleAmount(currency: string, language: string): string {
  const exponent = currencyExponent(currency);
  const minor = 61240 * 10 ** exponent;
  return formatAmountInput(Math.floor(minor / 100), currency, language);
}
