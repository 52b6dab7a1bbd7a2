import type { ShareLink } from '@jammy/shared/sharing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharingKeys } from '../../../lib/sharing-keys';

/** Creates a read-only link; its `url` is in this answer only (the token is never stored). */
export function useCreateShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { expiresOn: string | null }) =>
      apiRequest<ShareLink>(`/api/itineraries/${id}/share-links`, {
        method: 'POST',
        body: input.expiresOn ? { expiresOn: input.expiresOn } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(id) }),
  });
}

export function useRevokeShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      apiRequest<undefined>(`/api/itineraries/${id}/share-links/${linkId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sharingKeys.members(id) }),
  });
}
