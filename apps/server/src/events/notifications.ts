import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * This process's one LISTEN connection to PostgreSQL: every process hears what every other
 * one NOTIFYs (live events, cache invalidations), so no state another process needs lives
 * only in memory. Its own client, not one borrowed from the pool, so that ending the pool
 * never waits for it and a broken pool does not take notifications down with it.
 */
export interface Notifications {
  /** Handles the payloads of `channel` (LISTEN starts with the connection). */
  on(channel: string, handler: (payload: string) => void): void;
  /**
   * Called with `true` once listening, `false` when the connection is lost: whoever relies
   * on hearing every notification (a cache) must not trust what it holds meanwhile.
   */
  onState(handler: (listening: boolean) => void): void;
  listening(): boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

const RECONNECT_DELAY_MS = [250, 1000, 5000];
/** How long app start waits for the connection before going on without it. */
const START_WAIT_MS = 2000;

export function createNotifications(deps: {
  pool: pg.Pool;
  logger: FastifyBaseLogger;
}): Notifications {
  const { pool, logger } = deps;
  const handlers = new Map<string, ((payload: string) => void)[]>();
  const stateHandlers: ((listening: boolean) => void)[] = [];
  let listener: pg.Client | undefined;
  /** How to give up each connection still being opened (app closing meanwhile). */
  const connecting = new Set<() => void>();
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const setState = (listening: boolean) => {
    for (const handler of stateHandlers) handler(listening);
  };

  async function listen(): Promise<void> {
    const client = new pg.Client(pool.options);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      connecting.delete(end);
      client.end().catch(() => undefined);
    };
    connecting.add(end);
    const lost = (error: Error) => {
      end();
      if (listener !== client) return;
      listener = undefined;
      setState(false);
      if (!closed) {
        logger.warn({ err: error }, 'the notifications connection was lost; reconnecting');
        scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the notifications connection ended')));
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      end();
      throw error;
    }
    if (closed) {
      end();
      return;
    }
    connecting.delete(end);
    listener = client;
    failures = 0;
    setState(true);
  }

  function scheduleReconnect() {
    const delay = RECONNECT_DELAY_MS[Math.min(failures, RECONNECT_DELAY_MS.length - 1)] ?? 5000;
    failures += 1;
    reconnectTimer = setTimeout(() => {
      if (closed) return;
      listen().catch((error: unknown) => {
        logger.warn({ err: error }, 'notifications reconnect failed');
        if (!closed && !listener) scheduleReconnect();
      });
    }, delay);
    reconnectTimer.unref();
  }

  return {
    on(channel, handler) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    onState(handler) {
      stateHandlers.push(handler);
    },
    listening: () => listener !== undefined,
    async start() {
      // An unreachable or unresponsive database must not stop the app from starting: wait a
      // moment for the connection, then let it finish (or retry) in the background.
      const first = listen().catch((error: unknown) => {
        logger.warn({ err: error }, 'notifications are not available yet; retrying');
        if (!closed && !listener) scheduleReconnect();
      });
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        first,
        new Promise<void>((resolve) => {
          waited = setTimeout(resolve, START_WAIT_MS);
          waited.unref();
        }),
      ]);
      clearTimeout(waited);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      for (const giveUp of [...connecting]) giveUp();
      const client = listener;
      listener = undefined;
      setState(false);
      await client?.end().catch(() => undefined);
    },
  };
}
