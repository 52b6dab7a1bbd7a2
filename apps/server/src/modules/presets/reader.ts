import {
  LANGUAGE_COOKIE,
  isLanguage,
  parseAcceptLanguage,
  preferredLanguage,
  type Language,
} from '@jammy/shared/languages';
import type { FastifyRequest } from 'fastify';
import type { CurrentSession } from '../../auth/session';

/** Who asks: a signed-in traveller (an admin may see everything), or nobody. */
export interface Viewer {
  userId: string;
  admin: boolean;
}

export function viewerOf(current: CurrentSession): Viewer {
  return { userId: current.user.id, admin: current.user.role === 'admin' };
}

/** What a request says of the language its reader wants, before their profile is read. */
export interface LanguageHints {
  /** The page's own (`?lang=`): it wins over everything. */
  page: Language | undefined;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

export function languageHints(request: FastifyRequest, page?: Language): LanguageHints {
  return {
    page,
    cookie: request.cookies[LANGUAGE_COOKIE.name],
    acceptLanguage: request.headers['accept-language'],
  };
}

/**
 * The reader's language: the page's (`?lang=`), else the signed-in traveller's own, else the
 * language cookie, else the browser's Accept-Language, else the default.
 */
export function readerLanguage(hints: LanguageHints, profileLanguage: string | null): Language {
  if (hints.page) return hints.page;
  if (isLanguage(profileLanguage)) return profileLanguage;
  if (isLanguage(hints.cookie)) return hints.cookie;
  return preferredLanguage(parseAcceptLanguage(hints.acceptLanguage));
}

/** Who reads a preset: their language, interests and whether they may see everything. */
export interface Reader {
  language: Language;
  /** Empty for an anonymous reader. */
  interests: readonly string[];
  signedIn: boolean;
  admin: boolean;
  /** Premium presets the reader bought (a paid, unrefunded order). */
  unlocked?: ReadonlySet<string>;
}
