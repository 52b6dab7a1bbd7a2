import { fromMinorUnits } from '@jammy/shared/fields-plain';
import { dateTimeFormat, numberFormat } from './intl';
/** Dates, numbers and money in the active language, with Intl (DESIGN §4). */

function utcDate(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "3 – 9 April 2027", "28 March – 2 April 2027", or one date alone. */
export function formatDateRange(
  start: string | null,
  end: string | null,
  language: string,
): string | null {
  if (!start && !end) return null;
  const format = dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (start && end) return format.formatRange(utcDate(start), utcDate(end));
  return format.format(utcDate((start ?? end) as string));
}

/** Days from start to end, both counted (a trip from the 3rd to the 9th lasts 7 days). */
export function tripDays(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  return Math.round((utcDate(end).getTime() - utcDate(start).getTime()) / 86_400_000) + 1;
}

export function formatMoney(amount: number, currency: string, language: string): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

/** An amount in the currency's minor unit (1250 cents) as "€12.50" in the language. */
export function formatMinorUnits(minor: number, currency: string, language: string): string {
  return formatMoney(fromMinorUnits(minor, currency), currency, language);
}

/** "1 h 30 min" in the language's own units. */
export function formatDuration(minutes: number, language: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) {
    parts.push(
      numberFormat(language, { style: 'unit', unit: 'hour', unitDisplay: 'short' }).format(hours),
    );
  }
  if (rest > 0 || hours === 0) {
    parts.push(
      numberFormat(language, {
        style: 'unit',
        unit: 'minute',
        unitDisplay: 'short',
      }).format(rest),
    );
  }
  return parts.join(' ');
}

/**
 * A size in bytes as people read it ("820 kB", "4.2 MB", "5 GB"), in the active language. Steps
 * of 1024, as the server counts its limits (STORAGE_IMAGE_MAX_MB=15 is 15 × 1024 × 1024 bytes).
 */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}
