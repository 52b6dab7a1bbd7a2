import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';
import { problemFromApi } from './problem';

/** Signs one session (another device) out. */
export async function revokeSession(input: { id: string }): Promise<void> {
  try {
    await apiRequest<undefined>(`/api/me/sessions/${input.id}`, { method: 'DELETE' });
  } catch (error) {
    throw problemFromApi(error);
  }
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
