import type { ShareLink } from '@jammy/shared/sharing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sharingKeys } from '../../../lib/sharing-keys';
import { withStepUp } from '../../../lib/step-up';

/** Creates a read-only link; its `url` is in this answer only (the token is never stored). */
export function useCreateShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Making one needs a recent sign-in: the password or a code is asked, then it is sent again.
    mutationFn: (input: { expiresOn: string | null }) =>
      withStepUp(() =>
        apiRequest<ShareLink>(`/api/itineraries/${id}/share-links`, {
          method: 'POST',
          body: input.expiresOn ? { expiresOn: input.expiresOn } : {},
        }),
      ),
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
