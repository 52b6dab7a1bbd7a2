import type { Language } from '@jammy/shared/languages';

/**
 * Fonts of the scripts a device may have no font for (CJK, Devanagari, Thai, Hebrew, Arabic),
 * shipped with the app (Noto, split by unicode-range so that a page fetches only the parts its
 * text uses) and loaded with their language only: no other language's page fetches them. Each
 * stylesheet also sets the language's line breaking (Chinese, Japanese, Thai break without
 * spaces).
 */
const FONT_OF: Partial<Record<Language, string>> = {
  ja: 'ja',
  'zh-Hans': 'zh-hans',
  'zh-Hant': 'zh-hant',
  ko: 'ko',
  hi: 'hi',
  th: 'th',
  he: 'he',
  ar: 'arabic',
  fa: 'arabic',
};

const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  ja: () => import('./fonts/font-ja.css'),
  'zh-hans': () => import('./fonts/font-zh-hans.css'),
  'zh-hant': () => import('./fonts/font-zh-hant.css'),
  ko: () => import('./fonts/font-ko.css'),
  hi: () => import('./fonts/font-hi.css'),
  th: () => import('./fonts/font-th.css'),
  he: () => import('./fonts/font-he.css'),
  arabic: () => import('./fonts/font-arabic.css'),
};

/** The module of `language`'s font stylesheet (the build manifest's key), or null. */
export function scriptFontModule(language: Language): string | null {
  const font = FONT_OF[language];
  return font ? `src/i18n/fonts/font-${font}.css` : null;
}

/** The font family a language's text is drawn with when it has one of its own (the e2e checks). */
export const SCRIPT_FONT_FAMILIES: Partial<Record<Language, string>> = {
  ja: 'Noto Sans JP',
  'zh-Hans': 'Noto Sans SC',
  'zh-Hant': 'Noto Sans TC',
  ko: 'Noto Sans KR',
  hi: 'Noto Sans Devanagari',
  th: 'Noto Sans Thai',
  he: 'Noto Sans Hebrew',
  ar: 'Noto Sans Arabic',
  fa: 'Noto Sans Arabic',
};

/** Loads `language`'s font, if it has one; a failure (offline) leaves the system's fonts. */
export function loadScriptFont(language: Language): void {
  const font = FONT_OF[language];
  if (font) LOADERS[font]?.().catch(() => undefined);
}
