import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OutboxMessage } from './get-outbox';
import { outboxQueryKey } from './get-outbox';
import { problemFromApi } from './problem';

/** GET /api/admin/outbox/:id (admins only): one message with its text and links. */
export function outboxMessageQuery(id: string) {
  return queryOptions({
    queryKey: [...outboxQueryKey, id],
    queryFn: async () => {
      try {
        return await apiRequest<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}`);
      } catch (error) {
        throw problemFromApi(error);
      }
    },
    staleTime: Infinity,
  });
}

export function useOutboxMessage(id: string | null) {
  return useQuery({ ...outboxMessageQuery(id ?? ''), enabled: id !== null });
}
