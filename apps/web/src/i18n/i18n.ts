import { DEFAULT_LANGUAGE, type Language } from '@jammy/shared/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/** The shape every locale file has: the English one, which is the reference. */
export type Messages = typeof en;

// English ships in the main bundle (it is the default); other languages load on demand.
const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  it: () => import('./locales/it.json'),
  fr: () => import('./locales/fr.json'),
  es: () => import('./locales/es.json'),
  de: () => import('./locales/de.json'),
  ar: () => import('./locales/ar.json'),
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  // Every locale has every key (a test checks it): no other language is shown instead.
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads `language`'s messages if needed and makes it the active language. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const messages = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', messages.default);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
