import { LANGUAGE_COOKIE, type Language } from '@jammy/shared/languages';

/** Remembers the visitor's language choice (spec §9: 365 days, path /, SameSite=Lax, not Secure). */
export function rememberLanguage(language: Language): void {
  document.cookie = [
    `${LANGUAGE_COOKIE.name}=${language}`,
    `Max-Age=${LANGUAGE_COOKIE.maxAgeSeconds}`,
    `Path=${LANGUAGE_COOKIE.path}`,
    `SameSite=${LANGUAGE_COOKIE.sameSite}`,
  ].join('; ');
}
