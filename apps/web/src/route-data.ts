import { splitLanguagePrefix } from '@jammy/shared/languages';
import type { RouteId } from '@jammy/shared/route-table';
import { SHARE_QUERY_PARAM } from '@jammy/shared/sharing-params';
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { itinerariesQuery, itineraryTreeQuery } from './features/itineraries/api/itineraries';
import { listFiltersOf } from './features/itineraries/components/use-list-params';
import { loadOverviewBody } from './features/itineraries/components/load-overview-body';
import { loadTimelineCode } from './features/itineraries/components/long-timeline';
import { inboxQuery } from './features/inbox/api/inbox';
import { i18n } from './i18n/i18n';
import { meQuery } from './lib/session';

/**
 * How long a page waits for its data before it shows (with its skeleton in place of what is
 * still coming). An answer within this time draws the page once, complete, in a transition
 * React can interrupt; a slower one does not hold back the page.
 */
export const DATA_WAIT_MS = 400;

interface RouteData {
  /** The namespaces of messages the page shows (its features' and its components'). */
  namespaces?: readonly string[];
  /** Starts the query the page is drawn from. */
  prefetch?: (queryClient: QueryClient, params: Params, url: URL) => Promise<void>;
  /** A public page: its data is started for a visitor too, not only for a signed-in traveller. */
  public?: boolean;
}

/** Every page under /itinerary/{id} is drawn from the trip's tree. */
const tripTree: RouteData['prefetch'] = (queryClient, params) =>
  params.id ? queryClient.prefetchQuery(itineraryTreeQuery(params.id)) : Promise.resolve();

/**
 * A page under /itinerary/{id}: its header (the trip's tabs and sharing), the form kit, and
 * the messages of `features`.
 */
function tripPage(...features: string[]): RouteData {
  return { namespaces: ['itineraries', 'sharing', 'form', ...features], prefetch: tripTree };
}

/**
 * What a page needs before it is drawn, fetched by its route's loader alongside its code
 * rather than after it: without this, the page's code loads, then its messages (one request
 * per feature, each found only when a component that uses it is drawn), then its data.
 */
const ROUTE_DATA: Partial<Record<RouteId, RouteData>> = {
  itineraries: {
    namespaces: ['itineraries', 'sharing', 'imports', 'form'],
    prefetch: (queryClient, _params, url) =>
      queryClient.prefetchInfiniteQuery(itinerariesQuery(listFiltersOf(url.searchParams))),
  },
  itinerary: {
    namespaces: [
      'itineraries',
      'imports',
      'sharing',
      'exports',
      'presets',
      'files',
      'bookings',
      'maps',
      'form',
    ],
    prefetch: (queryClient, params, url) => {
      const tree = tripTree(queryClient, params, url);
      // Not waited for: the page shows once its tree is there.
      if (params.id) {
        const id = params.id;
        void import('./features/itineraries/api/overview-sections').then((module) =>
          module.prefetchOverviewSections(queryClient, id),
        );
        // A long trip's timeline code, as soon as the trip says it is long.
        void tree.then(() =>
          loadTimelineCode(queryClient.getQueryData(itineraryTreeQuery(id).queryKey)),
        );
      }
      // The sections below the first screen: their code, fetched alongside (not in the
      // page's first load, drawn after its first screen).
      void loadOverviewBody().catch(() => {
        // The page asks again when it draws them (offline: it says it cannot).
      });
      return tree;
    },
  },
  'itinerary-edit': tripPage('files'),
  'itinerary-notes': tripPage('notes'),
  'itinerary-bookings': tripPage('bookings', 'stages'),
  'itinerary-budget': tripPage('budget'),
  'itinerary-places': tripPage('files', 'maps', 'places'),
  'itinerary-share': tripPage(),
  'itinerary-print': {
    namespaces: ['itineraries', 'form', 'bookings', 'exports', 'maps'],
    prefetch: tripTree,
  },
  'itinerary-import': tripPage('imports'),
  // The catalogue's covers are its largest pictures: they can be asked for only once its list
  // is there, so the list is asked for with the page's code rather than after it is drawn (the
  // page's head has started its request already: spa.routes.ts). Its query comes with the
  // page's code, not in the app's, which every page loads.
  presets: {
    namespaces: ['presets'],
    public: true,
    prefetch: async (queryClient, _params, url) => {
      const { catalogueQuery } = await import('./features/presets/api/presets');
      await queryClient.prefetchQuery(
        catalogueQuery(
          url.searchParams,
          // The loader has just learnt who is here.
          queryClient.getQueryData(meQuery.queryKey) ?? null,
          splitLanguagePrefix(url.pathname).language,
        ).query,
      );
    },
  },
  inbox: {
    namespaces: ['inbox', 'bookings', 'form'],
    prefetch: (queryClient) => queryClient.prefetchQuery(inboxQuery()),
  },
  stages: tripPage('maps', 'stages'),
  stage: tripPage('files', 'maps', 'stages'),
  'stage-edit': tripPage('stages'),
};

/** The namespaces each page with data loads before it is drawn (checked against its code). */
export function routeNamespaces(): Record<string, readonly string[]> {
  return Object.fromEntries(
    Object.entries(ROUTE_DATA).map(([routeId, data]) => [routeId, data.namespaces ?? []]),
  );
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads what page `routeId` needs before it is drawn: its messages, and its data for a
 * signed-in traveller (or anyone, on a public page) who is online (a link holder's read-only
 * view and an offline traveller's saved copy are read by the page itself). Never fails: a page
 * whose data could not be fetched asks again and shows why.
 */
export async function preparePage(
  routeId: RouteId,
  queryClient: QueryClient,
  params: Params,
  url: URL,
  signedIn: boolean,
): Promise<void> {
  const data = ROUTE_DATA[routeId];
  if (!data) return;
  const messages = data.namespaces ? i18n.loadNamespaces([...data.namespaces]) : undefined;
  const fetching =
    (signedIn || data.public) &&
    navigator.onLine &&
    data.prefetch &&
    !url.searchParams.has(SHARE_QUERY_PARAM)
      ? data.prefetch(queryClient, params, url)
      : undefined;
  await Promise.all([messages, fetching && Promise.race([fetching, pause(DATA_WAIT_MS)])]);
}
