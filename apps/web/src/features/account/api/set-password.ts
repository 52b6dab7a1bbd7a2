import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { linkedAccountsQueryKey } from './list-linked-accounts';
import { problemFromApi } from './problem';

/** A first password for an account made by e-mail link, phone or another service. */
export async function setPassword(input: { newPassword: string }): Promise<void> {
  try {
    await apiRequest<undefined>('/api/me/password', { method: 'POST', body: input });
  } catch (error) {
    throw problemFromApi(error);
  }
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey }),
  });
}
