import type { Me, UpdateMe } from '@jammy/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { meQuery } from '../../auth/session';
import { problemFromApi } from './problem';

export type ProfileChanges = Pick<UpdateMe, 'name' | 'language' | 'homePlace'> & {
  version: number;
};

/** PATCH /api/me with the version it was based on; a stale version is a `conflict`. */
export async function updateProfile(changes: ProfileChanges): Promise<Me> {
  try {
    return await apiRequest<Me>('/api/me', { method: 'PATCH', body: changes });
  } catch (error) {
    throw problemFromApi(error);
  }
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** The profile the server holds now, carried by a 409 answer. */
export function currentFromConflict(details: unknown): Me | null {
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const { current } = details;
  return typeof current === 'object' && current !== null && 'version' in current
    ? (current as Me)
    : null;
}
