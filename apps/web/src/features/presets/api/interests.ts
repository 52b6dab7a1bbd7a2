import type { Me } from '@jammy/shared/account';
import type { InterestId } from '@jammy/shared/interests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQuery } from '../../auth/session';
import { presetKeys } from './keys';

/** The interests GET /api/me carries (none for an anonymous visitor). */
export function interestsOf(me: Me | null | undefined): InterestId[] {
  return me?.interests ?? [];
}

/** PUT /api/me/interests: the whole set; recommendations change with it. */
export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interests: InterestId[]) =>
      apiRequest<{ interests: InterestId[] }>('/api/me/interests', {
        method: 'PUT',
        body: { interests },
      }),
    onSuccess: async (_answer, interests) => {
      queryClient.setQueryData<Me | null>(meQuery.queryKey, (me) =>
        me ? { ...me, interests } : me,
      );
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: presetKeys.all });
    },
  });
}
