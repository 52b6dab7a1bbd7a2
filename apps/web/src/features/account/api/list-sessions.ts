import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { problemFromApi } from './problem';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export interface SessionItem {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
  current: boolean;
}

async function listSessions(): Promise<SessionItem[]> {
  try {
    const { items } = await apiRequest<{ items: SessionItem[] }>('/api/me/sessions');
    return [...items].sort(
      (a, b) => Number(b.current) - Number(a.current) || b.updatedAt.localeCompare(a.updatedAt),
    );
  } catch (error) {
    throw problemFromApi(error);
  }
}

/** The traveller's active sessions, this device first, then the most recently active. */
export const sessionsQuery = queryOptions({ queryKey: sessionsQueryKey, queryFn: listSessions });

export function useSessions() {
  return useQuery(sessionsQuery);
}
