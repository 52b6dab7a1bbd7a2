import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  isLanguage,
  localizePath,
  parseAcceptLanguage,
  preferredLanguage,
  splitLanguagePrefix,
  textDirection,
  type Language,
} from '@jammy/shared/languages';
import {
  PRERENDERED_PAGES,
  ROUTE_PRELOADS_FILE,
  SESSION_ELEMENT_ID,
  type RouteFiles,
  type RoutePreloads,
} from '@jammy/shared/route-preloads';
import { PRESET_PAGE_MAX } from '@jammy/shared/presets-plain';
import { SHARE_QUERY_PARAM } from '@jammy/shared/sharing-params';
import type { Session } from '@jammy/shared/session';
import { matchRoute, type RouteId } from '@jammy/shared/route-table';
import { BASE_MANIFEST_PATH, manifestPath } from '@jammy/shared/web-manifest';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasSessionCookie } from '../auth/session-cookie';
import { AppError } from '../lib/errors';
import { escapeHtml } from '../lib/html';
import { shareTargetRoutes } from './share-target.routes';
import { localizedManifest } from './web-manifest';

/**
 * Serves the built web app: its files as they are, and index.html for every page path —
 * with 200 when the route table knows the path, 404 when it does not (the SPA then shows
 * its 404 page). Unknown /api paths get the JSON 404.
 */
export async function spaRoutes(
  app: FastifyInstance,
  options: {
    webDistDir: string;
    /** Who is signed in, as GET /api/session answers: written into each page's head. */
    session: (request: FastifyRequest) => Promise<Session>;
    /**
     * The title of itinerary `itineraryId` (or of its stage `stageId`) for a traveller who may
     * read it, else null: drawn in the app's frame of the trip's page and of a stage's page
     * (decision 027).
     */
    tripTitle?: (userId: string, itineraryId: string, stageId?: string) => Promise<string | null>;
  },
) {
  const indexFile = path.join(options.webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(
      { webDistDir: options.webDistDir },
      'the web app is not built (npm run build): only the API is served',
    );
    app.setNotFoundHandler((request, reply) => notFound(request, reply, null));
    return;
  }
  const indexHtml = await readFile(indexFile, 'utf8');
  const prerendered = await readPrerendered(options.webDistDir);
  const preloads = await readPreloads(options.webDistDir);

  await app.register(fastifyStatic, {
    root: options.webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (response, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  await manifestRoutes(app, options.webDistDir);
  await shareTargetRoutes(app);
  app.setNotFoundHandler((request, reply) =>
    notFound(request, reply, indexHtml, {
      prerendered,
      preloads,
      session: options.session,
      tripTitle: options.tripTitle,
    }),
  );
}

/**
 * The pages rendered to HTML at build time for an anonymous visitor (the landing page, decision
 * 020; the sign-in page, decision 054), by `{routeId}/{language}`. A build without them serves
 * the app on those pages as on every other one.
 */
async function readPrerendered(webDistDir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const [routeId, folder] of Object.entries(PRERENDERED_PAGES)) {
    for (const language of LANGUAGES) {
      const file = path.join(webDistDir, folder, `${language}.html`);
      if (existsSync(file)) pages.set(`${routeId}/${language}`, await readFile(file, 'utf8'));
    }
  }
  return pages;
}

/** A page's links to the files its first visit fetches after the entry. */
interface PreloadTags {
  /** Preloads of its stylesheets: named before the entry's script, after index.html's own. */
  styles: string;
  /** Module preloads of its scripts and messages: at the end of the head. */
  scripts: string;
}

/**
 * The head's links to the files each page's first visit fetches after the entry
 * (dist/route-preloads.json), per page and language; none without the file.
 */
async function readPreloads(webDistDir: string): Promise<{
  tags: (routeId: RouteId, language: Language, signedIn: boolean) => PreloadTags;
  title: (routeId: RouteId, language: Language) => string | undefined;
}> {
  const file = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  const listed: RoutePreloads = existsSync(file)
    ? (JSON.parse(await readFile(file, 'utf8')) as RoutePreloads)
    : {};
  const tags = new Map<string, PreloadTags>();
  const title = (routeId: RouteId, language: Language) => listed[routeId]?.title?.[language];
  const tagsOf = (routeId: RouteId, language: Language, signedIn: boolean) => {
    const key = `${routeId}/${language}/${signedIn ? 'in' : 'out'}`;
    let found = tags.get(key);
    if (found === undefined) {
      const preload = listed[routeId];
      // A page open to everyone draws a signed-in traveller's own chrome: its files too.
      const lists = signedIn ? [preload, preload?.signedIn] : [preload];
      const font = preload?.font?.[language];
      found = {
        // The script's font, a stylesheet (not a preload): the frame is drawn with it.
        styles:
          (font ? `<link rel="stylesheet" href="${href(font)}">` : '') +
          lists.map((files) => styleLinks(files)).join(''),
        scripts: lists.map((files) => moduleLinks(files, language)).join(''),
      };
      tags.set(key, found);
    }
    return found;
  };
  return { tags: tagsOf, title };
}

const href = (file: string) => `/${file.replace(/[^\w./-]/g, '')}`;

/**
 * Preloads of the page's stylesheets, not the stylesheets themselves: the app's frame (and
 * the title the server draws in it) needs index.html's own only, and would otherwise wait for
 * every one of them before its first paint. The app's loader adds each as a stylesheet when it
 * imports the page's code (from the browser's cache by then) and draws the page once they
 * have loaded (decision 027).
 */
function styleLinks(files: RouteFiles | undefined): string {
  return (files?.styles ?? [])
    .map((file) => `<link rel="preload" as="style" crossorigin href="${href(file)}">`)
    .join('');
}

/** Module preloads for the scripts and messages (crossorigin, as the app's own imports fetch them). */
function moduleLinks(files: RouteFiles | undefined, language: Language): string {
  if (!files) return '';
  return [...files.scripts, ...(files.messages[language] ?? [])]
    .map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`)
    .join('');
}

/** `/manifest/{language}.webmanifest`: the build's manifest in the page's language. */
async function manifestRoutes(app: FastifyInstance, webDistDir: string) {
  const baseFile = path.join(webDistDir, BASE_MANIFEST_PATH);
  if (!existsSync(baseFile)) return;
  const base = JSON.parse(await readFile(baseFile, 'utf8')) as Record<string, unknown>;
  // A file of the web app, not an operation of the API: not in the OpenAPI document.
  app.get('/manifest/:file', { schema: { hide: true } }, (request, reply) => {
    const { file } = request.params as { file: string };
    const language = /^([A-Za-z0-9-]+)\.webmanifest$/.exec(file)?.[1];
    if (!isLanguage(language)) return notFound(request, reply, null);
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(localizedManifest(base, language));
  });
}

interface PageFiles {
  /** The prerendered pages, by `{routeId}/{language}`. */
  prerendered: ReadonlyMap<string, string>;
  preloads: Awaited<ReturnType<typeof readPreloads>>;
  session: (request: FastifyRequest) => Promise<Session>;
  tripTitle?: (userId: string, itineraryId: string, stageId?: string) => Promise<string | null>;
}

/** Where index.html's frame (`.boot-shell`) holds what the server draws of the page. */
const BOOT_PAGE = '<div class="boot-page"></div>';

/**
 * A page's title, in the app's frame where the page will draw it (a trip's page: `trip`, the
 * list of trips: `list`): the page's largest text is on screen before the app's code has
 * arrived. The same markup as `BootTitle` in layouts/boot-shell.tsx, styled by global.css.
 */
function bootTitle(title: string, page: 'trip' | 'list'): string {
  return (
    `<div class="boot-${page}"><div class="boot-container">` +
    (page === 'trip' ? '<div class="boot-back"></div>' : '') +
    `<h1 class="boot-title"><bdi>${escapeHtml(title)}</bdi></h1></div></div>`
  );
}

/**
 * The first request of a page's data, where its address does not depend on who asks: the
 * browser starts it with the app's code instead of once the code has run (the catalogue's
 * list, unfiltered, as `presetsQuery` asks for it: same address, same credentials, so the
 * app's fetch takes the preloaded answer). Its covers are the page's largest paint.
 */
function dataPreload(routeId: RouteId, language: Language, query: string): string {
  if (routeId !== 'presets' || query !== '') return '';
  return fetchPreload(`/api/presets?lang=${language}&amp;limit=${PRESET_PAGE_MAX}`);
}

/** A preload of an API answer the app's own fetch will ask for (same address and credentials). */
const fetchPreload = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

/**
 * The trip's tree (GET /api/itineraries/{id}, as `itineraryTreeQuery` asks for it), named in the
 * head of its overview and of its stages' pages for a traveller who may read it: the app's
 * loader asks for it only once the app's code has run (over HTTP/1.1 after some twenty files; a
 * trip of 1,000 places took its server 100–200 ms), and the page waits for it. A link holder's
 * view (`?share=`) reads another address.
 */
function treePreload(tripId: string, query: string): string {
  if (new URLSearchParams(query).has(SHARE_QUERY_PARAM)) return '';
  return fetchPreload(`/api/itineraries/${encodeURIComponent(tripId)}`);
}

/**
 * The answer of GET /api/session as a data block of the page's head. Every `<` is escaped, so
 * nothing a traveller typed in their name can end the element.
 */
function sessionElement(session: Session): string {
  const json = JSON.stringify(session).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_ELEMENT_ID}">${json}</script>`;
}

async function notFound(
  request: FastifyRequest,
  reply: FastifyReply,
  indexHtml: string | null,
  pages?: PageFiles,
) {
  // Prefixing keeps a path such as //host/x a path, never an authority.
  const pathname = new URL(`http://localhost${request.url}`).pathname;
  const isPage = request.method === 'GET' || request.method === 'HEAD';
  // The API and the storage API answer JSON, even for an address no route understands.
  const api = /^\/(api|v0)(\/|$)/.test(pathname);
  if (api || !isPage || indexHtml === null) {
    const error = new AppError('route/not-found', `No route ${request.method} ${pathname}`);
    return reply.status(404).send(error.toBody());
  }

  if (pathname === '/') {
    const language = rootLanguage(request, reply);
    if (language !== DEFAULT_LANGUAGE) {
      const query = request.url.slice(pathname.length);
      return reply
        .header('vary', 'Accept-Language, Cookie')
        .header('cache-control', 'no-cache')
        .redirect(`${localizePath('/', language)}${query}`, 302);
    }
  }

  const match = matchRoute(pathname);
  const { language } = splitLanguagePrefix(pathname);
  // An anonymous visitor of the landing or sign-in page gets it as HTML without the app's code;
  // with a session cookie, the app (a signed-in traveller sees their own header on the landing
  // page, and is taken from the sign-in page to their trips).
  const signedIn = hasSessionCookie(request.cookies);
  const prerendered = match ? pages?.prerendered.get(`${match.route.id}/${language}`) : undefined;
  const servesPrerendered = prerendered !== undefined && !signedIn;
  let html: string;
  if (servesPrerendered) {
    html = prerendered;
  } else {
    let head: PreloadTags = { styles: '', scripts: '' };
    let frame = '';
    if (match && pages) {
      // Without a session cookie nobody is signed in: no need to look. When looking fails (the
      // database is away), the page goes without, and the app asks GET /api/session itself.
      const session = signedIn
        ? await pages.session(request).catch((error: unknown) => {
            request.log.warn({ err: error }, 'the page is sent without its session');
            return null;
          })
        : { user: null };
      const preloads = pages.preloads.tags(match.route.id, language, Boolean(session?.user));
      head = {
        styles: preloads.styles,
        scripts:
          (session ? sessionElement(session) : '') +
          dataPreload(match.route.id, language, request.url.slice(pathname.length)) +
          preloads.scripts,
      };
      const titled = match.route.id === 'itinerary' || match.route.id === 'stage';
      const tripId = titled ? match.params.id : undefined;
      // A stage's page draws the stage's title where the trip's page draws the trip's.
      const stageId = match.route.id === 'stage' ? match.params.stageId : undefined;
      const listTitle = pages.preloads.title(match.route.id, language);
      if (session?.user && listTitle) frame = bootTitle(listTitle, 'list');
      if (session?.user && tripId && pages.tripTitle) {
        // Only for someone who may read the trip; without it (or failing), the frame as is.
        const title = await pages
          .tripTitle(session.user.id, tripId, stageId)
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'the page is sent without its title');
            return null;
          });
        if (title !== null) {
          frame = bootTitle(title, 'trip');
          // Its data too, once known to be readable (a stranger's would only answer 404), named
          // with the stylesheets, before the scripts: over HTTP/1.1 the browser asks in the
          // order it reads, six at a time, and the data would otherwise wait behind the code.
          head.styles += treePreload(tripId, request.url.slice(pathname.length));
        }
      }
    }
    html = withLanguage(indexHtml, language, head);
    if (frame) html = html.replace(BOOT_PAGE, () => `<div class="boot-page">${frame}</div>`);
  }
  return (
    reply
      .status(match ? 200 : 404)
      .type('text/html; charset=utf-8')
      // The app's page may name who is signed in: no shared cache keeps it. A prerendered page
      // is the same for every visitor.
      .header('cache-control', servesPrerendered ? 'no-cache' : 'private, no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .send(html)
  );
}

/**
 * The language of a visit to `/` (spec §9): the remembered choice, else the browser's
 * first language (remembered from now on). Other paths never redirect.
 */
function rootLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const remembered = request.cookies[LANGUAGE_COOKIE.name];
  if (isLanguage(remembered)) return remembered;
  const detected = preferredLanguage(parseAcceptLanguage(request.headers['accept-language']));
  reply.setCookie(LANGUAGE_COOKIE.name, detected, {
    path: LANGUAGE_COOKIE.path,
    maxAge: LANGUAGE_COOKIE.maxAgeSeconds,
    sameSite: 'lax',
    secure: LANGUAGE_COOKIE.secure,
    httpOnly: false,
  });
  return detected;
}

function withLanguage(html: string, language: Language, head: PreloadTags): string {
  const page = html
    .replace(/<html[^>]*>/, `<html lang="${language}" dir="${textDirection(language)}">`)
    .replace(`href="${BASE_MANIFEST_PATH}"`, `href="${manifestPath(language)}"`)
    .replace('</head>', () => `${head.scripts}</head>`);
  // The page's stylesheets go with index.html's, before the scripts: the first paint waits
  // for them, not for the scripts (the build puts index.html's own first).
  const firstScript = page.search(/<script type="module"/);
  if (!head.styles || firstScript < 0 || firstScript > page.indexOf('</head>')) {
    return page.replace('</head>', () => `${head.styles}</head>`);
  }
  return page.slice(0, firstScript) + head.styles + page.slice(firstScript);
}
