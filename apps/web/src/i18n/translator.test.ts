import { describe, expect, it } from 'vitest';
import { Translator, type NamespaceLoader } from './translator';

type Messages = Record<string, unknown>;

const MESSAGES: Record<string, Record<string, Messages>> = {
  en: {
    translation: {
      app: { title: 'Jammy' },
      trips: '{count, plural, one {# trip} other {# trips}}',
      hello: 'Hello {name}',
      onlyEnglish: 'Only in English',
    },
    stages: { title: 'Stages', count: '{count, plural, =0 {No stages} other {# stages}}' },
  },
  fr: {
    translation: {
      app: { title: 'Jammy' },
      trips: '{count, plural, one {# voyage} other {# voyages}}',
      hello: 'Bonjour {name}',
    },
    stages: { title: 'Étapes', count: '{count, plural, =0 {Aucune étape} other {# étapes}}' },
  },
};

/** A loader over MESSAGES that records what it was asked for. */
function recordingLoader(): { load: NamespaceLoader; asked: string[] } {
  const asked: string[] = [];
  const load: NamespaceLoader = (language, namespace) => {
    asked.push(`${language}/${namespace}`);
    const found = MESSAGES[language]?.[namespace];
    return found ? Promise.resolve(found) : Promise.reject(new Error(`No ${namespace}`));
  };
  return { load, asked };
}

describe('the translator', () => {
  it('formats a loaded message: nested keys, plurals by the language, arguments', async () => {
    const { load } = recordingLoader();
    const i18n = new Translator({ language: 'en', load });
    await i18n.loadNamespaces('translation');
    const t = i18n.getFixedT('translation');
    expect(t('app.title')).toBe('Jammy');
    expect(t('trips', { count: 1 })).toBe('1 trip');
    expect(t('trips', { count: 1234 })).toBe('1,234 trips');
    expect(t('hello', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('leaves the values as they are: React escapes them where they are shown', async () => {
    const i18n = new Translator({ language: 'en', load: recordingLoader().load });
    await i18n.loadNamespaces('translation');
    expect(i18n.getFixedT('translation')('hello', { name: '<b>&amp;' })).toBe('Hello <b>&amp;');
  });

  it('reads another namespace by prefix or option', async () => {
    const i18n = new Translator({ language: 'fr', load: recordingLoader().load });
    await i18n.loadNamespaces(['translation', 'stages']);
    const t = i18n.getFixedT('translation');
    expect(t('stages:title')).toBe('Étapes');
    expect(t('count', { ns: 'stages', count: 0 })).toBe('Aucune étape');
    expect(t('count', { ns: 'stages', count: 2 })).toBe('2 étapes');
  });

  it('shows the key (or the default value) for a message it does not have', async () => {
    const i18n = new Translator({ language: 'fr', load: recordingLoader().load });
    await i18n.loadNamespaces('translation');
    const t = i18n.getFixedT('translation');
    expect(t('nowhere.at.all')).toBe('nowhere.at.all');
    expect(t('stages:title')).toBe('title');
    expect(t('field.city', { defaultValue: 'city' })).toBe('city');
  });

  it('stands in the English message for a key its language lacks, when English is loaded', async () => {
    const i18n = new Translator({ language: 'en', load: recordingLoader().load });
    await i18n.loadNamespaces('translation');
    await i18n.changeLanguage('fr');
    expect(i18n.getFixedT('translation')('onlyEnglish')).toBe('Only in English');
  });

  it('loads each namespace once, however many ask at the same time', async () => {
    const { load, asked } = recordingLoader();
    const i18n = new Translator({ language: 'en', load });
    expect(i18n.hasLoadedNamespace('stages')).toBe(false);
    await Promise.all([i18n.loadNamespaces('stages'), i18n.loadNamespaces(['stages'])]);
    await i18n.loadNamespaces('stages');
    expect(asked).toEqual(['en/stages']);
    expect(i18n.hasLoadedNamespace('stages')).toBe(true);
  });

  it('switches language once the namespaces in use are loaded in it, then tells its listeners', async () => {
    const { load, asked } = recordingLoader();
    const i18n = new Translator({ language: 'en', load });
    await i18n.loadNamespaces(['translation', 'stages']);
    const heard: string[] = [];
    const stop = i18n.on('languageChanged', (language) => {
      heard.push(language);
      // Every namespace in use is there when the listeners hear of it.
      expect(i18n.hasLoadedNamespace('stages')).toBe(true);
    });
    const switching = i18n.changeLanguage('fr');
    expect(i18n.language).toBe('en');
    await switching;
    expect(i18n.language).toBe('fr');
    expect(heard).toEqual(['fr']);
    expect(asked).toEqual(['en/translation', 'en/stages', 'fr/translation', 'fr/stages']);
    expect(i18n.getFixedT('stages')('title')).toBe('Étapes');
    await i18n.changeLanguage('fr');
    expect(heard).toEqual(['fr']);
    stop();
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['fr']);
  });

  it('tells its listeners when a namespace has arrived', async () => {
    const i18n = new Translator({ language: 'en', load: recordingLoader().load });
    let changes = 0;
    i18n.subscribe(() => (changes += 1));
    await i18n.loadNamespaces('stages');
    expect(changes).toBe(1);
  });

  it('shows the keys of messages it cannot read, and reads them on a later load', async () => {
    let fail = true;
    const i18n = new Translator({
      language: 'en',
      load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ a: 'A' })),
    });
    await i18n.loadNamespaces('x');
    expect(i18n.hasLoadedNamespace('x')).toBe(false);
    expect(i18n.hasSettled('x')).toBe(true);
    expect(i18n.getFixedT('x')('a')).toBe('a');
    fail = false;
    await i18n.loadNamespaces('x');
    expect(i18n.getFixedT('x')('a')).toBe('A');
  });

  it('starts from messages given to it, without loading, and names the writing direction', () => {
    const i18n = new Translator({ language: 'ar', resources: { ar: { translation: { a: 'أ' } } } });
    expect(i18n.hasLoadedNamespace('translation')).toBe(true);
    expect(i18n.t('a')).toBe('أ');
    expect(i18n.dir()).toBe('rtl');
    expect(i18n.dir('de')).toBe('ltr');
  });
});
