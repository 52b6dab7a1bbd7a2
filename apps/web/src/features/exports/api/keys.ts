/** TanStack Query keys of exports. */
export const exportKeys = {
  all: ['exports'] as const,
  feed: (id: string) => [...exportKeys.all, 'feed', id] as const,
  trip: (id: string) => [...exportKeys.all, 'trip', id] as const,
};
