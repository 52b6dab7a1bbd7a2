import type { StageRoutes } from '@jammy/shared/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../lib/api-client';
import { itineraryKeys } from '../../lib/query-keys';
import { sharingKeys } from '../../lib/sharing-keys';
import type { MapTrack } from './trip-map';

/**
 * The stages' routes of an itinerary (its imported tracks), for a member or, with `share`,
 * for a share-link holder. Kept out of the itinerary document: only maps need them.
 */
export function stageRoutesQuery(itineraryId: string, share?: string) {
  return queryOptions({
    queryKey: share
      ? [...sharingKeys.shared(itineraryId, share), 'routes']
      : itineraryKeys.routes(itineraryId),
    queryFn: ({ signal }) =>
      apiRequest<StageRoutes>(
        `/api/itineraries/${itineraryId}/routes${share ? `?share=${encodeURIComponent(share)}` : ''}`,
        { signal },
      ),
    // A map without its tracks is still a map: no retries that keep it waiting.
    retry: 1,
  });
}

/** The tracks to draw: every stage's, or one stage's (`stageId`), as [lat, lng] lines. */
export function tracksOf(routes: StageRoutes | undefined, stageId?: string): MapTrack[] {
  if (!routes) return [];
  return routes.items
    .filter((route) => route.coordinates.length > 1 && (!stageId || route.stageId === stageId))
    .map((route) => ({
      id: route.id,
      stageId: route.stageId,
      positions: route.coordinates.map(([lng, lat]) => [lat, lng] as [number, number]),
    }));
}

/** The itinerary's tracks for a map (empty while they load or when they cannot be read). */
export function useStageTracks(
  itineraryId: string,
  options: { stageId?: string; share?: string } = {},
): MapTrack[] {
  const { data } = useQuery(stageRoutesQuery(itineraryId, options.share));
  return useMemo(() => tracksOf(data, options.stageId), [data, options.stageId]);
}
