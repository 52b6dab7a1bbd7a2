import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './problem';
import { sessionsQueryKey } from './list-sessions';

/** Changes the password and signs every other session out. */
export function changePassword(input: { currentPassword: string; newPassword: string }) {
  return authCall((fetchOptions) =>
    authClient.changePassword({ ...input, revokeOtherSessions: true, fetchOptions }),
  );
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
