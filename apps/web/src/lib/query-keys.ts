/** TanStack Query keys of itinerary data: invalidating a prefix refreshes everything under it. */
export const itineraryKeys = {
  all: ['itineraries'] as const,
  lists: () => [...itineraryKeys.all, 'list'] as const,
  list: (filters: { q: string; sort: 'updated' | 'start'; trash: boolean }) =>
    [...itineraryKeys.lists(), filters] as const,
  tree: (id: string) => [...itineraryKeys.all, 'tree', id] as const,
  notes: (id: string) => [...itineraryKeys.all, 'notes', id] as const,
  lists_: (id: string) => [...itineraryKeys.all, 'trip-lists', id] as const,
  /** The stages' routes (imported tracks) the maps draw. */
  routes: (id: string) => [...itineraryKeys.all, 'routes', id] as const,
  /** The budget: its summary, expenses and planned lines. */
  budget: (id: string) => [...itineraryKeys.all, 'budget', id] as const,
};
