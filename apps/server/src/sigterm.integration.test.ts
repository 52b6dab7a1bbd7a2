import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createSignedInUser, type SignedInUser } from '../test/itinerary-helpers';
import { embeddedDatabaseUrl, postgresProcessesFor, terminate } from '../test/server-process';
import { buildTestApp } from '../test/test-app';
import { openEventStream } from './modules/sharing/sse-client.test-helpers';
import { send, useBuiltServers } from './crash-safety.test-helpers';

/**
 * SIGTERM (issue 16): the built server on its embedded PostgreSQL drains the requests in
 * flight, ends its event streams and stops PostgreSQL before it exits, and every write it
 * acknowledged is there after a restart.
 */

const built = useBuiltServers();

async function signedInUserOn(dataDir: string, label: string): Promise<SignedInUser> {
  const setup = await buildTestApp({ databaseUrl: await embeddedDatabaseUrl(dataDir) });
  try {
    return await createSignedInUser(setup, label);
  } finally {
    await setup.close();
  }
}

describe('SIGTERM', () => {
  it('drains requests in flight, ends event streams cleanly and stops PostgreSQL before exiting', async () => {
    const dataDir = await built.dataDir('jammy-test-sigterm-');
    const server = await built.startOn(dataDir);
    const user = await signedInUserOn(dataDir, 'sigterm');
    const created = await send(server, user, 'POST', '/api/itineraries', { title: 'Draining' });
    expect(created.status).toBe(201);
    const itineraryId = ((await created.json()) as { id: string }).id;
    const stream = await openEventStream(
      `http://127.0.0.1:${server.port}/api/itineraries/${itineraryId}/events`,
      { cookie: user.cookie },
    );
    expect(stream.status).toBe(200);
    const clusterDir = path.join(dataDir, 'postgres', 'cluster');
    expect(postgresProcessesFor(clusterDir).length).toBeGreaterThan(0);

    // Writes already sent when the signal arrives are all answered: SIGTERM goes out as
    // soon as the first answer is back, so the others are in flight.
    // Open the connections first (kept alive), so each write below is sent at once.
    const warm = Array.from({ length: 40 }, () =>
      fetch(`http://127.0.0.1:${server.port}/api/health`).then((response) => response.text()),
    );
    await Promise.all(warm);
    let firstAnswer: () => void = () => {};
    const answeredOnce = new Promise<void>((resolve) => (firstAnswer = resolve));
    const inFlight = Array.from({ length: 40 }, (_, index) =>
      send(server, user, 'POST', `/api/itineraries/${itineraryId}/stages`, {
        title: `Stage ${index}`,
      }).then((response) => {
        firstAnswer();
        return response.status;
      }),
    );
    await answeredOnce;
    const exit = terminate(server, 20_000);
    const statuses = await Promise.allSettled(inFlight);
    // The server ends the stream itself before it exits.
    await stream.ended;
    expect(await exit, server.output()).toEqual({ code: 0, signal: null });
    const answered = statuses.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    expect(answered.length).toBe(inFlight.length);
    for (const status of answered) expect([201, 503]).toContain(status);
    // PostgreSQL was stopped (fast shutdown) before the exit: no process, no lock file.
    expect(postgresProcessesFor(clusterDir)).toEqual([]);
    await expect(readFile(path.join(clusterDir, 'postmaster.pid'))).rejects.toThrow();

    // Every stage acknowledged with 201 is there after a restart.
    const acknowledged = answered.filter((status) => status === 201).length;
    expect(acknowledged).toBeGreaterThan(1);
    const restarted = await built.startOn(dataDir);
    const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 1 });
    try {
      const count = await pool.query<{ n: number }>(
        'select count(*)::int as n from stage where itinerary_id = $1',
        [itineraryId],
      );
      expect(count.rows[0]?.n).toBeGreaterThanOrEqual(acknowledged);
      console.log(
        `SIGTERM: ${acknowledged} of ${inFlight.length} writes in flight acknowledged, ${count.rows[0]?.n} found`,
      );
    } finally {
      await pool.end();
    }
    expect(await terminate(restarted, 20_000)).toEqual({ code: 0, signal: null });
  }, 400_000);

  it('with DRAIN_DELAY_SECONDS, turns unready and refuses new streams at once, still answers everything else and keeps its open streams for the delay, then drains and exits', async () => {
    const delayMs = 5000;
    const dataDir = await built.dataDir('jammy-test-drain-delay-');
    const server = await built.startOn(dataDir, undefined, {
      DRAIN_DELAY_SECONDS: String(delayMs / 1000),
    });
    const user = await signedInUserOn(dataDir, 'drain-delay');
    const base = `http://127.0.0.1:${server.port}`;
    const created = await send(server, user, 'POST', '/api/itineraries', { title: 'Delayed' });
    expect(created.status).toBe(201);
    const itineraryId = ((await created.json()) as { id: string }).id;
    const events = `${base}/api/itineraries/${itineraryId}/events`;
    const stream = await openEventStream(events, { cookie: user.cookie });
    expect(stream.status).toBe(200);
    let streamEndedAt = 0;
    void stream.ended.then(() => (streamEndedAt = Date.now()));

    const signalledAt = Date.now();
    const exit = terminate(server, delayMs + 20_000);
    // A proxy's health check sees the process unready at once…
    let ready = 200;
    while (ready === 200 && Date.now() - signalledAt < delayMs) {
      ready = (await fetch(`${base}/readyz`)).status;
    }
    expect(ready).toBe(503);
    // …while a request that still reaches it in the meantime is answered as usual, and a new
    // event stream is sent elsewhere.
    const read = await fetch(`${base}/api/itineraries/${itineraryId}`, {
      headers: { cookie: user.cookie },
    });
    const write = await send(server, user, 'POST', `/api/itineraries/${itineraryId}/stages`, {
      title: 'During the delay',
    });
    const another = await openEventStream(events, { cookie: user.cookie });
    another.close();
    const answeredWithin = Date.now() - signalledAt;
    expect([read.status, write.status, another.status]).toEqual([200, 201, 503]);
    expect(Number(another.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(answeredWithin).toBeLessThan(delayMs);
    expect(streamEndedAt).toBe(0);

    // Then it drains as without the delay: the open stream ends, the process exits with 0.
    await stream.ended;
    expect(streamEndedAt - signalledAt).toBeGreaterThanOrEqual(delayMs - 500);
    expect(await exit, server.output()).toEqual({ code: 0, signal: null });
  }, 400_000);
});
