import type { PlaceSearchSettings } from '@jammy/shared/geo';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The tile server and its credit (MAP_TILE_URL, MAP_ATTRIBUTION). */
export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** Who runs this installation (OPERATOR_*): null where the operator has not said. */
export interface OperatorDetails {
  name: string | null;
  address: string | null;
  contact: string | null;
  jurisdiction: string | null;
}

/** The outside services this installation is configured to use. */
export interface Processors {
  smtp: boolean;
  sms: boolean;
  stripe: boolean;
  s3: boolean;
  federated: string[];
  geocoder: string | null;
  tiles: string;
}

/**
 * What the server tells the app before anything else: maps, the place search, the operator,
 * whether assistants may connect.
 */
export interface ClientConfig {
  map: MapSettings;
  placeSearch: PlaceSearchSettings;
  operator: OperatorDetails;
  processors: Processors;
  /** Whether assistants may connect at /mcp with an API token (MCP_ENABLED). */
  mcp: boolean;
}

/** GET /api/client-config, asked once per page load and shared by the maps and the search. */
export const clientConfigQuery = queryOptions({
  queryKey: ['client-config'],
  queryFn: () => apiRequest<ClientConfig>('/api/client-config'),
  staleTime: Infinity,
  retry: false,
});
