import { isRate, RATE_DIGITS } from '@jammy/shared/money';
import { z } from 'zod';

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
