import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createItinerary,
  createSignedInUser,
  createStage,
  startItineraryTest,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { buildTestApp } from '../../../test/test-app';
import { getOrCreateSessionSecret } from '../meta/meta.repository';
import { describeStorm, reconnectStorm, type StormTarget } from '../../../test/reconnect-storm';

const STREAMS = 300;
const ITINERARIES = 15;

let test: ItineraryTest;
let base: string;
let owners: SignedInUser[] = [];
const targets: StormTarget[] = [];

beforeAll(async () => {
  test = await startItineraryTest();
  await test.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(test.testApp.app.server.address() as AddressInfo).port}`;
  owners = await Promise.all(
    Array.from({ length: ITINERARIES }, (_, index) =>
      createSignedInUser(test.testApp, `storm${index}`),
    ),
  );
  const viewers = await Promise.all(
    Array.from({ length: 5 }, (_, index) => createSignedInUser(test.testApp, `watch${index}`)),
  );
  for (const owner of owners) {
    const itinerary = await createItinerary(test.testApp, owner, { title: 'Storm' });
    for (const viewer of viewers) await addMember(test.testApp, itinerary.id, viewer.id, 'viewer');
    const readers = [owner, ...viewers];
    for (let index = 0; index < STREAMS / ITINERARIES; index += 1) {
      const reader = readers[index % readers.length] ?? owner;
      targets.push({ itineraryId: itinerary.id, cookie: reader.cookie });
    }
  }
}, 120_000);

afterAll(async () => {
  await test?.close();
});

describe('a reconnect storm of event streams', () => {
  it(`${STREAMS} streams at once: each opens or is told to retry (503 + Retry-After), every open one gets the next change`, async () => {
    const ownerOf = new Map<string, SignedInUser>();
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
        await createStage(test.testApp, owner, itineraryId, { title: 'After the storm' });
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
  it('answers 503 with Retry-After (never 500) to streams and reads, and serves again once free', async () => {
    const secret = await getOrCreateSessionSecret(test.testApp.database.db);
    const pool = new pg.Pool({
      connectionString: test.database.url,
      max: 1,
      connectionTimeoutMillis: 100,
    });
    let closed = false;
    const { app, close } = await buildTestApp({
      databaseUrl: test.database.url,
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
