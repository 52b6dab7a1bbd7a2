import { EVENT_KINDS, type EventKind } from '@jammy/shared/sharing-plain';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { itineraryKeys } from '../../../lib/query-keys';
import { sharingKeys } from '../../../lib/sharing-keys';
import { presenceOf } from '../lib/presence';
import { probeStream, retryDelay } from '../lib/stream-retry';

/** Changes arriving together are applied in one go after this pause (well within a second). */
const BATCH_MS = 120;

/** The queries an event of `kind` makes stale, besides the activity list. */
export function keysFor(kind: EventKind, id: string): QueryKey[] {
  const [subject] = kind.split('.');
  switch (subject) {
    case 'itinerary':
      return [itineraryKeys.tree(id), itineraryKeys.lists(), itineraryKeys.budget(id)];
    case 'stage':
      // Stages' titles show in the budget too; a deleted stage takes its tracks with it.
      return [itineraryKeys.tree(id), itineraryKeys.budget(id), itineraryKeys.routes(id)];
    case 'place':
      // Places' costs show in the budget too.
      return [itineraryKeys.tree(id), itineraryKeys.budget(id)];
    case 'import':
      // An import (or its undo) adds or removes stages, places, tracks and bookings at once.
      return [itineraryKeys.tree(id), itineraryKeys.budget(id), itineraryKeys.routes(id)];
    case 'photo':
    case 'attachment':
    case 'booking':
      return [itineraryKeys.tree(id)];
    case 'note':
      return [itineraryKeys.notes(id)];
    case 'list':
    case 'item':
      return [itineraryKeys.lists_(id)];
    case 'expense':
    case 'budget-line':
    case 'budget-rate':
      return [itineraryKeys.budget(id)];
    case 'member':
      return [itineraryKeys.tree(id), sharingKeys.members(id), itineraryKeys.lists()];
    default:
      return [];
  }
}

/** Marks queries stale in batches, never while one of our own saves is on its way. */
function batcher(queryClient: QueryClient) {
  const pending = new Map<string, QueryKey>();
  let timer: number | undefined;
  const flush = () => {
    timer = undefined;
    // Our own optimistic change would flicker back if the tree were refetched under it.
    if (queryClient.isMutating() > 0) {
      timer = window.setTimeout(flush, BATCH_MS);
      return;
    }
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    add(keys: QueryKey[]) {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= window.setTimeout(flush, BATCH_MS);
    },
    stop() {
      window.clearTimeout(timer);
    },
  };
}

/**
 * Keeps an open itinerary page up to date: listens to the itinerary's Server-Sent Events and
 * refreshes what each change touches, keeps who else is viewing in the query cache
 * (`sharingKeys.presence`), refetches everything on `reset` or after a stream had to be
 * reopened (the browser itself resumes with Last-Event-ID while it can).
 */
export function useLiveItinerary(id: string, enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const batch = batcher(queryClient);
    let source: EventSource | null = null;
    let retryTimer: number | undefined;
    let failures = 0;
    let reopened = false;

    const refetchAll = () =>
      batch.add([
        itineraryKeys.tree(id),
        itineraryKeys.routes(id),
        itineraryKeys.notes(id),
        itineraryKeys.lists_(id),
        sharingKeys.members(id),
        sharingKeys.activity(id),
      ]);

    const onChange = (event: MessageEvent<string>) => {
      batch.add([...keysFor(event.type as EventKind, id), sharingKeys.activity(id)]);
    };
    const onPresence = (event: MessageEvent<string>) => {
      const presence = presenceOf(event.data);
      if (presence) queryClient.setQueryData(sharingKeys.presence(id), presence);
    };

    const url = `/api/itineraries/${id}/events`;
    let stopped = false;
    const open = () => {
      source = new EventSource(url, { withCredentials: true });
      for (const kind of EVENT_KINDS) {
        if (kind !== 'presence') source.addEventListener(kind, onChange);
      }
      source.addEventListener('presence', onPresence);
      source.addEventListener('reset', refetchAll);
      source.addEventListener('open', () => {
        failures = 0;
        // A new stream cannot resume the old one: what happened in between is fetched.
        if (reopened) refetchAll();
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return; // the browser retries itself
        source = null;
        reopened = true;
        const failed = failures;
        failures += 1;
        // Why it failed decides when to try again: a busy server's Retry-After, jittered.
        void probeStream(url).then((verdict) => {
          if (stopped || verdict.kind === 'stop') return;
          const wait =
            verdict.kind === 'open'
              ? retryDelay(0, null)
              : retryDelay(failed, verdict.retryAfterSeconds);
          retryTimer = window.setTimeout(open, wait);
        });
      });
    };
    open();

    return () => {
      stopped = true;
      window.clearTimeout(retryTimer);
      batch.stop();
      source?.close();
      queryClient.removeQueries({ queryKey: sharingKeys.presence(id) });
    };
  }, [id, enabled, queryClient]);
}
