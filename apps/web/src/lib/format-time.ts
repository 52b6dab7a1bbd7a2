import type { Language } from '@jammy/shared/languages';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl';

/** An instant as a date and time in the reader's language: "12 May 2025, 14:05". */
export function formatDateTime(value: string | Date, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago an instant was, in words of the reader's language: "3 minutes ago", "now". */
export function formatRelative(value: string | Date, language: Language, now = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  const format = relativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A wait in words: "45 seconds", "3 minutes" (plural rules of the language included). */
export function formatWait(seconds: number, language: Language): string {
  const minutes = Math.ceil(seconds / 60);
  const [value, unit] = seconds > 90 ? [minutes, 'minute'] : [Math.max(1, seconds), 'second'];
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
