import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './problem';

/**
 * Asks to change the sign-in address: the server mails a confirmation to the current
 * address, and once that is opened, a verification link to the new one.
 */
export function changeEmail(input: { newEmail: string; callbackURL: string }) {
  return authCall((fetchOptions) => authClient.changeEmail({ ...input, fetchOptions }));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
