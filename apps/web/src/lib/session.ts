import type { Me } from '@jammy/shared/account';
import { SESSION_ELEMENT_ID } from '@jammy/shared/route-preloads';
import type { Session } from '@jammy/shared/session';
import { isCancelledError, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { clearOfflineCache } from './offline-cache';
import { forgetLoadedOutbox, loadOutbox } from './outbox';
import { clearWorkerUserCaches } from '../pwa/pwa-store';

/**
 * The signed-in traveller, or null for an anonymous visitor. Asked of GET /api/session,
 * which answers 200 either way: a visitor's console shows no failed request.
 */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => (await apiRequest<Session>('/api/session')).user,
  staleTime: 60_000,
});

/**
 * Who is here, as the server wrote it into the page's head when it sent the page (the answer
 * of GET /api/session): taken as `me`, so the first page's loader starts its data at once
 * instead of asking first. A page without it (the offline worker's saved shell) asks as before.
 */
export function takeSessionFromPage(queryClient: QueryClient): void {
  const text = document.getElementById(SESSION_ELEMENT_ID)?.textContent;
  if (!text) return;
  try {
    const session: unknown = JSON.parse(text);
    if (typeof session !== 'object' || session === null || !('user' in session)) return;
    const { user } = session as Session;
    if (user === null || (typeof user === 'object' && typeof user.id === 'string')) {
      queryClient.setQueryData(meQuery.queryKey, user);
    }
  } catch {
    // Not JSON: the app asks GET /api/session itself.
  }
}

export function useMe() {
  return useQuery(meQuery);
}

const resetsInFlight = new WeakMap<QueryClient, Promise<void>>();

/**
 * After signing in or out: forget everything cached for the previous person and learn who is
 * here now. Resets that overlap (the sign-out page and the session watcher both noticing the
 * end of a session) share one run, so neither cancels the other's fetch of `me`.
 */
export function resetSession(queryClient: QueryClient): Promise<void> {
  const running = resetsInFlight.get(queryClient);
  if (running) return running;
  const run = (async () => {
    queryClient.removeQueries();
    forgetLoadedOutbox();
    // The saved offline copy and the worker's photos were the previous person's.
    await Promise.all([clearOfflineCache(), clearWorkerUserCaches()]);
    // Removing the cache cancels a fetch of `me` already under way; a cancelled fetch is
    // asked again (a few times at most), never reported as a failure.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const me = await queryClient.fetchQuery(meQuery);
        if (me) await loadOutbox(me.id);
        return;
      } catch (error) {
        if (!isCancelledError(error) || attempt === 3) throw error;
      }
    }
  })().finally(() => resetsInFlight.delete(queryClient));
  resetsInFlight.set(queryClient, run);
  return run;
}
