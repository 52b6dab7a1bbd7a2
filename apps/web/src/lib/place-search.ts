import { GEO_SEARCH_LIMITS, type GeoPlaceKind } from '@jammy/shared/geo-plain';
import type { GeoSearchResult } from '@jammy/shared/geo';
import type { Language } from '@jammy/shared/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { clientConfigQuery } from './client-config';

/** Searches shorter than this return too much to be useful: the box waits for more letters. */
export const MIN_SEARCH_LENGTH = 2;

export interface PlaceSearch {
  q: string;
  language: Language;
  /** Only cities, only points of interest, or both (unset). */
  kind?: GeoPlaceKind;
  limit?: number;
}

/** GET /api/geo/search: cities from the gazetteer (and points of interest from a geocoder). */
export function searchPlacesQuery({ q, language, kind, limit }: PlaceSearch) {
  const query = q.trim().slice(0, GEO_SEARCH_LIMITS.queryLength);
  return queryOptions({
    queryKey: ['geo-search', language, kind ?? 'any', limit ?? 'default', query] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q: query, lang: language });
      if (kind) params.set('kind', kind);
      if (limit) params.set('limit', String(limit));
      return apiRequest<GeoSearchResult>(`/api/geo/search?${params}`, { signal });
    },
    enabled: query.length >= MIN_SEARCH_LENGTH,
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/** Places matching `q`, keeping the previous answer on screen while the next one loads. */
export function useSearchPlaces(search: PlaceSearch) {
  return useQuery({ ...searchPlacesQuery(search), placeholderData: keepPreviousData });
}

/**
 * Whether the search finds points of interest (a geocoder is configured) or only the
 * gazetteer's cities and towns. Until the server has said, it promises only towns.
 */
export function usePointsOfInterest(): boolean {
  const { data } = useQuery(clientConfigQuery);
  return data?.placeSearch.pointsOfInterest ?? false;
}
