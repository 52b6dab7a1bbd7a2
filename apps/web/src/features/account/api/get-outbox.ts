import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { problemFromApi } from './problem';

/** A mail or text message Jammy kept in its outbox instead of sending it. */
export interface OutboxMessage {
  id: string;
  kind: 'mail' | 'sms';
  to: string;
  subject: string | null;
  createdAt: string;
  text: string;
  links: string[];
}

export const outboxQueryKey = ['admin', 'outbox'] as const;

/** GET /api/admin/outbox (admins only): the newest messages first. */
export const outboxQuery = queryOptions({
  queryKey: outboxQueryKey,
  queryFn: async () => {
    try {
      return await apiRequest<{ items: OutboxMessage[]; nextCursor: string | null }>(
        '/api/admin/outbox',
      );
    } catch (error) {
      throw problemFromApi(error);
    }
  },
});

export function useOutbox() {
  return useQuery(outboxQuery);
}
