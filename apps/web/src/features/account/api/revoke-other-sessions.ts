import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';
import { problemFromApi } from './problem';

/** Signs every session but this one out. */
export async function revokeOtherSessions(): Promise<void> {
  try {
    await apiRequest<{ revoked: number }>('/api/me/sessions/revoke-others', { method: 'POST' });
  } catch (error) {
    throw problemFromApi(error);
  }
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
