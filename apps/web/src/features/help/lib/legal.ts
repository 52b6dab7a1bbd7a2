import { dateTimeFormat } from '../../../lib/intl';
/** The day the privacy policy and the terms last changed (shown on both pages). */
export const LEGAL_TEXTS_CHANGED = '2026-11-26';

/** "26 November 2026" in the reader's language. */
export function formatLegalDate(date: string, language: string): string {
  return dateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
