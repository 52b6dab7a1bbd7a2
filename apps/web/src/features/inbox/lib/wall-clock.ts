import { dateTimeFormat } from '../../../lib/intl';

/**
 * A wall-clock time as the ticket prints it ("Sat, 3 Apr 2027, 13:05"), in the reader's
 * language: formatted as written, never moved to the reader's own zone (the zone is shown
 * beside it).
 */
export function formatWallClock(local: string, language: string): string {
  return dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${local}:00Z`));
}

/** A day as written ("3 Apr 2027"). */
export function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * Text from elsewhere (an address, a title) set apart inside a sentence of another direction
 * (U+2068…U+2069), so an English address keeps its order in an Arabic sentence.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
