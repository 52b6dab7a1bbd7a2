import { localizePath, splitLanguagePrefix, type Language } from '@jammy/shared/languages';
import {
  ROUTES,
  isValidParam,
  type LayoutName,
  type Route,
  type RouteId,
} from '@jammy/shared/route-table';
import type { Me } from '@jammy/shared/account';
import { SHARE_QUERY_PARAM } from '@jammy/shared/sharing-params';
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  data,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { meQuery } from './lib/session';
import { activateLanguage } from './i18n/i18n';
import { nextTask } from './lib/next-task';
import { restoreOfflineCache } from './lib/offline-cache';
import { BootShell } from './layouts/boot-shell';
import { EmptyLayout } from './layouts/empty-layout';
import { LanguageRoot } from './layouts/language-root';
import { loadLoggedLayout } from './layouts/lazy-logged-layout';
import { NotLoggedLayout } from './layouts/not-logged-layout';
import { RouteError } from './layouts/route-error';
import type { RouteHandle } from './layouts/route-handle';
import { VisitorLayout } from './layouts/visitor-layout';
import { preparePage } from './route-data';
import { routeModules } from './route-modules';

// The signed-in layout is a chunk of its own: a visitor's first page does not load it.
const LAYOUTS: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  visitor: { Component: VisitorLayout },
  'not-logged': { Component: NotLoggedLayout },
  logged: { lazy: async () => ({ Component: (await loadLoggedLayout()).LoggedLayout }) },
  empty: { Component: EmptyLayout },
};

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** Rejects a path whose parameters are not ids with the 404 page (spec §5). */
function validateParams({ params }: LoaderFunctionArgs) {
  for (const value of Object.values(params)) {
    if (value !== undefined && !isValidParam(value)) notFound();
  }
}

// Pages a signed-in traveller may open before completing their profile.
const BEFORE_PROFILE: ReadonlySet<RouteId> = new Set(['finish-register', 'logout']);
// Pages a traveller may open while the installation waits for their second factor: the
// account page, where it is set up, and signing out.
const WHILE_ENROLLING: ReadonlySet<RouteId> = new Set(['account', 'logout']);

/**
 * Who may see a page (route table `access`): anonymous visitors of signed-in pages go to
 * /login/start and come back after; signed-in visitors of sign-in pages go to their trips;
 * a second factor the installation requires is set up first, then an incomplete profile (first
 * sign-in by link, phone or federation) is completed.
 */
function accessRedirect(route: Route, me: Me | null, url: URL, language: Language): string | null {
  const here = `${url.pathname}${url.search}`;
  if (!me) {
    const shareLink =
      route.access === 'signed-in-or-share' && url.searchParams.has(SHARE_QUERY_PARAM);
    if ((route.access === 'signed-in' || route.access === 'signed-in-or-share') && !shareLink) {
      return `${localizePath('/login/start', language)}?redirect=${encodeURIComponent(here)}`;
    }
    return null;
  }
  // Nothing else works until then (the API answers 403): the second factor comes first.
  if (me.secondFactorMissing && route.access !== 'public') {
    if (WHILE_ENROLLING.has(route.id)) return null;
    return `${localizePath('/account', language)}?section=security#security`;
  }
  if (!me.profileComplete && !BEFORE_PROFILE.has(route.id) && route.access !== 'public') {
    return `${localizePath('/finish-register', language)}?redirect=${encodeURIComponent(here)}`;
  }
  if (route.access === 'anonymous') return localizePath('/itineraries', language);
  return null;
}

/**
 * The signed-in traveller for a loader. Without an answer from the server, the traveller of
 * the saved offline copy (if any); otherwise the page treats them as unknown.
 */
async function currentUser(queryClient: QueryClient): Promise<Me | null> {
  const offlineCopy = async () => {
    await restoreOfflineCache(queryClient);
    return queryClient.getQueryData(meQuery.queryKey) ?? null;
  };
  // Offline, a query would wait for the network: ask the saved copy instead.
  if (!navigator.onLine && queryClient.getQueryData(meQuery.queryKey) === undefined) {
    return offlineCopy();
  }
  try {
    return await queryClient.ensureQueryData(meQuery);
  } catch {
    return offlineCopy();
  }
}

function pageRoute(route: Route, language: Language, queryClient: QueryClient): RouteObject {
  const handle: RouteHandle = { routeId: route.id };
  return {
    ...(route.path === '/' ? { index: true } : { path: route.path.slice(1) }),
    handle,
    loader: async (args) => {
      validateParams(args);
      const me = await currentUser(queryClient);
      const url = new URL(args.request.url);
      const target = accessRedirect(route, me, url, language);
      if (target) throw redirect(target);
      await preparePage(route.id, queryClient, args.params, url, me !== null);
      return null;
    },
    // The page's code is imported in a task of its own, after the router's start (matching the
    // address, starting the loaders) rather than in it: its files are on their way already
    // (named in the page's head, or fetched by the import), and the import is work of its own
    // (each of its files resolved, its stylesheets added to the page).
    lazy: async () => {
      await nextTask();
      return { Component: (await routeModules[route.id]()).Component };
    },
  };
}

function languageBranch(language: Language, queryClient: QueryClient): RouteObject {
  const errorHandle: RouteHandle = { routeId: 'error' };
  return {
    id: `root-${language}`,
    path: localizePath('/', language),
    element: <LanguageRoot language={language} />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootShell />,
    handle: errorHandle,
    loader: async () => {
      const [, me] = await Promise.all([activateLanguage(language), currentUser(queryClient)]);
      // A signed-in traveller sees the logged layout on every page: fetched alongside (its
      // account menu, with its messages, loads later).
      if (me) await loadLoggedLayout();
      return null;
    },
    children: [
      ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
        return {
          ...LAYOUTS[layout],
          children: ROUTES.filter((route) => route.layout === layout).map((route) =>
            pageRoute(route, language, queryClient),
          ),
        };
      }),
      { path: '*', loader: notFound },
    ],
  };
}

/** The router: every page of the shared route table, in every language (prefix routing). */
export function createRouter(queryClient: QueryClient) {
  // The branch of the page's language only: each branch holds every page, and the router ranks
  // and converts all its routes when it starts (a sixth of the work). Another language's branch
  // joins on the first visit of one of its pages; until then its paths fall to this branch's
  // catch-all, which the router treats as possibly incomplete and asks about.
  const loaded = new Set<Language>([splitLanguagePrefix(window.location.pathname).language]);
  return createBrowserRouter(
    [...loaded].map((language) => languageBranch(language, queryClient)),
    {
      patchRoutesOnNavigation: ({ path, patch }) => {
        const { language } = splitLanguagePrefix(path);
        if (loaded.has(language)) return;
        loaded.add(language);
        patch(null, [languageBranch(language, queryClient)]);
      },
    },
  );
}
