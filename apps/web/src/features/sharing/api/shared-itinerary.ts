import type { ItineraryTree, Note, Page } from '@jammy/shared/itineraries';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessFinal } from '../../../lib/read-failures';
import { sharingKeys } from '../../../lib/sharing-keys';

const query = (token: string) => `share=${encodeURIComponent(token)}`;

/** An itinerary as a share-link holder sees it (read-only, no account needed). */
export function useSharedItinerary(id: string, token: string) {
  return useQuery({
    queryKey: sharingKeys.shared(id, token),
    queryFn: ({ signal }) =>
      apiRequest<ItineraryTree>(`/api/itineraries/${id}?${query(token)}`, { signal }),
    retry: retryUnlessFinal,
  });
}

/** The notes a share link shows: never the private ones (the server leaves them out). */
export function useSharedNotes(id: string, token: string) {
  return useQuery({
    queryKey: [...sharingKeys.shared(id, token), 'notes'],
    queryFn: ({ signal }) =>
      apiRequest<Page<Note>>(`/api/itineraries/${id}/notes?${query(token)}`, { signal }),
    retry: retryUnlessFinal,
  });
}
