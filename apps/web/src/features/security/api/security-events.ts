import type { ApiToken } from '@jammy/shared/api-tokens';
import type { SecurityEventPage } from '@jammy/shared/security-events';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The account's security activity (docs/decisions/048): sign-ins and changes of the ways in,
// newest first, a page at a time; and when each API token was last used.

export function useSecurityEvents() {
  return useInfiniteQuery({
    queryKey: ['security-activity', 'events'],
    queryFn: ({ pageParam }) =>
      apiRequest<SecurityEventPage>(
        pageParam ? `/api/me/security-events?cursor=${pageParam}` : '/api/me/security-events',
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** The traveller's API tokens: their use is each one's last use (written once a minute). */
export function useTokenUse() {
  return useQuery({
    queryKey: ['security-activity', 'tokens'],
    queryFn: async () => (await apiRequest<{ items: ApiToken[] }>('/api/me/tokens')).items,
  });
}
