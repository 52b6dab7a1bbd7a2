import { ENGLISH_NAMES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@jammy/shared/languages';

/** Lower case without accents: "francais" finds Français, "cestina" Čeština. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/**
 * The languages a search in the language menu finds, by their own name, their English name or
 * their code (each word of the search starts a word of one of them), the current one first.
 */
export function languagesMatching(search: string, current: Language): Language[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const ordered = [current, ...LANGUAGES.filter((code) => code !== current)];
  return ordered.filter((code) => {
    const names = folded(`${LANGUAGE_NAMES[code]} ${ENGLISH_NAMES[code]} ${code}`);
    return words.every((word) => names.includes(word));
  });
}
