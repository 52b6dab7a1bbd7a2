import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { createItinerary, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import { buildTestApp } from '../../../test/test-app';
import { POOL_CONNECTIONS } from '../../db/client';
import { getOrCreateSessionSecret } from '../meta/meta.repository';
import { MAX_OPENING_STREAMS } from './events.routes';
import { openEventStream } from './sse-client.test-helpers';
import { describeStorm, reconnectStorm, type StormTarget } from '../../../test/reconnect-storm';

const STREAMS = 300;
const ITINERARIES = 15;

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let base: string;
const owners: Traveller[] = [];
const targets: StormTarget[] = [];

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  // One at a time: sign-up hashes a password, and a loaded machine need not do fifteen at once.
  for (let index = 0; index < ITINERARIES; index += 1) {
    owners.push(await server.traveller({ label: `storm${index}` }));
  }
  const viewers: Traveller[] = [];
  for (let index = 0; index < 5; index += 1) {
    viewers.push(await server.traveller({ label: `watch${index}` }));
  }
  for (const owner of owners) {
    const itinerary = await createItinerary(owner, { title: 'Storm' });
    for (const viewer of viewers) await addMember(server, itinerary.id, viewer.id, 'viewer');
    const readers = [owner, ...viewers];
    for (let index = 0; index < STREAMS / ITINERARIES; index += 1) {
      const reader = readers[index % readers.length] ?? owner;
      targets.push({ itineraryId: itinerary.id, cookie: reader.cookie });
    }
  }
}, 120_000);

describe('a reconnect storm of event streams', () => {
  test(`${STREAMS} streams at once: each opens or is told to retry (503 + Retry-After), every open one gets the next change`, async () => {
    const ownerOf = new Map<string, Traveller>();
    targets.forEach((target, index) => {
      const owner = owners[Math.floor(index / (STREAMS / ITINERARIES))];
      if (owner) ownerOf.set(target.itineraryId, owner);
    });
    const { result, close } = await reconnectStorm({
      baseUrl: base,
      targets,
      changeEvent: 'stage.created',
      change: async (itineraryId) => {
        const owner = ownerOf.get(itineraryId);
        if (!owner) throw new Error('no owner');
        await createStage(owner, itineraryId, { title: 'After the storm' });
      },
    });
    try {
      console.log(describeStorm(result));
      // Never a 500 (or anything but "open" and "retry later").
      expect(
        Object.keys(result.firstAnswers).every((status) => ['200', '503'].includes(status)),
      ).toBe(true);
      expect(result.withoutRetryAfter).toBe(0);
      expect(result.neverOpened).toBe(0);
      expect(result.opened).toBe(STREAMS);
      expect(result.missed).toBe(0);
      expect(result.received).toBe(STREAMS);
    } finally {
      close();
    }
  }, 180_000);
});

describe('an exhausted database pool', () => {
  async function appWithPool(connectionTimeoutMillis: number) {
    const secret = await getOrCreateSessionSecret(server.database.db);
    const pool = new pg.Pool({
      connectionString: server.testDatabase.url,
      max: 1,
      connectionTimeoutMillis,
    });
    let closed = false;
    const built = await buildTestApp({
      databaseUrl: server.testDatabase.url,
      env: { SESSION_SECRET: secret },
      database: {
        db: drizzle({ client: pool }),
        pool,
        kind: 'external',
        close: async () => {
          if (closed) return;
          closed = true;
          await pool.end();
        },
      },
    });
    return { ...built, pool };
  }

  test('openings that need the database wait before the pool, never inside it: fewer than its connections', () => {
    // Openings beyond the pool's connections would queue in the pool, ahead of the writes
    // (21 requests gave up there in a storm of 10,000 with 16 openings for 10 connections).
    expect(MAX_OPENING_STREAMS).toBeLessThan(POOL_CONNECTIONS);
  });

  test(`streams beyond ${MAX_OPENING_STREAMS} being opened at once are told to retry at once, without waiting for the pool`, async () => {
    const { app, pool, close } = await appWithPool(4000);
    const owner = owners[0];
    const itineraryId = targets[0]?.itineraryId;
    if (!owner || !itineraryId) throw new Error('no set-up');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/itineraries/${itineraryId}/events`;
    const held = await pool.connect();
    const started = performance.now();
    const answers = Array.from({ length: MAX_OPENING_STREAMS + 4 }, (_, index) =>
      // In order, so that the first ones are those being opened.
      new Promise((resolve) => setTimeout(resolve, index * 5)).then(() =>
        openEventStream(url, { cookie: owner.cookie }).then((connection) => ({
          connection,
          ms: performance.now() - started,
        })),
      ),
    );
    try {
      // The four beyond the limit answer long before the pool's 3 s wait is over.
      const early = await Promise.race([
        Promise.all(answers.slice(MAX_OPENING_STREAMS)),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 2500)),
      ]);
      expect(early).not.toBeNull();
      for (const { connection, ms } of early ?? []) {
        expect(connection.status).toBe(503);
        expect(Number(connection.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(ms).toBeLessThan(2500);
      }
    } finally {
      held.release();
    }
    // The others were waiting for the pool: they open now.
    const rest = await Promise.all(answers.slice(0, MAX_OPENING_STREAMS));
    for (const { connection } of rest) connection.close();
    for (const { connection } of rest) expect([200, 503]).toContain(connection.status);
    expect(rest.filter(({ connection }) => connection.status === 200).length).toBeGreaterThan(0);
    await close();
  });

  test('answers 503 with Retry-After (never 500) to streams and reads, and serves again once free', async () => {
    const { app, pool, close } = await appWithPool(100);
    const owner = owners[0];
    const itineraryId = targets[0]?.itineraryId;
    if (!owner || !itineraryId) throw new Error('no set-up');
    try {
      const held = await pool.connect();
      try {
        for (const url of [`/api/itineraries/${itineraryId}/events`, '/api/itineraries']) {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { cookie: owner.cookie },
          });
          expect(response.statusCode, `${url}: ${response.body}`).toBe(503);
          expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(response.json()).toMatchObject({ error: { code: 'service/unavailable' } });
        }
      } finally {
        held.release();
      }
      const again = await app.inject({
        method: 'GET',
        url: '/api/itineraries',
        headers: { cookie: owner.cookie },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});
