import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { meQuery } from '../../../lib/session';
import { authCall } from './problem';

/** An authenticator app being set up: its otpauth:// address and the 10 backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/**
 * Starts setting up an authenticator app (the password when the account has one; without
 * one, the server asks a sign-in of the last 10 minutes). Nothing changes at sign-in until
 * the first code confirms it.
 */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: async ({ password }: { password: string }): Promise<TwoFactorSetup> => {
      const setup = await authCall((fetchOptions) =>
        authClient.$fetch<TwoFactorSetup>('/two-factor/enable', {
          method: 'POST',
          body: password ? { password } : {},
          ...fetchOptions,
        }),
      );
      if (!setup) throw new Error('the server answered no authenticator secret');
      return setup;
    },
  });
}

/** The traveller's `twoFactorEnabled` changed (and the server replaced the session): read it again. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

/** Confirms the app with its first code: from then on, sign-in asks for a code. */
export function useConfirmTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ code }: { code: string }) =>
      authCall((fetchOptions) =>
        authClient.$fetch('/two-factor/verify-totp', {
          method: 'POST',
          body: { code },
          ...fetchOptions,
        }),
      ),
    onSuccess: refresh,
  });
}

/** Turns the second factor off (a current code, and the password if there is one). */
export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: ({ code, password }: { code: string; password: string }) =>
      // A current code besides better-auth's password: Jammy's rule (auth/second-factor.ts).
      authCall((fetchOptions) =>
        authClient.$fetch<{ status: boolean }>('/two-factor/disable', {
          method: 'POST',
          body: { code, ...(password ? { password } : {}) },
          ...fetchOptions,
        }),
      ),
    onSuccess: refresh,
  });
}
