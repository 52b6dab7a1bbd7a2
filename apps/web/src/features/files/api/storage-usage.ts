import type { StorageUsage } from '@jammy/shared/storage';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** What the signed-in traveller's files take, against their quota (GET /api/me/storage). */
export function useStorageUsage() {
  return useQuery({
    queryKey: ['me', 'storage'],
    queryFn: () => apiRequest<StorageUsage>('/api/me/storage'),
  });
}
