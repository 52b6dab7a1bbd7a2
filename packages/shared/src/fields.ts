import { z } from 'zod';
import {
  MAX_AMOUNT_MINOR,
  WEB_URL_MAX_LENGTH,
  currencyExponent,
  fromMinorUnits,
} from './fields-plain';
import { textSchema } from './text';

export { MAX_AMOUNT_MINOR, WEB_URL_MAX_LENGTH, currencyExponent, fromMinorUnits };

/**
 * Field schemas every resource shares. Each accepts only values the database can hold, so
 * a value the schema lets through is always storable (issue 16: no 500 from a valid value).
 */

/** The largest PostgreSQL `integer`: versions and counters never go past it. */
export const MAX_INT4 = 2_147_483_647;

/** The version a write is based on (optimistic concurrency, DESIGN §2a). */
export const versionSchema = z
  .number('must be a number')
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_INT4, `must be at most ${MAX_INT4}`);

/**
 * A calendar date `YYYY-MM-DD` that exists, from year 1 to 9999 (PostgreSQL has no year 0,
 * and five-digit years are not dates people plan trips on).
 */
export const dateSchema = z
  .string('must be a date YYYY-MM-DD')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    if (value.startsWith('0000')) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a real date between the years 1 and 9999')
  .meta({ format: 'date' });

/**
 * A wall-clock date and time `YYYY-MM-DDTHH:MM`, without a zone: the time printed on a
 * ticket, read in the time zone stored next to it (a flight departs 08:30 in Europe/Rome).
 */
export const localDateTimeSchema = z
  .string('must be a local date and time YYYY-MM-DDTHH:MM')
  .regex(
    /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/,
    'must be a local date and time YYYY-MM-DDTHH:MM',
  )
  .refine(
    (value) => dateSchema.safeParse(value.slice(0, 10)).success,
    'is not a real date between the years 1 and 9999',
  );

/** An instant as the API writes it: ISO 8601 in UTC. */
export const instantSchema = z.iso.datetime({ offset: false });

/** A time of day `HH:MM`. */
export const timeOfDaySchema = z
  .string('must be a time HH:MM')
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

export const latitudeSchema = z
  .number('must be a number')
  .min(-90, 'must lie between -90 and 90')
  .max(90, 'must lie between -90 and 90');
export const longitudeSchema = z
  .number('must be a number')
  .min(-180, 'must lie between -180 and 180')
  .max(180, 'must lie between -180 and 180');

function supported(kind: 'currency' | 'timeZone'): ReadonlySet<string> {
  return new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf(kind) : []);
}
const ISO_CURRENCIES = supported('currency');
// The IANA zones the JavaScript engine knows (canonical names), plus UTC itself.
const TIME_ZONES = new Set([...supported('timeZone'), 'UTC']);

/** True when `zone` is an IANA time zone name such as `Europe/Rome`. */
export function isTimeZone(zone: string): boolean {
  return TIME_ZONES.has(zone);
}

/** An IANA time zone name, such as `Europe/Rome` (checked against the IANA list). */
export const timeZoneSchema = z
  .string('must be a time zone')
  .max(64, 'is not an IANA time zone such as Europe/Rome')
  .refine(isTimeZone, 'is not an IANA time zone such as Europe/Rome');

export const currencySchema = z
  .string('must be a currency code')
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
  .refine(
    (code) => ISO_CURRENCIES.size === 0 || ISO_CURRENCIES.has(code),
    'is not an ISO 4217 currency',
  );

/** Amounts are integers of the currency's minor unit (cents), never floats. */
export const amountMinorSchema = z
  .number('must be a number')
  .int('must be a whole number of the currency’s minor unit (cents)')
  .min(0, 'must not be negative')
  .max(MAX_AMOUNT_MINOR, `must be at most ${MAX_AMOUNT_MINOR}`);

/** An http(s) address of at most `LIMITS.url` characters. */
export const webUrlSchema = textSchema({ max: WEB_URL_MAX_LENGTH }).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http:// or https:// address');

/** A list page (DESIGN §2a): items and the cursor of the next page (null: the last). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
