import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { EVENTS_CHANNEL } from './events.repository';

/** How long presence announcements are gathered before they are sent. */
const PRESENCE_COALESCE_MS = 50;

/**
 * This process's presence announcements to the others (event-bus.ts), per itinerary (true: ask
 * the others for theirs too), gathered for a moment and sent together in ONE statement, one
 * NOTIFY per itinerary: a burst of streams opening over fifty trips holds one of the pool's
 * connections for it, not fifty queueing for the pool. While one announcement is on its way
 * the next ones wait here, not in the pool's queue.
 */
export function createPresenceAnnouncer(deps: {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
  /** The NOTIFY payload that announces `itineraryId`'s viewers here, as they are when sent. */
  payload: (itineraryId: string, ask: boolean) => string;
}) {
  const { pool, logger } = deps;
  const pending = new Map<string, boolean>();
  let timer: NodeJS.Timeout | undefined;
  let publishing = false;
  let stopped = false;

  async function publish(itineraries: [string, boolean][]) {
    if (itineraries.length === 0) return;
    const payloads = itineraries.map(([itineraryId, ask]) => deps.payload(itineraryId, ask));
    try {
      await pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
        EVENTS_CHANNEL,
        payloads,
      ]);
    } catch (error) {
      logger.warn({ err: error }, 'could not publish presence');
    }
  }

  function schedule(itineraryId: string, ask: boolean) {
    if (stopped) return;
    pending.set(itineraryId, ask || (pending.get(itineraryId) ?? false));
    if (publishing) return;
    timer ??= setTimeout(() => {
      timer = undefined;
      const batch = [...pending];
      pending.clear();
      publishing = true;
      void publish(batch).finally(() => {
        publishing = false;
        const next = pending.entries().next();
        if (!next.done) schedule(...next.value);
      });
    }, PRESENCE_COALESCE_MS);
  }

  return {
    schedule,
    /** Sends these announcements now (a closing process saying its viewers left). */
    publish,
    /** Drops what is pending: nothing more is announced. */
    stop() {
      stopped = true;
      clearTimeout(timer);
      pending.clear();
    },
  };
}
