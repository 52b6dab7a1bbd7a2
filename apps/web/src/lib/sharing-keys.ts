import { itineraryKeys } from './query-keys';

/**
 * Query keys of sharing data. They sit under the itinerary keys, so invalidating an
 * itinerary's data (a `reset`, a role change) refreshes them too.
 */
export const sharingKeys = {
  members: (id: string) => [...itineraryKeys.all, 'sharing', id] as const,
  activity: (id: string) => [...itineraryKeys.all, 'activity', id] as const,
  presence: (id: string) => [...itineraryKeys.all, 'presence', id] as const,
  shared: (id: string, token: string) => ['shared-itinerary', id, token] as const,
};
