import type { Invitation, InvitedRole, Member, MemberRole, Sharing } from '@jammy/shared/sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itineraryKeys } from '../../../lib/query-keys';
import { sharingKeys } from '../../../lib/sharing-keys';
import { retryUnlessFinal } from '../../../lib/read-failures';

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

/**
 * Changes a member's role from the version this page showed: a change made meanwhile (in
 * another tab, by the owner) answers 409, and the refreshed list shows it.
 */
export function useChangeRole(id: string) {
  return useMembersMutation(id, (input: { member: Member; role: Exclude<MemberRole, 'owner'> }) =>
    apiRequest<Member>(`${base(id)}/members/${input.member.userId}`, {
      method: 'PATCH',
      body: { role: input.role, version: input.member.version },
    }),
  );
}

/** Removes a member, or leaves the itinerary when the member is the caller. */
export function useRemoveMember(id: string) {
  return useMembersMutation(id, (member: Member) =>
    apiRequest<undefined>(`${base(id)}/members/${member.userId}`, {
      method: 'DELETE',
      body: { version: member.version },
    }),
  );
}

export function useTransferOwnership(id: string) {
  return useMembersMutation(id, (userId: string) =>
    apiRequest<unknown>(`${base(id)}/transfer`, { method: 'POST', body: { userId } }),
  );
}
