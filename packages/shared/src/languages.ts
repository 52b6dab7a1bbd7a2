/** Languages Jammy speaks; the first is the default and gets no path prefix. */
export const LANGUAGES = ['en', 'it', 'fr', 'es', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name for itself, shown in the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  it: 'Italiano',
  fr: 'Français',
  es: 'Español',
  de: 'Deutsch',
  ar: 'العربية',
};

const RTL_LANGUAGES: ReadonlySet<Language> = new Set(['ar']);

/** The cookie that remembers the chosen language (spec §9). */
export const LANGUAGE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: '/',
  sameSite: 'Lax',
  secure: false,
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

/**
 * Splits a path into its language and the path without the prefix:
 * `/it/itineraries` → `{ language: 'it', path: '/itineraries' }`; `/itineraries` → default language.
 */
export function splitLanguagePrefix(pathname: string): { language: Language; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLanguage(match[1]) && match[1] !== DEFAULT_LANGUAGE) {
    return { language: match[1], path: match[2] || '/' };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** The path of `path` (given without prefix) in `language`: `/itineraries` in it → `/it/itineraries`. */
export function localizePath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/**
 * The language a browser asks for, from `Accept-Language` or `navigator.languages`.
 * Only the primary subtag counts (`fr-CA` → fr). An unsupported language gives
 * the default: there is no fallback to another supported language further down the list.
 */
export function preferredLanguage(requested: readonly string[]): Language {
  const first = requested[0]?.trim().toLowerCase().split('-')[0];
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** Parses an `Accept-Language` header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
