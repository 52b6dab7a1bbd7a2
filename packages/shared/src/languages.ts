/**
 * Languages Jammy speaks, as BCP 47 codes, each with its own name (shown in the language menu),
 * its English name (the menu's search finds both) and its direction. The first is the default
 * and gets no path prefix. Adding a language is its entry here, its messages file
 * (packages/shared/locales/<code>.json) and its glossary (locales/glossary/<code>.json).
 */
interface LanguageEntry {
  name: string;
  english: string;
  rtl?: true;
}

const LANGUAGE_TABLE = {
  en: { name: 'English', english: 'English' },
  it: { name: 'Italiano', english: 'Italian' },
  fr: { name: 'Français', english: 'French' },
  es: { name: 'Español', english: 'Spanish' },
  de: { name: 'Deutsch', english: 'German' },
  ar: { name: 'العربية', english: 'Arabic', rtl: true },
  'pt-BR': { name: 'Português (Brasil)', english: 'Portuguese (Brazil)' },
  'pt-PT': { name: 'Português (Portugal)', english: 'Portuguese (Portugal)' },
  nl: { name: 'Nederlands', english: 'Dutch' },
  pl: { name: 'Polski', english: 'Polish' },
  cs: { name: 'Čeština', english: 'Czech' },
  sv: { name: 'Svenska', english: 'Swedish' },
  da: { name: 'Dansk', english: 'Danish' },
  nb: { name: 'Norsk bokmål', english: 'Norwegian Bokmål' },
  fi: { name: 'Suomi', english: 'Finnish' },
  el: { name: 'Ελληνικά', english: 'Greek' },
  tr: { name: 'Türkçe', english: 'Turkish' },
  ru: { name: 'Русский', english: 'Russian' },
  uk: { name: 'Українська', english: 'Ukrainian' },
  he: { name: 'עברית', english: 'Hebrew', rtl: true },
  fa: { name: 'فارسی', english: 'Persian', rtl: true },
  hi: { name: 'हिन्दी', english: 'Hindi' },
  ja: { name: '日本語', english: 'Japanese' },
  'zh-Hans': { name: '简体中文', english: 'Chinese (Simplified)' },
  'zh-Hant': { name: '繁體中文', english: 'Chinese (Traditional)' },
  ko: { name: '한국어', english: 'Korean' },
  id: { name: 'Bahasa Indonesia', english: 'Indonesian' },
  vi: { name: 'Tiếng Việt', english: 'Vietnamese' },
  th: { name: 'ไทย', english: 'Thai' },
} as const satisfies Record<string, LanguageEntry>;

export type Language = keyof typeof LANGUAGE_TABLE;
export const LANGUAGES = Object.keys(LANGUAGE_TABLE) as [Language, ...Language[]];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name for itself, shown in the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = Object.fromEntries(
  LANGUAGES.map((code) => [code, LANGUAGE_TABLE[code].name]),
) as Record<Language, string>;

/** Each language's name in English, which the language menu's search also reads. */
export const ENGLISH_NAMES: Record<Language, string> = Object.fromEntries(
  LANGUAGES.map((code) => [code, LANGUAGE_TABLE[code].english]),
) as Record<Language, string>;

/** The cookie that remembers the chosen language (spec §9). */
export const LANGUAGE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: '/',
  sameSite: 'Lax',
  secure: false,
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGE_TABLE, value);
}

export function textDirection(language: Language): 'ltr' | 'rtl' {
  const entries: Readonly<Record<Language, LanguageEntry>> = LANGUAGE_TABLE;
  return entries[language].rtl ? 'rtl' : 'ltr';
}

/**
 * The comma that joins two names in `language` ("Kyoto, Japan"): Arabic script has its own,
 * Chinese and Japanese their enumeration comma.
 */
export function commaOf(language: string): string {
  if (/^(ar|fa)\b/.test(language)) return '، ';
  if (/^(ja|zh)\b/.test(language)) return '、';
  return ', ';
}

/** A language's path prefix: its code in lower case (`/pt-br/…`, `/zh-hant/…`). */
function prefixOf(language: Language): string {
  return language.toLowerCase();
}

const BY_PREFIX: ReadonlyMap<string, Language> = new Map(
  LANGUAGES.map((code) => [prefixOf(code), code]),
);

/**
 * Splits a path into its language and the path without the prefix:
 * `/it/itineraries` → `{ language: 'it', path: '/itineraries' }`; `/pt-br/faq` → pt-BR;
 * `/itineraries` → default language. Prefixes are lower case, as links write them.
 */
export function splitLanguagePrefix(pathname: string): { language: Language; path: string } {
  const match = /^\/([a-z]{2,3}(?:-[a-z0-9]+)*)(?=\/|$)(.*)$/.exec(pathname);
  const language = match ? BY_PREFIX.get(match[1] ?? '') : undefined;
  if (match && language && language !== DEFAULT_LANGUAGE) {
    return { language, path: match[2] || '/' };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** The path of `path` (given without prefix) in `language`: `/itineraries` in it → `/it/itineraries`. */
export function localizePath(path: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${prefixOf(language)}` : `/${prefixOf(language)}${path}`;
}

/**
 * Tags whose language Jammy speaks under another code: Portuguese is Brazil's unless Portugal's
 * is asked for (and listed: an exact tag wins), Chinese by its script (or the region that writes
 * it), Norwegian is Bokmål.
 */
const ALIASES: readonly [RegExp, string][] = [
  [/^pt(-.*)?$/, 'pt-BR'],
  [/^zh-(hant|tw|hk|mo)\b/, 'zh-Hant'],
  [/^zh(-.*)?$/, 'zh-Hans'],
  [/^(nb|no|nn)(-.*)?$/, 'nb'],
];

/**
 * The language a browser asks for, from `Accept-Language` or `navigator.languages`: the tag
 * itself when Jammy speaks it (`pt-PT`, `zh-Hant`), else its alias (`pt` → pt-BR, `zh-CN` →
 * zh-Hans, `zh-TW` → zh-Hant, `no` → nb), else its primary subtag (`fr-CA` → fr). An unsupported
 * language gives the default: there is no fallback to another supported language further down
 * the list.
 */
export function preferredLanguage(requested: readonly string[]): Language {
  const tag = requested[0]?.trim().toLowerCase() ?? '';
  const exact = BY_PREFIX.get(tag);
  if (exact) return exact;
  const alias = ALIASES.find(([pattern]) => pattern.test(tag))?.[1];
  if (isLanguage(alias)) return alias;
  const primary = BY_PREFIX.get(tag.split('-')[0] ?? '');
  return primary ?? DEFAULT_LANGUAGE;
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
