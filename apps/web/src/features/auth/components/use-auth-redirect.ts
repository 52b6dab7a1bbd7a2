import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { authPath, redirectTarget } from '../lib/auth-redirect';

/**
 * The `?redirect=` a sign-in page was opened with: `link` builds the other sign-in pages'
 * addresses keeping it, `target` is where to go once signed in (never another site).
 */
export function useAuthRedirect() {
  const [params] = useSearchParams();
  const { language } = useLanguage();
  const redirect = params.get('redirect');
  const link = useCallback(
    (path: string, query?: Record<string, string>) => authPath(path, language, redirect, query),
    [language, redirect],
  );
  const target = useCallback(
    (fallback?: string) => redirectTarget(redirect, language, fallback),
    [language, redirect],
  );
  return { redirect, language, link, target };
}
