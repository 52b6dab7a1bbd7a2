import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  EVENT_HEARTBEAT_SECONDS,
  MAX_REPLAYED_EVENTS,
  type ItineraryEvent,
  type Presence,
} from '@jammy/shared/sharing';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../db/client';
import { presentEvent } from './event.presenter';
import * as events from './events.repository';
import type { Notifications } from './notifications';
import { createPresenceAnnouncer } from './presence-announcer';

type Viewer = Presence['viewers'][number];

/** One open event stream: who is watching which itinerary, and how to reach them. */
export interface Subscriber {
  itineraryId: string;
  viewer: Viewer;
  /** Writes one raw SSE chunk (an event's bytes are shared by every stream it goes to). */
  write(chunk: string | Buffer): void;
  /** Ends the stream (the client may reconnect and is then checked again). */
  end(): void;
}

/**
 * Live events of itineraries for this process's streams. Every write NOTIFYs
 * `itinerary_events` with `<itineraryId>:<eventId>:<kind>:<time>` and, when it fits, `:<event>`
 * (`notifyEvent`); the process's LISTEN connection (notifications.ts) fans the events out to
 * local subscribers, reading an event's row only when its NOTIFY could not carry it. Presence travels on the same channel as
 * `presence:<json>` (this process's viewers of one itinerary), so each process can show the
 * merged list of everyone who has the itinerary open on any process.
 */
export interface EventBus {
  /** Starts streaming to `subscriber`, first replaying what followed `lastEventId`. */
  subscribe(subscriber: Subscriber, lastEventId: number | null): Promise<() => void>;
  start(): Promise<void>;
  /** Ends every stream. */
  close(): Promise<void>;
  /** How many streams are open on this process. */
  openStreams(): number;
}

interface Entry {
  subscriber: Subscriber;
  /** The newest event id sent; live events at or below it are duplicates. */
  lastId: number;
  /** Live events held back while the replay runs. */
  buffer: ItineraryEvent[] | null;
}

interface PresenceMessage {
  /** Process id. */
  p: string;
  /** Itinerary id. */
  i: string;
  v: Viewer[];
  /** The sender just got a viewer: other processes answer with theirs. */
  ask: boolean;
}

const PRESENCE_PREFIX = 'presence:';
/** NOTIFY payloads are limited to 8000 bytes: a presence names at most this many viewers. */
const MAX_VIEWERS = 50;
/**
 * Streams written to in one turn of the event loop when an event fans out: ten thousand in one
 * pass would hold every other request (and the next event's NOTIFY) for as long as it takes.
 */
export const FAN_OUT_BATCH = 500;

export function sseEvent(event: ItineraryEvent): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}

function sseData(kind: string, data: unknown): string {
  return `event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createEventBus(deps: {
  db: Db;
  pool: pg.Pool;
  notifications: Notifications;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
  /** Called with the seconds from an event's NOTIFY to its delivery to this process's streams. */
  onFanOut?: (seconds: number) => void;
}): EventBus {
  const { db, pool, logger, notifications } = deps;
  const heartbeatMs = deps.heartbeatMs ?? EVENT_HEARTBEAT_SECONDS * 1000;
  const processId = randomBytes(8).toString('hex');
  const streams = new Map<string, Set<Entry>>();
  /** itinerary → process → its viewers and when they were last announced. */
  const remote = new Map<string, Map<string, { viewers: Viewer[]; at: number }>>();
  /** The presence last sent to local streams, per itinerary (to send only changes). */
  const sentPresence = new Map<string, string>();
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;

  /**
   * Who has each itinerary open here, with how many streams each: kept as streams come and go,
   * so that a burst of ten thousand openings does not list every open stream for each one.
   */
  const watching = new Map<string, Map<string, { viewer: Viewer; streams: number }>>();

  function watch(itineraryId: string, viewer: Viewer) {
    let viewers = watching.get(itineraryId);
    if (!viewers) watching.set(itineraryId, (viewers = new Map()));
    const seen = viewers.get(viewer.id);
    if (seen) seen.streams += 1;
    else viewers.set(viewer.id, { viewer, streams: 1 });
  }

  function unwatch(itineraryId: string, viewer: Viewer) {
    const viewers = watching.get(itineraryId);
    const seen = viewers?.get(viewer.id);
    if (!viewers || !seen) return;
    seen.streams -= 1;
    if (seen.streams === 0) viewers.delete(viewer.id);
    if (viewers.size === 0) watching.delete(itineraryId);
  }

  function localViewers(itineraryId: string): Viewer[] {
    const viewers: Viewer[] = [];
    for (const { viewer } of watching.get(itineraryId)?.values() ?? []) {
      if (viewers.length === MAX_VIEWERS) break;
      viewers.push(viewer);
    }
    return viewers;
  }

  function mergedViewers(itineraryId: string): Viewer[] {
    const viewers = new Map<string, Viewer>();
    for (const viewer of localViewers(itineraryId)) viewers.set(viewer.id, viewer);
    for (const announced of remote.get(itineraryId)?.values() ?? []) {
      for (const viewer of announced.viewers) viewers.set(viewer.id, viewer);
    }
    return [...viewers.values()].sort(
      (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
  }

  /**
   * Sends the merged viewer list to this process's streams when it changed, and to `opened`
   * (a stream just opened) in any case: a burst of streams of one itinerary opening writes
   * each of them once, not every open stream again for every new one.
   */
  function sendPresence(itineraryId: string, opened?: Entry) {
    const entries = streams.get(itineraryId);
    if (!entries || entries.size === 0) {
      sentPresence.delete(itineraryId);
      return;
    }
    const presence: Presence = { viewers: mergedViewers(itineraryId) };
    const text = sseData('presence', presence);
    if (sentPresence.get(itineraryId) !== text) {
      sentPresence.set(itineraryId, text);
      for (const entry of entries) entry.subscriber.write(text);
    } else opened?.subscriber.write(text);
  }

  const announcer = createPresenceAnnouncer({
    pool,
    logger,
    payload: (itineraryId, ask) => {
      const message: PresenceMessage = {
        p: processId,
        i: itineraryId,
        v: localViewers(itineraryId),
        ask,
      };
      return PRESENCE_PREFIX + JSON.stringify(message);
    },
  });
  const schedulePresence = announcer.schedule;

  /** `text`: the event as sent, made once for all the streams it goes to. */
  function deliver(entry: Entry, event: ItineraryEvent, text: string | Buffer = sseEvent(event)) {
    if (entry.buffer) {
      entry.buffer.push(event);
      return;
    }
    if (event.id <= entry.lastId) return;
    entry.lastId = event.id;
    entry.subscriber.write(text);
  }

  /** After the event is sent: streams of a removed member (or a trashed trip) end. */
  function enforceAccess(itineraryId: string, event: ItineraryEvent) {
    const entries = streams.get(itineraryId);
    if (!entries) return;
    const removedUser =
      event.kind === 'member.removed' && typeof event.data.userId === 'string'
        ? event.data.userId
        : undefined;
    for (const entry of [...entries]) {
      if (event.kind === 'itinerary.trashed' || entry.subscriber.viewer.id === removedUser) {
        entry.subscriber.end();
      }
    }
  }

  /**
   * Writes `event` to every stream of its itinerary: its bytes made once and shared by all,
   * `FAN_OUT_BATCH` streams a turn of the loop. Streams opened meanwhile are written to too
   * (a stream that has it already skips it by its id).
   */
  async function fanOut(itineraryId: string, event: ItineraryEvent) {
    const bytes = Buffer.from(sseEvent(event));
    let written = 0;
    for (const entry of streams.get(itineraryId) ?? []) {
      deliver(entry, event, bytes);
      written += 1;
      if (written % FAN_OUT_BATCH === 0) await nextTurn();
    }
  }

  /** Fan-outs in the order of their NOTIFYs: a yielding one is never overtaken by the next. */
  let fanOuts: Promise<void> = Promise.resolve();

  function onEvent({ itineraryId, eventId, notifiedAt, event: carried }: events.EventNotification) {
    if (!streams.get(itineraryId)?.size) return;
    // Carried by the NOTIFY, else read at once beside the fan-outs before it; written in turn.
    const found = carried ? Promise.resolve(carried) : events.findEvent(db, eventId);
    const done = fanOuts.then(async () => {
      const row = await found;
      if (!row) return;
      const event = presentEvent(row);
      await fanOut(itineraryId, event);
      // The database's clock against this process's: a skew between hosts shows here (never < 0).
      if (deps.onFanOut && Number.isFinite(notifiedAt)) {
        deps.onFanOut(Math.max(0, Date.now() - notifiedAt) / 1000);
      }
      enforceAccess(itineraryId, event);
    });
    fanOuts = done.catch(() => {});
    done.catch((error: unknown) =>
      logger.warn({ err: error, eventId }, 'could not deliver an itinerary event'),
    );
    // A failed read must not be reported unhandled before its turn comes.
    found.catch(() => {});
  }

  function onPresence(message: PresenceMessage) {
    if (message.p === processId) return;
    let byProcess = remote.get(message.i);
    if (message.v.length === 0) byProcess?.delete(message.p);
    else {
      if (!byProcess) remote.set(message.i, (byProcess = new Map()));
      byProcess.set(message.p, { viewers: message.v, at: Date.now() });
    }
    if (byProcess?.size === 0) remote.delete(message.i);
    if (message.ask && streams.get(message.i)?.size) schedulePresence(message.i, false);
    sendPresence(message.i);
  }

  function onNotification(payload: string) {
    if (!payload) return;
    if (payload.startsWith(PRESENCE_PREFIX)) {
      try {
        onPresence(JSON.parse(payload.slice(PRESENCE_PREFIX.length)) as PresenceMessage);
      } catch (error) {
        logger.warn({ err: error }, 'unreadable presence notification');
      }
      return;
    }
    const notification = events.readEventNotification(payload);
    if (notification) onEvent(notification);
  }

  /** Sends every stream what it missed while the LISTEN connection was down. */
  async function catchUp() {
    for (const [itineraryId, entries] of streams) {
      for (const entry of entries) {
        if (entry.buffer) continue;
        const missed = (
          await events.eventsAfter(db, itineraryId, entry.lastId, MAX_REPLAYED_EVENTS + 1)
        ).map(presentEvent);
        if (missed.length > MAX_REPLAYED_EVENTS) {
          entry.subscriber.write(sseData('reset', {}));
          entry.lastId = missed.at(-1)?.id ?? entry.lastId;
        } else for (const event of missed) deliver(entry, event);
      }
    }
  }

  notifications.on(events.EVENTS_CHANNEL, onNotification);
  // Back from a lost connection: send every stream what it missed meanwhile.
  let wasListening = false;
  notifications.onState((listening) => {
    if (listening && wasListening === false && streams.size > 0) {
      catchUp().catch((error: unknown) =>
        logger.warn({ err: error }, 'could not catch up the live streams'),
      );
    }
    wasListening = listening;
  });

  function tick() {
    const staleBefore = Date.now() - 3 * heartbeatMs;
    for (const [itineraryId, byProcess] of remote) {
      for (const [process, announced] of byProcess) {
        if (announced.at < staleBefore) byProcess.delete(process);
      }
      if (byProcess.size === 0) remote.delete(itineraryId);
      sendPresence(itineraryId);
    }
    for (const [itineraryId, entries] of streams) {
      for (const entry of entries) entry.subscriber.write(': keep-alive\n\n');
      schedulePresence(itineraryId, false);
    }
  }

  return {
    async start() {
      heartbeat = setInterval(tick, heartbeatMs);
      heartbeat.unref();
    },

    async subscribe(subscriber, lastEventId) {
      // Closed (the process drains) while the stream's request was being checked: ended at
      // once, the client reconnects to another process; kept, it would hold this one open.
      if (closed) {
        subscriber.end();
        return () => {};
      }
      const entry: Entry = { subscriber, lastId: lastEventId ?? 0, buffer: [] };
      const { itineraryId } = subscriber;
      let entries = streams.get(itineraryId);
      if (!entries) streams.set(itineraryId, (entries = new Set()));
      entries.add(entry);
      watch(itineraryId, subscriber.viewer);
      let unsubscribed = false;
      const unsubscribe = () => {
        if (unsubscribed) return;
        unsubscribed = true;
        const current = streams.get(itineraryId);
        if (current?.delete(entry)) unwatch(itineraryId, subscriber.viewer);
        if (current?.size === 0) streams.delete(itineraryId);
        if (!closed) {
          schedulePresence(itineraryId, false);
          sendPresence(itineraryId);
        }
      };

      subscriber.write(`retry: 2000\n: connected\n\n`);
      try {
        if (lastEventId !== null) {
          const missed = (
            await events.eventsAfter(db, itineraryId, lastEventId, MAX_REPLAYED_EVENTS + 1)
          ).map(presentEvent);
          if (missed.length > MAX_REPLAYED_EVENTS) {
            // Too far behind to replay: the client refetches the itinerary instead.
            subscriber.write(sseData('reset', {}));
            entry.lastId = 0;
          } else {
            for (const event of missed) {
              entry.lastId = event.id;
              subscriber.write(sseEvent(event));
            }
          }
        }
      } finally {
        const held = entry.buffer ?? [];
        entry.buffer = null;
        for (const event of held) deliver(entry, event);
      }
      sendPresence(itineraryId, entry);
      schedulePresence(itineraryId, true);
      return unsubscribe;
    },

    openStreams() {
      let open = 0;
      for (const entries of streams.values()) open += entries.size;
      return open;
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      announcer.stop();
      const itineraries = [...streams.keys()];
      for (const entries of streams.values()) {
        for (const entry of entries) entry.subscriber.end();
      }
      streams.clear();
      watching.clear();
      // Others drop this process's viewers at once rather than after the stale timeout.
      await announcer.publish(itineraries.map((itineraryId) => [itineraryId, false]));
    },
  };
}
