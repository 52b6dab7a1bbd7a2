import { describe, expect, it } from 'vitest';
import {
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

  it('writes Arabic right to left', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('de')).toBe('ltr');
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
    expect(preferredLanguage(['ja', 'fr'])).toBe('en');
    expect(preferredLanguage([])).toBe('en');
  });
});
