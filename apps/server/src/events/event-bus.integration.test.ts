import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Traveller } from '../../test/clients';
import { createItinerary, createStage } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createEventBus, type EventBus, type Subscriber } from './event-bus';
import { presentEvent } from './event.presenter';
import { EVENTS_CHANNEL, findEvent } from './events.repository';
import { createNotifications, type Notifications } from './notifications';

// A bus of its own on the file's database, beside the app's: what it sends to the database and
// to its streams is watched here, with the app making the changes.
let server: TestServer;
let owner: Traveller;
let pool: pg.Pool;
let notifications: Notifications;
let bus: EventBus;
/** Presence NOTIFYs sent through the pool, and the most at once. */
const presenceQueries = { sent: 0, inFlight: 0, most: 0 };
/** Queries of this bus that read event rows (a fan-out reading its event back, a replay). */
let eventReads = 0;

beforeAll(async () => {
  server = await startTestServer({ mail: 'outbox' });
  owner = await server.traveller({ label: 'owner' });
  pool = new pg.Pool({ connectionString: server.testDatabase.url, max: 4 });
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const counting = async (...args: unknown[]) => {
    const first = args[0];
    const text =
      typeof first === 'object' && first !== null && 'text' in first
        ? String(first.text)
        : String(first);
    if (/from "itinerary_event"/.test(text)) eventReads += 1;
    if (!String(args[0]).includes('pg_notify')) return query(...args);
    presenceQueries.sent += 1;
    presenceQueries.inFlight += 1;
    presenceQueries.most = Math.max(presenceQueries.most, presenceQueries.inFlight);
    try {
      return await query(...args);
    } finally {
      presenceQueries.inFlight -= 1;
    }
  };
  pool.query = counting as typeof pool.query;
  notifications = createNotifications({ pool, logger: server.app.log });
  bus = createEventBus({
    db: drizzle({ client: pool }),
    pool,
    notifications,
    logger: server.app.log,
  });
  await notifications.start();
  await bus.start();
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await notifications?.close();
  await pool?.end();
  await server?.close();
});

interface Watcher {
  subscriber: Subscriber;
  chunks: (string | Buffer)[];
}

function watcher(itineraryId: string, onWrite?: (chunk: string | Buffer) => void): Watcher {
  const chunks: (string | Buffer)[] = [];
  return {
    chunks,
    subscriber: {
      itineraryId,
      viewer: { id: randomUUID(), name: 'Watcher' },
      write: (chunk) => {
        chunks.push(chunk);
        onWrite?.(chunk);
      },
      end: () => {},
    },
  };
}

async function until(condition: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const isEvent = (kind: string) => (chunk: string | Buffer) =>
  chunk.toString().includes(`event: ${kind}\n`);

describe('the event bus under many streams', () => {
  it('streams opening on many trips at once announce their presence in one query, not one per trip', async () => {
    presenceQueries.sent = 0;
    presenceQueries.most = 0;
    const unsubscribes = await Promise.all(
      Array.from({ length: 40 }, () => bus.subscribe(watcher(randomUUID()).subscriber, null)),
    );
    await until(() => presenceQueries.sent > 0 && presenceQueries.inFlight === 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Every trip's presence in one statement: a storm over many trips holds one connection for
    // it, never one per trip queueing for the pool.
    expect(presenceQueries.most).toBe(1);
    expect(presenceQueries.sent).toBe(1);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it('an event is made into bytes once for all its streams, written in batches that let the loop run', async () => {
    const trip = await createItinerary(owner, { title: 'Lisbon' });
    let yielded = false;
    let yieldedBeforeLast: boolean | undefined;
    const watchers: Watcher[] = [];
    const count = 1500;
    for (let index = 0; index < count; index += 1) {
      watchers.push(
        watcher(trip.id, (chunk) => {
          if (!isEvent('stage.created')(chunk)) return;
          // The first stream's write asks for a turn of the loop; the last one's sees whether
          // the loop ran in between (one synchronous pass over every stream would not let it).
          if (index === 0) setImmediate(() => (yielded = true));
          if (index === count - 1) yieldedBeforeLast = yielded;
        }),
      );
    }
    const unsubscribes = await Promise.all(
      watchers.map((one) => bus.subscribe(one.subscriber, null)),
    );
    await createStage(owner, trip.id, { title: 'Alfama' });
    await until(() => yieldedBeforeLast !== undefined);
    const sent = watchers.map((one) => one.chunks.find(isEvent('stage.created')));
    expect(sent[0]).toBeInstanceOf(Buffer);
    // The very same bytes for every stream: no copy, no encoding per stream.
    for (const chunk of sent) expect(chunk).toBe(sent[0]);
    expect(yieldedBeforeLast).toBe(true);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it('events reach each stream in the order they were made, however the batches interleave', async () => {
    const trip = await createItinerary(owner, { title: 'Porto' });
    const watchers = Array.from({ length: 1000 }, () => watcher(trip.id));
    const unsubscribes = await Promise.all(
      watchers.map((one) => bus.subscribe(one.subscriber, null)),
    );
    const titles = ['Ribeira', 'Foz', 'Bonfim'];
    await Promise.all(titles.map((title) => createStage(owner, trip.id, { title })));
    const created = (one: Watcher) => one.chunks.filter(isEvent('stage.created'));
    await until(() => watchers.every((one) => created(one).length === titles.length));
    const ids = (one: Watcher) =>
      created(one).map((chunk) => /^id: (\d+)/.exec(chunk.toString())?.[1]);
    const first = ids(watchers[0] as Watcher);
    expect([...first].sort((a, b) => Number(a) - Number(b))).toEqual(first);
    for (const one of watchers) expect(ids(one)).toEqual(first);
    for (const unsubscribe of unsubscribes) unsubscribe();
  });
});

describe('an event carried in its NOTIFY', () => {
  const dataOf = (chunk: string | Buffer | undefined) =>
    JSON.parse(/^data: (.*)$/m.exec(chunk?.toString() ?? '')?.[1] ?? 'null') as unknown;

  it('reaches the streams of another process without a read of its row, as that read would give it', async () => {
    const trip = await createItinerary(owner, { title: 'Seville' });
    const one = watcher(trip.id);
    const unsubscribe = await bus.subscribe(one.subscriber, null);
    eventReads = 0;
    await createStage(owner, trip.id, { title: 'Triana' });
    await until(() => one.chunks.some(isEvent('stage.created')));
    // The app's process wrote the row and its NOTIFY; this bus, another process, only listened.
    expect(eventReads).toBe(0);
    const sent = dataOf(one.chunks.find(isEvent('stage.created'))) as { id: number };
    const row = await findEvent(drizzle({ client: pool }), sent.id);
    if (!row) throw new Error('the event has no row');
    expect(sent).toEqual(JSON.parse(JSON.stringify(presentEvent(row))));
    unsubscribe();
  });

  it('is read back when its NOTIFY names it only (too big to carry, or sent by an older release)', async () => {
    const trip = await createItinerary(owner, { title: 'Cádiz' });
    const one = watcher(trip.id);
    const unsubscribe = await bus.subscribe(one.subscriber, null);
    await createStage(owner, trip.id, { title: 'La Viña' });
    await until(() => one.chunks.some(isEvent('stage.created')));
    const made = dataOf(one.chunks.find(isEvent('stage.created'))) as { id: number };
    const later = watcher(trip.id);
    const unsubscribeLater = await bus.subscribe(later.subscriber, null);
    eventReads = 0;
    await pool.query('select pg_notify($1, $2)', [
      EVENTS_CHANNEL,
      `${trip.id}:${made.id}:stage.created:${Date.now()}`,
    ]);
    await until(() => later.chunks.some(isEvent('stage.created')));
    expect(eventReads).toBe(1);
    expect(dataOf(later.chunks.find(isEvent('stage.created')))).toEqual(made);
    unsubscribe();
    unsubscribeLater();
  });
});
