import type { AcceptedInvitation } from '@jammy/shared/sharing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itineraryKeys } from '../../../lib/query-keys';

/** Accepts an e-mailed invitation: the caller becomes a member of its itinerary. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<AcceptedInvitation>('/api/invitations/accept', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}
