import type { PlaceSearchSettings } from '@jammy/shared/geo';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The tile server and its credit (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** What the server tells the app before anything else: maps and the place search's reach. */
export interface ClientConfig {
  map: MapSettings;
  placeSearch: PlaceSearchSettings;
}

/** GET /api/client-config, asked once per page load and shared by the maps and the search. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => apiRequest<ClientConfig>('/api/client-config'),
  staleTime: Infinity,
  retry: false,
});
