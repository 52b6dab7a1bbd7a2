import type { ItineraryTree } from '@jammy/shared/itineraries';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServerReachable } from '../../../lib/connectivity';
import { useOfflineSettings } from '../../../lib/offline-cache';
import { stageRoutesQuery } from '../../../components/maps/stage-routes';
import { itinerariesQuery, itineraryTreeQuery } from './itineraries';
import { notesQuery, tripListsQuery } from '../../notes/public';
import { savedTrees } from './saved-trips';

const ALL_MINE = { q: '', sort: 'updated', trash: false } as const;

/**
 * "Keep all my trips offline": while it is on and the server answers, every trip of the
 * traveller (with its notes, lists and the tracks its maps draw) is fetched into the cache, which is saved for offline
 * reading within the cache size (the least recently used go first when it is too small).
 */
export function useKeepAllTripsOffline(): void {
  const queryClient = useQueryClient();
  const { keepAllTrips } = useOfflineSettings();
  const reachable = useServerReachable();
  useEffect(() => {
    if (!keepAllTrips || !reachable) return;
    let cancelled = false;
    void (async () => {
      const pages = await queryClient.fetchInfiniteQuery({
        ...itinerariesQuery(ALL_MINE),
        pages: 50,
      });
      for (const trip of pages.pages.flatMap((page) => page.items)) {
        if (cancelled) return;
        await Promise.all([
          queryClient.prefetchQuery(itineraryTreeQuery(trip.id)),
          queryClient.prefetchQuery(notesQuery(trip.id)),
          queryClient.prefetchQuery(tripListsQuery(trip.id)),
          queryClient.prefetchQuery(stageRoutesQuery(trip.id)),
        ]);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [keepAllTrips, reachable, queryClient]);
}

/** The addresses of a trip's cover as the card and the overview show it. */
function coverAddresses(tree: ItineraryTree): string[] {
  const cover = tree.itinerary.cover;
  return cover ? [cover.thumbUrl, cover.mediumUrl].flatMap((url) => url ?? []) : [];
}

/**
 * A trip opened on this device keeps its cover offline with it: once the offline worker
 * controls the page, the cover of every trip in the cache is fetched (when the browser is
 * idle) through the worker, which keeps it (sw.ts: thumbnails and larger copies). The card's
 * copy is fetched too, though the list may never have been opened here.
 */
export function useKeepCoversOffline(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const fetched = new Set<string>();
    let idle: number | null = null;
    const keep = () => {
      idle = null;
      if (!navigator.serviceWorker?.controller) return;
      for (const url of savedTrees(queryClient).flatMap(coverAddresses)) {
        if (fetched.has(url)) continue;
        fetched.add(url);
        void fetch(url, { credentials: 'same-origin' })
          .then((response) => response.body?.cancel())
          .catch(() => fetched.delete(url));
      }
    };
    const soon = () => {
      if (idle !== null) return;
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(keep, { timeout: 5_000 })
          : window.setTimeout(keep, 1_000);
    };
    soon();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') soon();
    });
    navigator.serviceWorker?.addEventListener('controllerchange', soon);
    return () => {
      unsubscribe();
      navigator.serviceWorker?.removeEventListener('controllerchange', soon);
      if (idle !== null) {
        if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
    };
  }, [queryClient]);
}
