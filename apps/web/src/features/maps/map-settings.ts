import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export interface MapSettings {
  tileUrl: string;
  attribution: string;
}

/** OpenStreetMap's standard tiles, the default when the server names no other. */
export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

/** The tile server and its attribution configured on the server (MAP_TILE_URL). */
export function useMapSettings(): MapSettings {
  const { data } = useQuery({
    queryKey: ['client-config'],
    queryFn: () => apiRequest<{ map: MapSettings }>('/api/client-config'),
    staleTime: Infinity,
    retry: false,
  });
  return data?.map ?? DEFAULT_MAP_SETTINGS;
}
