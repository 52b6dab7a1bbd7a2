import type { ItinerarySummary, ItineraryTree } from '@jammy/shared/itineraries';
import type { QueryClient } from '@tanstack/react-query';
import { itineraryKeys } from '../../../lib/query-keys';

/**
 * The trips saved on this device, as the list shows them: without a connection, a list that
 * was never opened here has no saved copy, but every trip opened here has its tree (the offline
 * copy, lib/offline-cache.ts). The list is made from those.
 */

/** A trip's card from its tree: counts, and the dates its stages span. */
export function summaryOfTree(tree: ItineraryTree): ItinerarySummary {
  const starts = tree.stages.flatMap((stage) => stage.startDate ?? stage.endDate ?? []);
  const ends = tree.stages.flatMap((stage) => stage.endDate ?? stage.startDate ?? []);
  return {
    ...tree.itinerary,
    stageCount: tree.stages.length,
    placeCount: tree.places.length,
    stagesStartDate: starts.length > 0 ? starts.reduce((a, b) => (b < a ? b : a)) : null,
    stagesEndDate: ends.length > 0 ? ends.reduce((a, b) => (b > a ? b : a)) : null,
  };
}

/** Lower case without accents, as the server's search compares titles. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The trip's own start, else its stages' (none last). */
function startOf(summary: ItinerarySummary): string | null {
  return summary.startDate ?? summary.stagesStartDate;
}

/** The saved trips that match the list's search, in its order (not those in the trash). */
export function savedTripsOf(
  trees: readonly ItineraryTree[],
  filters: { q: string; sort: 'updated' | 'start' },
): ItinerarySummary[] {
  const q = folded(filters.q.trim());
  const trips = trees
    .filter((tree) => tree.itinerary.deletedAt === null)
    .map(summaryOfTree)
    .filter((trip) => q === '' || folded(trip.title).includes(q));
  if (filters.sort === 'updated') {
    return trips.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
  }
  return trips.sort((a, b) => {
    const [startA, startB] = [startOf(a), startOf(b)];
    if (startA === startB) return a.id.localeCompare(b.id);
    if (startA === null) return 1;
    if (startB === null) return -1;
    return startA.localeCompare(startB);
  });
}

/** The trees of the trips in the cache (what the saved copy brought back, offline). */
export function savedTrees(queryClient: QueryClient): ItineraryTree[] {
  return queryClient
    .getQueriesData<ItineraryTree>({ queryKey: [...itineraryKeys.all, 'tree'] })
    .flatMap(([, tree]) => (tree ? [tree] : []));
}
