import type { Me, UpdateMe } from '@jammy/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQuery } from '../../../lib/session';

export type ProfileChanges = Pick<UpdateMe, 'name' | 'language' | 'homePlace'> & {
  version: number;
};

/** PATCH /api/me with the version it was based on; a stale version is a 409 `conflict`. */
export function updateProfile(changes: ProfileChanges): Promise<Me> {
  return apiRequest<Me>('/api/me', { method: 'PATCH', body: changes });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
