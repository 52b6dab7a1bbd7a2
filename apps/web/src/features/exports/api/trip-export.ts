import type { ExportFormat, ItineraryExport } from '@jammy/shared/exports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessFinal } from '../../../lib/read-failures';
import { exportKeys } from './keys';

/** The address of an export download. */
export function exportUrl(id: string, format: ExportFormat): string {
  return `/api/itineraries/${id}/export.${format}`;
}

/** The whole trip (stages, places, notes, lists, bookings), as the JSON export gives it. */
export function useTripExport(id: string) {
  return useQuery({
    queryKey: exportKeys.trip(id),
    queryFn: () => apiRequest<ItineraryExport>(exportUrl(id, 'json')),
    retry: retryUnlessFinal,
  });
}
