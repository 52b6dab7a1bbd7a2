import { localizePath, splitLanguagePrefix, type Language } from '@jammy/shared/languages';
import { safeRedirect } from '@jammy/shared/redirect';

/** Where a signed-in traveller goes when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = '/itineraries';
/** Where a new traveller goes once their profile is complete. */
export const DEFAULT_AFTER_SIGN_UP = '/on-boarding';

/**
 * `path` (without language prefix) in `language`, keeping the `redirect` the visitor came
 * with, plus any other query parameters: `/login` + `/itineraries` → `/login?redirect=…`.
 */
export function authPath(
  path: string,
  language: Language,
  redirect: string | null,
  query: Record<string, string> = {},
): string {
  const params = new URLSearchParams(query);
  if (redirect) params.set('redirect', redirect);
  const search = params.toString();
  return `${localizePath(path, language)}${search ? `?${search}` : ''}`;
}

/** The page to open after signing in: the `redirect` if it is ours, else `fallback` localized. */
export function redirectTarget(
  redirect: string | null,
  language: Language,
  fallback: string = DEFAULT_AFTER_SIGN_IN,
): string {
  return safeRedirect(redirect, localizePath(fallback, language));
}

/**
 * The same page in another language: `/it/itineraries?x=1` in fr → `/fr/itineraries?x=1`.
 * `target` must already be a safe, same-site path.
 */
export function inLanguage(target: string, language: Language): string {
  const url = new URL(target, 'http://jammy.invalid');
  const { path } = splitLanguagePrefix(url.pathname);
  return `${localizePath(path, language)}${url.search}${url.hash}`;
}

/** Whether the page a visitor was on its way to carries `?error=` (a link that failed). */
export function redirectHasError(redirect: string | null): boolean {
  if (!redirect) return false;
  try {
    return new URL(redirect, 'http://jammy.invalid').searchParams.has('error');
  } catch {
    return false;
  }
}
