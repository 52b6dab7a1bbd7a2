import { useQuery } from '@tanstack/react-query';
import { clientConfigQuery, type MapSettings } from '../../lib/client-config';

export type { MapSettings };

/**
 * The tile server and its attribution configured on the server (MAP_TILE_URL). Until the
 * server has said, there is no tile address: a map never asks a tile server the
 * installation did not choose. `failed` when the server could not be asked (offline).
 */
export function useMapSettings(): { settings: MapSettings | undefined; failed: boolean } {
  const { data, isError } = useQuery(clientConfigQuery);
  return { settings: data?.map, failed: isError };
}
