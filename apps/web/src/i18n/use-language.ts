import {
  isLanguage,
  localizePath,
  splitLanguagePrefix,
  DEFAULT_LANGUAGE,
  type Language,
} from '@jammy/shared/languages';
import { useCallback } from 'react';
import { useTranslation } from './react';
import { useLocation, useNavigate } from 'react-router';
import { rememberLanguage } from './language-cookie';

/** The active language, a path builder for it, and a way to switch language on the current page. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const to = useCallback((path: string) => localizePath(path, language), [language]);

  const switchTo = useCallback(
    (next: Language) => {
      rememberLanguage(next);
      const { path } = splitLanguagePrefix(location.pathname);
      void navigate(`${localizePath(path, next)}${location.search}${location.hash}`);
    },
    [location, navigate],
  );

  return { language, to, switchTo };
}
