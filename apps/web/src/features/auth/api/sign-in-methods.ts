import type { SignInMethods } from '@jammy/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which ways to sign in this installation offers (they change only with its configuration). */
export const signInMethodsQuery = queryOptions({
  queryKey: ['sign-in-methods'],
  queryFn: () => apiRequest<SignInMethods>('/api/sign-in-methods'),
  staleTime: 10 * 60_000,
});

export function useSignInMethods() {
  return useQuery(signInMethodsQuery);
}
