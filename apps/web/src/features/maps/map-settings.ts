import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/**
 * The tile server and its attribution configured on the server (MAP_TILE_URL). Until the
 * server has said, there is no tile address: a map never asks a tile server the
 * installation did not choose. `failed` when the server could not be asked (offline).
 */
export function useMapSettings(): { settings: MapSettings | undefined; failed: boolean } {
  const { data, isError } = useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiRequest<{ map: MapSettings }>('/api/client-config'),
    staleTime: Infinity,
    retry: false,
  });
  return { settings: data?.map, failed: isError };
}
