import type { ActivityPage } from '@jammy/shared/sharing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { retryUnlessFinal } from '../../../lib/read-failures';
import { sharingKeys } from '../../../lib/sharing-keys';

/** The itinerary's recent history, newest first. */
export function activityQuery(id: string) {
  return queryOptions({
    queryKey: sharingKeys.activity(id),
    queryFn: ({ signal }) =>
      apiRequest<ActivityPage>(`/api/itineraries/${id}/activity`, { signal }).then(
        (page) => page.items,
      ),
    retry: retryUnlessFinal,
  });
}

export function useActivity(id: string) {
  return useQuery(activityQuery(id));
}
