import { DEFAULT_LANGUAGE, type Language } from '@jammy/shared/languages';
import i18next, { type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, unknown>;

// Core messages live in ./locales (namespace "translation"); each feature keeps its own in
// features/<name>/locales (namespace "<name>"). English ships in the main bundle; other
// languages load on demand.
const englishCore = import.meta.glob<Messages>('./locales/en.json', {
  eager: true,
  import: 'default',
});
const englishFeatures = import.meta.glob<Messages>('../features/*/locales/en.json', {
  eager: true,
  import: 'default',
});
const lazyCore = import.meta.glob<Messages>('./locales/*.json', { import: 'default' });
const lazyFeatures = import.meta.glob<Messages>('../features/*/locales/*.json', {
  import: 'default',
});

function namespaceOf(file: string): string {
  const feature = /features\/([^/]+)\/locales\//.exec(file);
  return feature?.[1] ?? 'translation';
}

function languageOf(file: string): string {
  return /([a-z]{2})\.json$/.exec(file)?.[1] ?? '';
}

function englishResources(): ResourceLanguage {
  const resources: ResourceLanguage = {};
  for (const [file, messages] of Object.entries({ ...englishCore, ...englishFeatures })) {
    resources[namespaceOf(file)] = messages;
  }
  return resources;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  // Every locale has every key (a test checks it): no other language is shown instead.
  fallbackLng: false,
  resources: { en: englishResources() },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Loads `language`'s messages (every namespace) if needed and makes it the active language. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language !== DEFAULT_LANGUAGE && !i18n.hasResourceBundle(language, 'translation')) {
    const loaders = Object.entries({ ...lazyCore, ...lazyFeatures }).filter(
      ([file]) => languageOf(file) === language,
    );
    const bundles = await Promise.all(
      loaders.map(async ([file, load]) => [namespaceOf(file), await load()] as const),
    );
    for (const [namespace, messages] of bundles) {
      i18n.addResourceBundle(language, namespace, messages);
    }
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
