import { commaOf } from '@jammy/shared/languages';
import { displayNames } from '../../../lib/intl';
/** A country's name in `language` from its ISO 3166-1 code (the code itself if unknown). */
export function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return displayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Kyoto, Japan", or whichever part is known. */
export function destinationLabel(
  name: string | null,
  countryCode: string | null,
  language: string,
): string | null {
  const parts = [name, countryName(countryCode, language)].filter(Boolean);
  // Arabic and CJK scripts have their own comma.
  return parts.length > 0 ? parts.join(commaOf(language)) : null;
}
