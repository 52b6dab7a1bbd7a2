import { SESSION_EXPIRY_SKEW_MS } from '@jammy/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resetSession, useMe } from '../lib/session';
import { nextRefreshDelay } from '../lib/session-timing';
import { whenPageIdle } from '../lib/when-page-idle';

/**
 * Keeps a signed-in traveller's session alive: it is refreshed (the server extends it) before
 * it expires, and when the tab comes back into view; a session that ended elsewhere (signed
 * out, revoked, expired) signs this tab out too.
 */
export function useSessionRefresh(): void {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.id;

  useEffect(() => {
    if (!userId) return;
    let timer: number | undefined;
    let cancelled = false;

    async function refresh() {
      window.clearTimeout(timer);
      // The identity client loads with the first refresh: visitors never need it.
      const { authClient } = await import('../lib/auth-client');
      if (cancelled) return;
      const { data, error } = await authClient.getSession({ query: { disableCookieCache: true } });
      if (cancelled || error) {
        // Offline or failing: try again later rather than sign the traveller out.
        if (!cancelled) timer = window.setTimeout(() => void refresh(), 60_000);
        return;
      }
      const expiresAt = data ? new Date(data.session.expiresAt).getTime() : 0;
      if (!data || expiresAt - SESSION_EXPIRY_SKEW_MS <= Date.now()) {
        await resetSession(queryClient);
        return;
      }
      timer = window.setTimeout(() => void refresh(), nextRefreshDelay(expiresAt, Date.now()));
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    // The page was sent with who is signed in (or read it just now): the first check, and
    // the identity client's code, can wait until the page has shown.
    const cancelFirst = whenPageIdle(() => void refresh());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      cancelFirst();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, queryClient]);
}
