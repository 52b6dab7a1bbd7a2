/**
 * Numbers as people type them, in the UI language (docs/decisions/031-typed-amounts.md and
 * 039-typed-numbers.md): the reading that amounts (amount.ts) and plain numbers (a pin's
 * latitude, a duration in minutes, shares of an expense) have in common, and plain numbers
 * themselves. Plain TypeScript without zod, so every field can use it cheaply. The digits
 * typed are the digits kept: they are joined as a string and never summed as floats.
 *
 * What is read, in the UI language's conventions (learned from Intl) and the common
 * alternatives: "612.40", "612,40", "1,234.50", "1.234,50", "1 234,50" (any space, also the
 * no-break and narrow no-break space French uses), "1'234.50", Arabic-Indic and full-width
 * digits with the Arabic decimal and group marks, minus signs of every kind, and spaces around.
 */

/** A language's decimal and group marks. */
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

/** The decimal mark an input shows in `language` ("," in German, "." in English and Arabic). */
export function decimalMarkOf(language: string): string {
  return marksOf(language).decimal;
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
export function normalize(text: string): string {
  return normalizeChars(text).replace(/ +/g, ' ').trim();
}

/**
 * `text` without a sign and without any of `around` (upper case) written before or after it;
 * the sign seen.
 */
function unwrap(text: string, around: readonly string[]): { number: string; negative: boolean } {
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
    const before = around.find((token) => upper.startsWith(token));
    if (before) rest = rest.slice(before.length).trim();
    const after = around.find((token) => rest.toUpperCase().endsWith(token));
    if (after) rest = rest.slice(0, rest.length - after.length).trim();
  }
  return { number: rest, negative };
}

/**
 * What one "." or "," means when it is not the language's decimal mark and reads as a
 * thousands mark (1–3 digits, not starting with 0, then exactly three: "1,234" in English,
 * "1.000" in German): a thousands mark, a decimal mark, or either (refused as ambiguous).
 */
export type ThousandsLike = 'group' | 'decimal' | 'ambiguous';

const DECIMAL_CAPABLE = new Set(['.', ',', ARABIC_DECIMAL]);

/**
 * Which separator of `seps` is the decimal mark (its index), null when there is none, or
 * a problem. `runs` are the digit runs between them (`runs.length === seps.length + 1`).
 */
function decimalIndex(
  seps: string[],
  runs: string[],
  marks: Marks,
  thousandsLike: ThousandsLike,
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
  // One mark that is not this language's decimal mark: what the caller says when it reads as
  // thousands ("1,234" in English, "1.000" in German), a decimal mark otherwise ("45,90").
  const integer = runs[0] ?? '';
  const fraction = runs[1] ?? '';
  const groupsThousands = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer);
  if (!groupsThousands || thousandsLike === 'decimal') return last;
  return thousandsLike === 'ambiguous' ? 'ambiguous' : null;
}

/** Whether `language` groups digits as India does (a thousand, then lakhs and crores by two). */
function groupsLikeIndia(language: string): boolean {
  let parts: Intl.NumberFormatPart[];
  try {
    parts = new Intl.NumberFormat(`${language}-u-nu-latn`).formatToParts(1234567);
  } catch {
    return false;
  }
  return (
    parts
      .filter((part) => part.type === 'integer')
      .map((part) => part.value)
      .join(' ') === '12 34 567'
  );
}

/**
 * True when the integer digits, split at the group marks, are grouped by thousands, or, in a
 * language that writes them so, as India groups them ("12,34,567").
 */
function groupedByThousands(runs: string[], language: string): boolean {
  const last = runs.length - 1;
  const thousands = runs.every((run, index) =>
    index === 0 ? /^\d{1,3}$/.test(run) : /^\d{3}$/.test(run),
  );
  const indian =
    runs.length > 2 &&
    runs.every((run, index) =>
      index === 0 ? /^\d{1,2}$/.test(run) : /^\d{3}$/.test(run) === (index === last),
    ) &&
    runs.slice(1, last).every((run) => /^\d{2}$/.test(run));
  return thousands || (indian && groupsLikeIndia(language));
}

/** The digits of a typed number, either side of its decimal mark, and its sign. */
export interface TypedDigits {
  /** A minus sign before a number other than zero. */
  negative: boolean;
  /** Digits only; '' for ",5". */
  integer: string;
  /** Digits only; '' when there is no decimal mark or nothing after it ("12."). */
  fraction: string;
}

/**
 * Reads the digits of a number typed in `language`, with any of `around` (upper case: a
 * currency's code and symbols) before or after it, or says why it cannot: empty, not a
 * number, or ambiguous. `thousandsLike`: what a lone mark that reads as thousands means.
 */
export function readTypedDigits(
  text: string,
  language: string,
  options: { around?: readonly string[]; thousandsLike: ThousandsLike },
): ({ ok: true } & TypedDigits) | { ok: false; problem: 'empty' | 'not-a-number' | 'ambiguous' } {
  const normalized = normalize(text);
  if (normalized === '') return { ok: false, problem: 'empty' };
  const { number, negative } = unwrap(normalized, options.around ?? []);
  if (!/^[\d., 'DG]+$/.test(number) || !/\d/.test(number)) {
    return { ok: false, problem: 'not-a-number' };
  }
  const pieces = number.split(/([., 'DG])/);
  const runs = pieces.filter((_, index) => index % 2 === 0);
  const seps = pieces.filter((_, index) => index % 2 === 1);
  if (runs.slice(1, -1).some((run) => run === '')) return { ok: false, problem: 'not-a-number' };
  const decimal = decimalIndex(seps, runs, marksOf(language), options.thousandsLike);
  if (decimal === 'not-a-number' || decimal === 'ambiguous') return { ok: false, problem: decimal };
  const integerRuns = decimal === null ? runs : runs.slice(0, decimal + 1);
  const groups = decimal === null ? seps : seps.slice(0, decimal);
  if (groups.length > 0) {
    if (new Set(groups).size > 1 || groups.includes(ARABIC_DECIMAL)) {
      return { ok: false, problem: 'not-a-number' };
    }
    if (!groupedByThousands(integerRuns, language)) return { ok: false, problem: 'not-a-number' };
  }
  const integer = integerRuns.join('');
  const fraction = decimal === null ? '' : (runs[decimal + 1] ?? '');
  // "-0" is zero, not a negative number.
  return { ok: true, negative: negative && /[1-9]/.test(integer + fraction), integer, fraction };
}

/**
 * The digits as an integer count of 10^-`decimals` (12.5 with 2 decimals → 1250n), or
 * 'too-precise' when a digit other than 0 comes past them (zeros are fine: "120.000").
 */
export function scaledDigits(digits: TypedDigits, decimals: number): bigint | 'too-precise' {
  let fraction = digits.fraction;
  if (fraction.length > decimals) {
    if (/[1-9]/.test(fraction.slice(decimals))) return 'too-precise';
    fraction = fraction.slice(0, decimals);
  }
  return BigInt((digits.integer || '0') + fraction.padEnd(decimals, '0'));
}

/** Why a typed number was refused. */
export type NumberProblem = 'empty' | 'not-a-number' | 'negative' | 'too-precise' | 'out-of-range';

export type ParsedNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem };

/**
 * What a number field takes: at most `decimals` decimals (0 for a whole number), from `min`
 * to `max`. Below zero only when `min` is.
 */
export interface NumberFormat {
  decimals: number;
  min: number;
  max: number;
}

/**
 * The most a number may count in units of its last decimal (15 digits): every double this
 * large or smaller keeps the decimal digits it was read from.
 */
const MAX_SCALED = 10n ** 15n - 1n;

/**
 * Reads a plain number typed in `language` (a latitude, minutes, shares), or says why it
 * cannot: empty, not a number, negative where `min` is not, more decimals than `decimals`
 * (zeros past them are fine), or outside [`min`, `max`].
 *
 * With decimals, a lone "." or "," is always the decimal mark: nobody groups thousands in a
 * latitude, and "41,900" is 41.9. A whole number takes thousands marks as the language
 * writes them ("1.440" minutes in German, "1,440" in English).
 */
export function parseNumber(text: string, language: string, format: NumberFormat): ParsedNumber {
  const digits = readTypedDigits(text, language, {
    thousandsLike: format.decimals > 0 ? 'decimal' : 'group',
  });
  // With a lone mark that reads as thousands never ambiguous here, only two problems remain.
  if (!digits.ok)
    return { ok: false, problem: digits.problem === 'empty' ? 'empty' : 'not-a-number' };
  if (digits.negative && format.min >= 0) return { ok: false, problem: 'negative' };
  const scaled = scaledDigits(digits, format.decimals);
  if (scaled === 'too-precise') return { ok: false, problem: 'too-precise' };
  if (scaled > MAX_SCALED) return { ok: false, problem: 'out-of-range' };
  const magnitude = Number(`${digits.integer || '0'}.${digits.fraction || '0'}`);
  const value = digits.negative ? -magnitude : magnitude;
  if (value < format.min || value > format.max) return { ok: false, problem: 'out-of-range' };
  return { ok: true, value };
}

/**
 * A number as a field shows it in `language`: the language's decimal mark, at most
 * `decimals` decimals and no trailing zeros, no thousands marks ("41,9" in German).
 */
export function formatNumberField(value: number, language: string, decimals: number): string {
  const fixed = Math.abs(value).toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  const sign = value < 0 && /[1-9]/.test(trimmed) ? '-' : '';
  return sign + trimmed.replace('.', decimalMarkOf(language));
}
