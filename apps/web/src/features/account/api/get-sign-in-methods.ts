import type { SignInMethods } from '@jammy/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { problemFromApi } from './problem';

/** GET /api/sign-in-methods: which ways to sign in this installation offers. */
export const signInMethodsQuery = queryOptions({
  queryKey: ['sign-in-methods'],
  queryFn: async () => {
    try {
      return await apiRequest<SignInMethods>('/api/sign-in-methods');
    } catch (error) {
      throw problemFromApi(error);
    }
  },
  staleTime: 10 * 60_000,
});

export function useSignInMethods() {
  return useQuery(signInMethodsQuery);
}
