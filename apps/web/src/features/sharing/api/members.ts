import type { MemberRole, Sharing, InvitedRole, Invitation } from '@jammy/shared/sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itineraryKeys } from '../../itineraries/api/keys';
import { retryUnlessFinal } from '../../itineraries/components/problem';
import { sharingKeys } from './keys';

const base = (id: string) => `/api/itineraries/${id}`;

/** Members with their roles; for the owner also pending invitations and share links. */
export function useSharing(id: string) {
  return useQuery({
    queryKey: sharingKeys.members(id),
    queryFn: ({ signal }) => apiRequest<Sharing>(`${base(id)}/members`, { signal }),
    retry: retryUnlessFinal,
  });
}

/** A change to the members: refreshes the sharing page and the tree (the caller's role). */
function useMembersMutation<TInput, TResult>(
  id: string,
  request: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharingKeys.members(id) }),
        queryClient.invalidateQueries({ queryKey: itineraryKeys.tree(id) }),
      ]),
  });
}

export function useInvite(id: string) {
  return useMembersMutation(id, (input: { email: string; role: InvitedRole }) =>
    apiRequest<Invitation>(`${base(id)}/invitations`, { method: 'POST', body: input }),
  );
}

export function useResendInvitation(id: string) {
  return useMembersMutation(id, (invitationId: string) =>
    apiRequest<Invitation>(`${base(id)}/invitations/${invitationId}/resend`, { method: 'POST' }),
  );
}

export function useWithdrawInvitation(id: string) {
  return useMembersMutation(id, (invitationId: string) =>
    apiRequest<undefined>(`${base(id)}/invitations/${invitationId}`, { method: 'DELETE' }),
  );
}

export function useChangeRole(id: string) {
  return useMembersMutation(id, (input: { userId: string; role: Exclude<MemberRole, 'owner'> }) =>
    apiRequest<unknown>(`${base(id)}/members/${input.userId}`, {
      method: 'PATCH',
      body: { role: input.role },
    }),
  );
}

/** Removes a member, or leaves the itinerary when `userId` is the caller's own. */
export function useRemoveMember(id: string) {
  return useMembersMutation(id, (userId: string) =>
    apiRequest<undefined>(`${base(id)}/members/${userId}`, { method: 'DELETE' }),
  );
}

export function useTransferOwnership(id: string) {
  return useMembersMutation(id, (userId: string) =>
    apiRequest<unknown>(`${base(id)}/transfer`, { method: 'POST', body: { userId } }),
  );
}
