import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { linkedAccountsQueryKey } from './list-linked-accounts';
import { authCall } from './problem';

/** Removes one linked sign-in method (the server refuses to remove the last one). */
export function unlinkAccount(input: { accountId: string }) {
  return authCall((fetchOptions) => authClient.unlinkAccount({ ...input, fetchOptions }));
}

export function useUnlinkAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey }),
  });
}
