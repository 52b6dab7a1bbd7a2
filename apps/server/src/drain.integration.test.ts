import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { buildTestApp } from '../test/test-app';
import { createEventBus } from './events/event-bus';
import { createNotifications } from './events/notifications';

/**
 * Draining (SIGTERM, main.ts calls app.close()): a reverse proxy keeps connections to each
 * process open and may send a request on one in the moment before it learns that the process
 * is stopping. That request is answered as usual, and its connection closed after it, so the
 * proxy's clients see no failure during a rolling restart (the fleet test, npm run test:fleet).
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

interface Answer {
  status: number;
  connection: string | undefined;
  retryAfter?: string;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      response.resume();
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          ...(response.headers['retry-after']
            ? { retryAfter: response.headers['retry-after'] }
            : {}),
        }),
      );
    });
    request.once('error', reject);
  });
}

describe('draining', () => {
  it('answers a request that reaches it after close() began and before its listener closed, on a connection it then closes', async () => {
    const testApp = await buildTestApp({ databaseUrl: database.url });
    // Holds the drain between its start and the closing of the listener, where a proxy that
    // has not yet seen the process turn unready may still open a connection to it.
    let letListenerClose: () => void = () => {};
    const listenerMayClose = new Promise<void>((resolve) => (letListenerClose = resolve));
    let drainStarted: () => void = () => {};
    const draining = new Promise<void>((resolve) => (drainStarted = resolve));
    testApp.app.addHook('preClose', async () => {
      drainStarted();
      await listenerMayClose;
    });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (testApp.app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect((await get(port, '/api/client-config', agent)).status).toBe(200);
      const closed = testApp.close();
      await draining;
      const during = await get(port, '/api/client-config', new http.Agent());
      expect(during).toEqual({ status: 200, connection: 'close' });
      // An event stream would outlive the drain: it is sent to another process.
      const stream = await get(
        port,
        '/api/itineraries/0190f3c2-7a51-7000-8000-00000000beef/events',
        new http.Agent(),
      );
      expect(stream.status).toBe(503);
      expect(Number(stream.retryAfter)).toBeGreaterThanOrEqual(1);
      letListenerClose();
      await closed;
    } finally {
      letListenerClose();
      agent.destroy();
    }
  });

  it('ends at once a stream whose request was still being checked when the streams were closed', async () => {
    const testApp = await buildTestApp({ databaseUrl: database.url });
    const { db, pool } = testApp.database;
    const notifications = createNotifications({ pool, logger: testApp.app.log });
    const bus = createEventBus({ db, pool, notifications, logger: testApp.app.log });
    try {
      await bus.close();
      let ended = false;
      await bus.subscribe(
        {
          itineraryId: '0190f3c2-7a51-7000-8000-00000000beef',
          viewer: { id: 'late', name: 'Late' },
          write: () => {},
          end: () => {
            ended = true;
          },
        },
        null,
      );
      // Left open, it would hold the process until the shutdown timeout (exit 1).
      expect(ended).toBe(true);
    } finally {
      await testApp.close();
    }
  });
});
