import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { withStepUp } from '../../../lib/step-up';
import { AccountProblem, authCall } from './problem';

/**
 * Asks to change the sign-in address: the server mails a confirmation to the current
 * address, and once that is opened, a verification link to the new one.
 */
export function changeEmail(input: { newEmail: string; callbackURL: string }) {
  return withStepUp(
    () => authCall((fetchOptions) => authClient.changeEmail({ ...input, fetchOptions })),
    (error) => error instanceof AccountProblem && error.kind === 'step-up',
  );
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
