import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { meQuery, resetSession } from '../../../lib/session';
import { useAuthRedirect } from './use-auth-redirect';

/**
 * Once a session exists: forget the anonymous cache, then open the page asked for — or, on a
 * first sign-in by link, phone or federation, complete the profile first.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { link, target } = useAuthRedirect();
  return useCallback(async () => {
    await resetSession(queryClient);
    const me = queryClient.getQueryData(meQuery.queryKey);
    const next = me && !me.profileComplete ? link('/finish-register') : target();
    await navigate(next, { replace: true });
  }, [queryClient, navigate, link, target]);
}
