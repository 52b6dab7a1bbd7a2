import { LANGUAGES, DEFAULT_LANGUAGE, type Language } from '@jammy/shared/languages';
import {
  ROUTES,
  isValidParam,
  type LayoutName,
  type Route,
  type RouteId,
} from '@jammy/shared/route-table';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { activateLanguage } from './i18n/i18n';
import { EmptyLayout } from './layouts/empty-layout';
import { LanguageRoot } from './layouts/language-root';
import { LoggedLayout } from './layouts/logged-layout';
import { NotLoggedLayout } from './layouts/not-logged-layout';
import { VisitorLayout } from './layouts/visitor-layout';
import { routeModules } from './route-modules';
import { ErrorPage } from './routes/error-page';

/** What each route carries for its layout: the page's id (title, navigation state). */
export interface RouteHandle {
  routeId: RouteId | 'error';
}

const LAYOUTS: Record<LayoutName, ComponentType> = {
  visitor: VisitorLayout,
  'not-logged': NotLoggedLayout,
  logged: LoggedLayout,
  empty: EmptyLayout,
};

function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** Rejects a path whose parameters are not ids with the 404 page (spec §5). */
function validateParams({ params }: LoaderFunctionArgs) {
  for (const value of Object.values(params)) {
    if (value !== undefined && !isValidParam(value)) notFound();
  }
  return null;
}

function pageRoute(route: Route): RouteObject {
  const hasParams = route.path.includes(':');
  const handle: RouteHandle = { routeId: route.id };
  return {
    ...(route.path === '/' ? { index: true } : { path: route.path.slice(1) }),
    handle,
    ...(hasParams ? { loader: validateParams } : {}),
    lazy: async () => ({ Component: (await routeModules[route.id]()).Component }),
  };
}

function languageBranch(language: Language): RouteObject {
  const errorHandle: RouteHandle = { routeId: 'error' };
  return {
    id: `root-${language}`,
    path: language === DEFAULT_LANGUAGE ? '/' : `/${language}`,
    element: <LanguageRoot language={language} />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <div aria-busy="true" />,
    handle: errorHandle,
    loader: async () => {
      await activateLanguage(language);
      return null;
    },
    children: [
      ...(Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
        const Layout = LAYOUTS[layout];
        return {
          Component: Layout,
          children: ROUTES.filter((route) => route.layout === layout).map(pageRoute),
        };
      }),
      { path: '*', loader: notFound },
    ],
  };
}

/** The router: every page of the shared route table, in every language (prefix routing). */
export function createRouter() {
  return createBrowserRouter(LANGUAGES.map(languageBranch));
}
