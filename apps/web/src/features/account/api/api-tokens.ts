import type { ApiToken, CreateApiToken, CreatedApiToken } from '@jammy/shared/api-tokens';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withStepUp } from '../../../lib/step-up';

// The traveller's personal API tokens (docs/decisions/044): listed, created (the answer is
// the only time the secret is seen) and revoked. Errors stay the API's own: the token form
// reads them with the form kit, the list with its ProblemAlert.

export const apiTokensQueryKey = ['account', 'api-tokens'] as const;

/** Their tokens, newest first (as the server lists them). */
export const apiTokensQuery = queryOptions({
  queryKey: apiTokensQueryKey,
  queryFn: async () => (await apiRequest<{ items: ApiToken[] }>('/api/me/tokens')).items,
});

export function useApiTokens() {
  return useQuery(apiTokensQuery);
}

/** The trips a token may be limited to: the traveller's, by title. */
export function useTokenTrips() {
  return useQuery({
    queryKey: ['account', 'api-tokens', 'trips'],
    queryFn: async () =>
      (await apiRequest<{ items: { id: string; title: string }[] }>('/api/itineraries?limit=100'))
        .items,
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    // Creating one needs a recent sign-in: the password or a code is asked, then it is sent again.
    mutationFn: (body: CreateApiToken) =>
      withStepUp(() => apiRequest<CreatedApiToken>('/api/me/tokens', { method: 'POST', body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<undefined>(`/api/me/tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
