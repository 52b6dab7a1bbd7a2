import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ItineraryEvent, Presence } from '@jammy/shared/sharing';
import { afterAll, describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import { freePort } from '../../../test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from '../../../test/server-process';
import { openEventStream, type SseConnection } from './sse-client.test-helpers';

const PUBLIC_URL = 'http://jammy.test';
let dataDir: string;
const servers: ServerProcess[] = [];
const streams: SseConnection[] = [];

const test = serverTest({ mail: 'outbox' });

// The file's server migrates the database and makes the accounts; its session secret is the
// database's, so the processes started below accept the same cookies.
test.beforeAll(async ({ server }) => {
  ensureServerBuilt();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-test-events-'));
  const env = {
    DATABASE_URL: server.testDatabase.url,
    WEB_DIST_DIR: server.config.webDistDir,
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'warn',
  };
  for (let index = 0; index < 2; index += 1) {
    let port = await freePort();
    while (servers.some((server) => server.port === port)) port = await freePort();
    servers.push(startServer(port, env));
  }
  await Promise.all(servers.map((server) => waitForHealthy(server, 45_000)));
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const server of servers) await terminate(server, 10_000);
  for (const server of servers) killIfRunning(server);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function url(server: ServerProcess, pathname: string) {
  return `http://127.0.0.1:${server.port}${pathname}`;
}

async function stream(server: ServerProcess, user: SignedInUser, itineraryId: string) {
  const connection = await openEventStream(url(server, `/api/itineraries/${itineraryId}/events`), {
    cookie: user.cookie,
  });
  streams.push(connection);
  expect(connection.status).toBe(200);
  return connection;
}

describe('live events across two server processes on one PostgreSQL', () => {
  test('a write through process A reaches a stream on process B within a second; presence is merged', async ({
    server,
  }) => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('two servers expected');
    const [owner, editor] = await Promise.all([
      server.traveller({ label: 'owner' }),
      server.traveller({ label: 'editor' }),
    ]);
    const trip = await createItinerary(owner, { title: 'Two processes' });
    await addMember(server, trip.id, editor.id, 'editor');

    const onB = await stream(b, owner, trip.id);
    const onA = await stream(a, editor, trip.id);
    // Each process shows both viewers, though each holds only one of the streams.
    for (const connection of [onA, onB]) {
      const presence = await connection.next(
        (event) => event.event === 'presence' && (event.data as Presence).viewers.length === 2,
      );
      expect((presence.data as Presence).viewers.map((viewer) => viewer.id).sort()).toEqual(
        [owner.id, editor.id].sort(),
      );
    }

    const written = Date.now();
    const response = await fetch(url(a, `/api/itineraries/${trip.id}/places`), {
      method: 'POST',
      headers: { cookie: editor.cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Fushimi Inari' }),
    });
    expect(response.status).toBe(201);
    const received = await onB.next((event) => event.event === 'place.created', 1000);
    expect(Date.now() - written).toBeLessThan(1000);
    expect(received.data as ItineraryEvent).toMatchObject({
      kind: 'place.created',
      actor: { id: editor.id },
      data: { name: 'Fushimi Inari' },
    });

    // A viewer leaving process A disappears from the list on process B.
    onA.close();
    await onB.next(
      (event) => event.event === 'presence' && (event.data as Presence).viewers.length === 1,
    );

    // Stopping with a stream still open ends it and exits cleanly.
    const exits = await Promise.all(servers.map((server) => terminate(server, 10_000)));
    expect(exits, servers.map((server) => server.output()).join('\n---\n')).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    await onB.ended;
  }, 30_000);
});
