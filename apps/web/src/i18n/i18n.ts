import { DEFAULT_LANGUAGE, type Language } from '@jammy/shared/languages';
import { BUNDLES, languages, NAMESPACES } from 'virtual:messages';
import { whenPageIdle } from '../lib/when-page-idle';
import { Translator, type Messages } from './translator';

// Every language's messages are one ICU MessageFormat file (packages/shared/locales/<language>.json)
// whose top-level keys are namespaces: the core ones ("translation"), one per feature, the form
// kit's ("form"). Every language, English too, loads on demand: a page fetches the core messages
// and those of the features it shows, in its language only (a component asking for a namespace
// not loaded yet suspends until it is). Namespaces the main pages show together come in one file
// per language (MESSAGE_BUNDLES, served by scripts/message-bundles.ts), the others one file each.
// Each language's first bundle (the core messages) holds the loaders of its other bundles.
const files: ReadonlyMap<string, () => Promise<Messages>> = new Map(
  Object.entries(languages).flatMap(([language, first]) =>
    NAMESPACES.map((namespace) => [
      `${language}/${namespace}`,
      async () => {
        const core = await first();
        const bundle = BUNDLES[namespace];
        const load = bundle === undefined ? undefined : core.bundles[bundle];
        const messages = load ? (await load()).default : core.default;
        const found = messages[namespace];
        if (!found) throw new Error(`No messages for ${language}/${namespace}`);
        return found;
      },
    ]),
  ),
);

export { NAMESPACES };

type Loader = () => Promise<Messages>;

/**
 * The messages of `namespace` in `language`. When they cannot be fetched (offline, in a
 * language this device has not used yet: only English is precached), the English ones stand
 * in, so the page reads in English rather than in message keys until it is opened online.
 */
export async function readMessages(
  language: string,
  namespace: string,
  loaders: ReadonlyMap<string, Loader> = files,
): Promise<Messages> {
  const load = loaders.get(`${language}/${namespace}`);
  if (!load) throw new Error(`No messages for ${language}/${namespace}`);
  try {
    return await load();
  } catch (error) {
    const english = loaders.get(`${DEFAULT_LANGUAGE}/${namespace}`);
    if (language === DEFAULT_LANGUAGE || !english) throw error;
    return english();
  }
}

// Every locale has every key (a test checks it): no other language is shown instead, unless a
// language's messages cannot be fetched at all (readMessages), or its file lags behind
// English's (a release's new keys read in English where English is loaded).
export const i18n = new Translator({
  language: DEFAULT_LANGUAGE,
  load: (language, namespace) => readMessages(language, namespace),
});

/**
 * Makes `language` the active language once its core messages (and those of every namespace
 * already in use) are loaded.
 */
export async function activateLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  await i18n.loadNamespaces('translation');
}

/**
 * Loads the other namespaces of the active language when the browser is idle after a page has
 * shown, so that pages opened later, and offline, find them.
 */
export function prefetchMessages(): () => void {
  return whenPageIdle(() => void i18n.loadNamespaces(NAMESPACES));
}
