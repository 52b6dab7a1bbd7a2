import { LANGUAGES } from '@jammy/shared/languages';
import { describe, expect, it } from 'vitest';
import { languagesMatching } from './languages-matching';

describe('the language menu’s search', () => {
  it('lists every language, the current one first', () => {
    const all = languagesMatching('', 'ja');
    expect(all[0]).toBe('ja');
    expect([...all].sort()).toEqual([...LANGUAGES].sort());
  });

  it('finds a language by its own name, its English name or its code, without accents', () => {
    expect(languagesMatching('deutsch', 'en')).toEqual(['de']);
    expect(languagesMatching('German', 'en')).toEqual(['de']);
    expect(languagesMatching('francais', 'en')).toEqual(['fr']);
    expect(languagesMatching('日本', 'en')).toEqual(['ja']);
    expect(languagesMatching('chinese trad', 'en')).toEqual(['zh-Hant']);
    expect(languagesMatching('pt-br', 'en')).toEqual(['pt-BR']);
    expect(languagesMatching('klingon', 'en')).toEqual([]);
  });
});
