import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './problem';

export const linkedAccountsQueryKey = ['account', 'linked-accounts'] as const;

/** The sign-in methods linked to the traveller (password, Google, GitHub, OIDC…). */
export const linkedAccountsQuery = queryOptions({
  queryKey: linkedAccountsQueryKey,
  queryFn: () => authCall((fetchOptions) => authClient.listAccounts({ fetchOptions })),
});

export function useLinkedAccounts(enabled = true) {
  return useQuery({ ...linkedAccountsQuery, enabled });
}
