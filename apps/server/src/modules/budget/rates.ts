import { MAX_AMOUNT_MINOR } from '@jammy/shared/fields';
import { convertMinor, isRate, RATE_DIGITS } from '@jammy/shared/money';
import { z } from 'zod';
import { invalidField } from '../../lib/errors';
import type { BudgetRateRow, ExpenseRow } from './budget.presenter';

/** The rates server gets this long to answer before the person is asked for the rate. */
export const RATES_TIMEOUT_MS = 3000;

const answerSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  rates: z.record(z.string(), z.union([z.number().positive(), z.string()])),
});

/** A rate as the rates server gave it, and the day it is of. */
export interface FetchedRate {
  rate: string;
  date: string;
}

/**
 * A JSON number as a plain decimal of at most RATE_DIGITS decimals: JSON numbers arrive as
 * doubles, so the shortest decimal that reads back as the same double is the rate meant
 * (0.0061 stays "0.0061"); more decimals than that are rounded off.
 */
export function decimalOf(value: number | string): string | null {
  const text =
    typeof value === 'string'
      ? value.trim()
      : Number.isFinite(value) && value > 0
        ? value >= 1e-6 && value < 1e12 && !String(value).includes('e')
          ? String(value)
          : value.toFixed(RATE_DIGITS)
        : '';
  const [whole = '', fraction = ''] = text.split('.');
  const trimmed =
    fraction.length > RATE_DIGITS ? `${whole}.${fraction.slice(0, RATE_DIGITS)}` : text;
  const clean = trimmed.includes('.') ? trimmed.replace(/\.?0+$/, '') : trimmed;
  return isRate(clean) ? clean : null;
}

/**
 * Asks the rates server (`RATES_URL?from=&to=&date=`) how many `to` one `from` was worth on
 * `date`; rejects when it fails, is slow, or answers something else.
 */
export async function fetchRate(
  ratesUrl: string,
  query: { from: string; to: string; date: string },
): Promise<FetchedRate> {
  const url = new URL(ratesUrl);
  url.searchParams.set('from', query.from);
  url.searchParams.set('to', query.to);
  url.searchParams.set('date', query.date);
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(RATES_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the rates server answered ${response.status}`);
  const answer = answerSchema.parse(await response.json());
  const value = answer.rates[query.to];
  const rate = value === undefined ? null : decimalOf(value);
  if (!rate) throw new Error(`the rates server has no usable ${query.to} rate`);
  return { rate, date: answer.date };
}

// --- which rate an expense, or a trip's rate for a currency, keeps ---

type RateFields = Pick<
  ExpenseRow,
  'rate' | 'rateDate' | 'rateSource' | 'rateCurrency' | 'convertedMinor'
>;

interface RateQuery {
  from: string;
  to: string;
  date: string;
}

/** A rate asked of RATES_URL before the write's transaction: the answer, or null if it failed. */
export interface PrefetchedRate {
  query: RateQuery;
  answer: FetchedRate | null;
}

interface ExpenseValues {
  amountMinor: number;
  currency: string;
  date: string;
}

/**
 * The rate that must be looked up for an expense, or null when none is needed: the same
 * currency as the trip's, a rate given, or one kept (same currency, same trip currency).
 */
function rateToFetch(
  tripCurrency: string,
  { currency, date }: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
): RateQuery | null {
  if (currency === tripCurrency || given) return null;
  if (given === undefined && kept?.rate && kept.rateCurrency === tripCurrency) return null;
  return { from: currency, to: tripCurrency, date };
}

/**
 * Asks RATES_URL, before the write's transaction opens (never under the itinerary's lock),
 * for the rate the write will need, if any. A failure is kept as such: the write then
 * answers 400 naming `rate`.
 */
export async function prefetchRate(
  ratesUrl: string | undefined,
  tripCurrency: string,
  values: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
): Promise<PrefetchedRate | undefined> {
  const query = rateToFetch(tripCurrency, values, given, kept);
  if (!query || !ratesUrl) return undefined;
  try {
    return { query, answer: await fetchRate(ratesUrl, query) };
  } catch {
    return { query, answer: null };
  }
}

/**
 * The rate of an expense to the trip's currency and the converted amount: 1 when the
 * currencies are the same; else the rate given, or the one kept (same currency, same trip
 * currency), or the one fetched from RATES_URL for the expense's day before the transaction;
 * else 400 naming `rate`. Runs in the transaction and asks no other server.
 */
export function rateFields(
  ratesUrl: string | undefined,
  tripCurrency: string,
  expenseValues: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
  prefetched: PrefetchedRate | undefined,
): RateFields {
  const { amountMinor, currency, date } = expenseValues;
  if (currency === tripCurrency) {
    return {
      rate: '1',
      rateDate: date,
      rateSource: 'same',
      rateCurrency: tripCurrency,
      convertedMinor: amountMinor,
    };
  }
  let rate: Pick<RateFields, 'rate' | 'rateDate' | 'rateSource'>;
  const query = rateToFetch(tripCurrency, expenseValues, given, kept);
  if (given) {
    rate = { rate: given, rateDate: date, rateSource: 'entered' };
  } else if (!query && kept) {
    rate = kept;
  } else if (ratesUrl) {
    // Fetched for this very question before the transaction (the trip's currency may have
    // been set or changed since: then the answer is for another one and is not used).
    const answer =
      query &&
      prefetched?.query.from === query.from &&
      prefetched.query.to === query.to &&
      prefetched.query.date === query.date
        ? prefetched.answer
        : null;
    if (!answer) {
      throw invalidField(
        'rate',
        `could not be fetched for ${currency} to ${tripCurrency}: enter it`,
      );
    }
    rate = { rate: answer.rate, rateDate: answer.date, rateSource: 'fetched' };
  } else {
    throw invalidField('rate', `is needed to convert ${currency} to the trip's ${tripCurrency}`);
  }
  const convertedMinor = convertMinor(amountMinor, currency, tripCurrency, rate.rate ?? '1');
  if (convertedMinor > MAX_AMOUNT_MINOR) {
    throw invalidField(
      'rate',
      `makes the amount larger than ${MAX_AMOUNT_MINOR} in ${tripCurrency}`,
    );
  }
  return { ...rate, rateCurrency: tripCurrency, convertedMinor };
}

/** Today in UTC, the day a rate given or fetched now is of. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The fields of a trip's rate for costs in `currency`: the rate given, or the one fetched
 * from RATES_URL before the transaction (today's), as for an expense; else 400 naming `rate`.
 */
export function tripRateFields(
  ratesUrl: string | undefined,
  tripCurrency: string,
  currency: string,
  given: string | undefined,
  prefetched: PrefetchedRate | undefined,
): Pick<BudgetRateRow, 'rate' | 'rateDate' | 'rateSource' | 'rateCurrency'> {
  if (currency === tripCurrency) {
    throw invalidField('currency', `is the trip's currency: its costs need no rate`);
  }
  if (given) {
    return { rate: given, rateDate: todayUtc(), rateSource: 'entered', rateCurrency: tripCurrency };
  }
  if (!ratesUrl) {
    throw invalidField('rate', `is needed to convert ${currency} to the trip's ${tripCurrency}`);
  }
  const answer =
    prefetched?.query.from === currency && prefetched.query.to === tripCurrency
      ? prefetched.answer
      : null;
  if (!answer) {
    throw invalidField('rate', `could not be fetched for ${currency} to ${tripCurrency}: enter it`);
  }
  return {
    rate: answer.rate,
    rateDate: answer.date,
    rateSource: 'fetched',
    rateCurrency: tripCurrency,
  };
}
