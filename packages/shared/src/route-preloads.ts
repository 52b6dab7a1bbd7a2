import type { Language } from './languages';
import type { RouteId } from './route-table';

/**
 * What the first visit of each page fetches after the app's entry, listed by the web build
 * (dist/route-preloads.json): the server names these files in the page's head, so that the
 * browser fetches them together with the entry instead of one after the other as the app
 * discovers them (its layout, the page's code, then the page's messages).
 * Paths are the build's, without the leading slash.
 */
export interface RouteFiles {
  /** The page's module, its layout's, and the chunks they import. */
  scripts: string[];
  /** Their stylesheets. */
  styles: string[];
  /** The messages its code asks for, per language. */
  messages: Record<Language, string[]>;
}

export interface RoutePreload extends RouteFiles {
  /**
   * On a page open to everyone (the `visitor` layout), what a signed-in traveller's visit
   * fetches besides: that layout draws the traveller's own chrome for them (the logged
   * layout), with its code and messages. Only what the page's own list does not name.
   */
  signedIn?: RouteFiles;
  /**
   * The page's title (its h1) per language, when it is the same for everyone: the server
   * draws it in the app's frame where the page will (decision 027).
   */
  title?: Record<Language, string>;
  /**
   * The stylesheet of the font a language's script is drawn with, for the languages that
   * have one (CJK, Devanagari, Thai, Hebrew, Arabic): the app's frame links it, so that what
   * the server draws there is drawn as the app then draws it.
   */
  font?: Partial<Record<Language, string>>;
}

export type RoutePreloads = Partial<Record<RouteId, RoutePreload>>;

/** The file in the web build's output that lists them. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * The id of the `<script type="application/json">` in a page's head that holds the answer of
 * GET /api/session for the request that fetched the page, so the app knows who is here without
 * asking again before it loads the page's data.
 */
export const SESSION_ELEMENT_ID = 'jammy-session';

/**
 * The pages the web build renders to HTML per language for an anonymous visitor, each in its
 * folder of the build (`{folder}/{language}.html`): the landing page (decision 020) and the
 * sign-in page (decision 054). The server sends them instead of the app without a session.
 */
export const PRERENDERED_PAGES = { home: 'landing', login: 'sign-in' } as const satisfies Partial<
  Record<RouteId, string>
>;
export type PrerenderedRouteId = keyof typeof PRERENDERED_PAGES;
