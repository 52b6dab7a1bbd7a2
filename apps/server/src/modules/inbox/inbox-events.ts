import { EVENT_HEARTBEAT_SECONDS } from '@jammy/shared/sharing';
import type { Notifications } from '../../events/notifications';
import { INBOX_CHANNEL } from './inbox.repository';

/**
 * Live arrivals in a traveller's inbox: every process LISTENs to the item inserts' NOTIFY
 * (`<userId>:<itemId>`, sent at commit) and writes `event: inbox.item` to that traveller's open
 * streams on this process. A stream carries only ids: the client reads the item as usual.
 */
export function createInboxStreams(notifications: Notifications) {
  const streams = new Map<string, Set<{ write(chunk: string): void; end(): void }>>();
  notifications.on(INBOX_CHANNEL, (payload) => {
    const [userId = '', itemId = ''] = payload.split(':');
    const chunk = `event: inbox.item\ndata: ${JSON.stringify({ id: itemId })}\n\n`;
    for (const stream of streams.get(userId) ?? []) stream.write(chunk);
  });
  const heartbeat = setInterval(() => {
    for (const set of streams.values()) for (const stream of set) stream.write(': keep-alive\n\n');
  }, EVENT_HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();

  return {
    /** Adds a stream of `userId`'s arrivals; answers how to remove it. */
    add(userId: string, stream: { write(chunk: string): void; end(): void }): () => void {
      const set = streams.get(userId) ?? new Set();
      set.add(stream);
      streams.set(userId, set);
      return () => {
        set.delete(stream);
        if (set.size === 0) streams.delete(userId);
      };
    },
    /** Ends every stream (the app is closing). */
    close() {
      clearInterval(heartbeat);
      for (const set of streams.values()) for (const stream of set) stream.end();
      streams.clear();
    },
  };
}
