import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServerReachable } from '../../../lib/connectivity';
import { useOfflineSettings } from '../../../lib/offline-cache';
import { stageRoutesQuery } from '../../maps/api/stage-routes';
import { itinerariesQuery, itineraryTreeQuery } from './itineraries';
import { notesQuery } from './notes';
import { tripListsQuery } from './trip-lists';

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
