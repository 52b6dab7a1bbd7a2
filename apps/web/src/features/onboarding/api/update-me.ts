import type { Me, UpdateMe } from '@jammy/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';

/** PATCH /api/me with what a step of the welcome tour chose (home place, language, done). */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Pick<UpdateMe, 'homePlace' | 'language' | 'onboarded'>) =>
      apiRequest<Me>('/api/me', { method: 'PATCH', body: changes }),
    // Keep what GET /api/me adds beyond the profile (the interests) until it is read again.
    onSuccess: (me) =>
      queryClient.setQueryData<Me | null>(meQuery.queryKey, (previous) => ({
        ...previous,
        ...me,
      })),
  });
}
