import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { checkSession } from '../lib/session-check';
import { resetSession, useMe } from '../lib/session';
import { nextRefreshDelay } from '../lib/session-timing';
import { whenPageIdle } from '../lib/when-page-idle';

/**
 * Keeps a signed-in traveller's session alive: it is refreshed (the server extends it) before
 * it expires, and when the tab comes back into view; a session that ended elsewhere (signed
 * out, revoked, expired) signs this tab out too, and a page for travellers then asks to sign in.
 */
export function useSessionRefresh(): void {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.id;
  // Stable: React Router makes it once per router.
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!userId) return;
    let timer: number | undefined;
    let cancelled = false;

    async function refresh() {
      window.clearTimeout(timer);
      const check = await checkSession();
      if (cancelled) return;
      if (check.state === 'unknown') {
        // Offline or failing: try again later rather than sign the traveller out.
        timer = window.setTimeout(() => void refresh(), 60_000);
        return;
      }
      if (check.state === 'ended') {
        await resetSession(queryClient);
        // The page's loaders ask again who is here: a page for travellers sends this tab to
        // sign in (and back here after), a public one stays and shows the visitor's layout.
        // (Even once this effect has been cleaned up: `me` turning null is what cleaned it.)
        await revalidate();
        return;
      }
      timer = window.setTimeout(
        () => void refresh(),
        nextRefreshDelay(check.expiresAt, Date.now()),
      );
    }

    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    // The page was sent with who is signed in (or read it just now): the first check can wait
    // until the page has shown.
    const cancelFirst = whenPageIdle(() => void refresh());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      cancelFirst();
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, queryClient, revalidate]);
}
