import type english from '../locales/en.json';
import { LANGUAGES, type Language } from './languages';

/**
 * Every language's messages (packages/shared/locales/<language>.json, ICU MessageFormat), read
 * once, for the server: its mails and SMS (`mail`), the installed app's manifest (`manifest`),
 * the preset catalogue's descriptions (`catalogue`). The web app fetches only its own
 * namespaces, per page (apps/web/scripts/message-bundles.ts): it must not import this module.
 */
export type LocaleMessages = typeof english;

export const LOCALE_MESSAGES: Readonly<Record<Language, LocaleMessages>> = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(
      async (language) =>
        [
          language,
          (
            (await import(`../locales/${language}.json`, { with: { type: 'json' } })) as {
              default: LocaleMessages;
            }
          ).default,
        ] as const,
    ),
  ),
) as Record<Language, LocaleMessages>;
