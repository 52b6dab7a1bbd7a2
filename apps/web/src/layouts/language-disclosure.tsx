import {
  LANGUAGES,
  LANGUAGE_NAMES,
  localizePath,
  splitLanguagePrefix,
} from '@jammy/shared/languages';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/use-language';
import { LanguageButton } from './language-button';
import classes from './site-chrome.module.css';

/** The id of the prerendered language list (landing/enhance.ts opens it). */
export const LANGUAGE_LIST_ID = 'site-languages';

/**
 * The language menu of a page rendered to HTML at build time: the same button, opening a list
 * of links to this page in each language (a disclosure, opened by landing/enhance.ts), so that
 * choosing a language needs neither React nor Mantine's menu.
 */
export function LanguageDisclosure() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { path } = splitLanguagePrefix(useLocation().pathname);
  return (
    <div className={classes.disclosure}>
      <LanguageButton
        aria-haspopup={undefined}
        aria-expanded={false}
        aria-controls={LANGUAGE_LIST_ID}
        data-disclosure=""
      />
      <div id={LANGUAGE_LIST_ID} className={classes.languageList} hidden>
        <p className={classes.languageListLabel}>{t('nav.language')}</p>
        <ul>
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a
                href={localizePath(path, code)}
                lang={code}
                hrefLang={code}
                data-language={code}
                aria-current={code === language ? 'true' : undefined}
              >
                <span>{LANGUAGE_NAMES[code]}</span>
                {code === language ? <IconCheck size={16} aria-hidden /> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
