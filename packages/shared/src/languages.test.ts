import { describe, expect, it } from 'vitest';
import {
  ENGLISH_NAMES,
  LANGUAGE_NAMES,
  LANGUAGES,
  localizePath,
  parseAcceptLanguage,
  preferredLanguage,
  splitLanguagePrefix,
  textDirection,
} from './languages';

describe('language prefixes', () => {
  it('adds a prefix for every language but the default', () => {
    expect(localizePath('/itineraries', 'en')).toBe('/itineraries');
    expect(localizePath('/itineraries', 'it')).toBe('/it/itineraries');
    expect(localizePath('/', 'ar')).toBe('/ar');
  });

  it('splits the prefix off', () => {
    expect(splitLanguagePrefix('/fr/faq')).toEqual({ language: 'fr', path: '/faq' });
    expect(splitLanguagePrefix('/fr')).toEqual({ language: 'fr', path: '/' });
    expect(splitLanguagePrefix('/faq')).toEqual({ language: 'en', path: '/faq' });
    // The default language has no prefix, and unknown ones are not prefixes.
    expect(splitLanguagePrefix('/en/faq')).toEqual({ language: 'en', path: '/en/faq' });
    expect(splitLanguagePrefix('/xx/faq')).toEqual({ language: 'en', path: '/xx/faq' });
    expect(splitLanguagePrefix('/italy')).toEqual({ language: 'en', path: '/italy' });
  });

  it('writes a language with subtags in lower case, and reads it in any case', () => {
    expect(localizePath('/faq', 'pt-BR')).toBe('/pt-br/faq');
    expect(localizePath('/', 'zh-Hant')).toBe('/zh-hant');
    expect(splitLanguagePrefix('/pt-br/faq')).toEqual({ language: 'pt-BR', path: '/faq' });
    expect(splitLanguagePrefix('/zh-hans')).toEqual({ language: 'zh-Hans', path: '/' });
    // Only the primary subtag of a listed language is no prefix of its own.
    expect(splitLanguagePrefix('/pt/faq')).toEqual({ language: 'en', path: '/pt/faq' });
    expect(splitLanguagePrefix('/zh-hans-x/faq')).toEqual({
      language: 'en',
      path: '/zh-hans-x/faq',
    });
  });

  it('goes back and forth for every language', () => {
    for (const language of LANGUAGES) {
      expect(splitLanguagePrefix(localizePath('/itineraries', language))).toEqual({
        language,
        path: '/itineraries',
      });
    }
  });

  it('writes Arabic, Hebrew and Persian right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he')).toBe('rtl');
    expect(textDirection('fa')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
    expect(textDirection('ja')).toBe('ltr');
  });

  it('names every language in its own words and in English', () => {
    for (const language of LANGUAGES) {
      expect(LANGUAGE_NAMES[language], language).toMatch(/\S/);
      expect(ENGLISH_NAMES[language], language).toMatch(/^[A-Z][a-z]/);
    }
    expect(LANGUAGE_NAMES['zh-Hant']).toBe('繁體中文');
  });
});

describe('browser language', () => {
  it('orders Accept-Language by quality', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, es;q=0.9, *;q=0.1')).toEqual([
      'de-DE',
      'es',
      'fr',
    ]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('it;q=0')).toEqual([]);
  });

  it('uses the first language, and the default when it is not supported (no fallback)', () => {
    expect(preferredLanguage(['it-IT', 'en'])).toBe('it');
    expect(preferredLanguage(['AR'])).toBe('ar');
    expect(preferredLanguage(['ja-JP', 'fr'])).toBe('ja');
    expect(preferredLanguage(['gsw', 'fr'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });

  it('maps Portuguese, Chinese and Norwegian tags to the languages Jammy speaks', () => {
    expect(preferredLanguage(['pt'])).toBe('pt-BR');
    expect(preferredLanguage(['pt-BR'])).toBe('pt-BR');
    expect(preferredLanguage(['pt-AO'])).toBe('pt-BR');
    expect(preferredLanguage(['zh-CN'])).toBe('zh-Hans');
    expect(preferredLanguage(['zh-SG'])).toBe('zh-Hans');
    expect(preferredLanguage(['zh'])).toBe('zh-Hans');
    expect(preferredLanguage(['zh-Hans-CN'])).toBe('zh-Hans');
    expect(preferredLanguage(['zh-TW'])).toBe('zh-Hant');
    expect(preferredLanguage(['zh-HK'])).toBe('zh-Hant');
    expect(preferredLanguage(['zh-Hant-TW'])).toBe('zh-Hant');
    expect(preferredLanguage(['he-IL'])).toBe('he');
    expect(preferredLanguage(['pt-PT'])).toBe('pt-PT');
    expect(preferredLanguage(['no'])).toBe('nb');
    expect(preferredLanguage(['nn-NO'])).toBe('nb');
    expect(preferredLanguage(['nb-NO'])).toBe('nb');
  });
});
