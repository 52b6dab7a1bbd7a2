import type { DELETE_CONFIRMATION } from '@jammy/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resetSession } from '../../../lib/session';
import { withStepUp } from '../../../lib/step-up';
import { problemFromApi } from './problem';

/** DELETE /api/me: deletes the account for good (the typed confirmation travels along). */
export async function deleteAccount(input: { confirmation: typeof DELETE_CONFIRMATION }) {
  try {
    await withStepUp(() => apiRequest<undefined>('/api/me', { method: 'DELETE', body: input }));
  } catch (error) {
    throw problemFromApi(error);
  }
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // Whatever was cached belonged to the deleted account.
    onSuccess: () => resetSession(queryClient),
  });
}
