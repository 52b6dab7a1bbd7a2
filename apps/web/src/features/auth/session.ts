import type { Me } from '@jammy/shared/account';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The signed-in traveller, or null for an anonymous visitor. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await apiRequest<Me>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** After signing in or out: forget everything cached for the previous person. */
export async function resetSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries();
  await queryClient.fetchQuery(meQuery);
}
