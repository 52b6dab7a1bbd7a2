import type { Me } from '@jammy/shared/account';
import type { InterestId } from '@jammy/shared/interests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';
import { presetKeys } from './keys';

/** The interests GET /api/me carries (none for an anonymous visitor). */
export function interestsOf(me: Me | null | undefined): InterestId[] {
  return me?.interests ?? [];
}

/** True for a 409 answering a save based on an older profile (changed in another tab). */
export function isStaleProfile(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'conflict';
}

/**
 * PUT /api/me/interests: the whole set, based on the profile version this page read;
 * recommendations change with it. Saved meanwhile elsewhere: 409, and the profile the
 * server answers with replaces the cached one (the page then offers to save again).
 */
export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interests: InterestId[]) => {
      const version = queryClient.getQueryData<Me | null>(meQuery.queryKey)?.version;
      return apiRequest<Me>('/api/me/interests', {
        method: 'PUT',
        body: version === undefined ? { interests } : { interests, version },
      });
    },
    onSuccess: async (me) => {
      queryClient.setQueryData<Me | null>(meQuery.queryKey, me);
      await queryClient.invalidateQueries({ queryKey: presetKeys.all });
    },
    onError: (error) => {
      if (!isStaleProfile(error)) return;
      const current = (error.details as { current?: Me | null } | undefined)?.current;
      if (current) queryClient.setQueryData<Me | null>(meQuery.queryKey, current);
    },
  });
}
