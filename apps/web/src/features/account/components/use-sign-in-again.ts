import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { authClient } from '../../../lib/auth-client';
import { resetSession } from '../../../lib/session';

/**
 * Signs out and opens sign-in, coming back to this very section afterwards: what the
 * server asks for when a sensitive action needs a recent sign-in.
 */
export function useSignInAgain() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { to } = useLanguage();
  const [pending, setPending] = useState(false);

  const signInAgain = useCallback(async () => {
    setPending(true);
    const back = `${location.pathname}${location.hash}`;
    await authClient.signOut().catch(() => undefined);
    await resetSession(queryClient).catch(() => undefined);
    await navigate(`${to('/login/start')}?redirect=${encodeURIComponent(back)}`);
  }, [location, navigate, queryClient, to]);

  return { signInAgain, pending };
}
