import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meQuery, resetSession } from '../../../lib/session';
import { useAuthRedirect } from './use-auth-redirect';

/** Whether a sign-in's answer asks for its second step (an authenticator or backup code). */
function needsSecondStep(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer;
}

/**
 * Once a session exists: forget the anonymous cache, then open the page asked for — or, on a
 * first sign-in by link, phone or federation, complete the profile first. When the answer of
 * the first step asks for a code (an account with an authenticator app), no session exists
 * yet: the code page comes first, keeping where the traveller was going.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { link, target } = useAuthRedirect();
  return useCallback(
    async (answer?: unknown) => {
      if (needsSecondStep(answer)) {
        await navigate(link('/login/second-factor'));
        return;
      }
      await resetSession(queryClient);
      const me = queryClient.getQueryData(meQuery.queryKey);
      const next = me && !me.profileComplete ? link('/finish-register') : target();
      await navigate(next, { replace: true });
    },
    [queryClient, navigate, link, target],
  );
}
