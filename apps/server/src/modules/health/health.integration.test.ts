import net from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { freePort } from '../../../test/ports';
import { buildTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { createNotifications } from '../../events/notifications';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase.drop();
});

/** A Database over a pool of our making, so a test can break it. */
function databaseOver(pool: pg.Pool): Database {
  let closed = false;
  return {
    db: drizzle({ client: pool }),
    pool,
    kind: 'external',
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** The app with its health checks asking `pool`, on the file's migrated database otherwise. */
const appOver = (pool: pg.Pool) =>
  buildTestApp({ databaseUrl: testDatabase.url, database: databaseOver(pool) });

/** A pool to a port nothing listens on: every connection is refused within a second. */
async function poolToNowhere(): Promise<pg.Pool> {
  const port = await freePort();
  const pool = new pg.Pool({
    connectionString: `postgres://nobody:secret@127.0.0.1:${port}/nothing`,
    connectionTimeoutMillis: 1000,
  });
  pool.on('error', () => undefined);
  return pool;
}

describe('GET /api/health', () => {
  it('answers 200 with the database up and the build id, never cached', async () => {
    const { app, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<Record<string, unknown>>();
      expect(body).toEqual({
        status: 'ok',
        build: 'test-build',
        checks: { database: 'up' },
        databaseMs: expect.any(Number),
      });
    } finally {
      await close();
    }
  });

  it('answers 503 (not 500) once the database connection pool has been closed', async () => {
    const { app, database, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      await database.close();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        status: 'unavailable',
        build: 'test-build',
        checks: { database: 'down' },
      });
    } finally {
      await close();
    }
  });

  it('answers 503 when nothing listens on the database port', async () => {
    const { app, close } = await appOver(await poolToNowhere());
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        build: 'test-build',
        checks: { database: 'down' },
      });
    } finally {
      await close();
    }
  });

  it('answers 503 within its 2 s timeout when the database accepts but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    if (!address || typeof address !== 'object') throw new Error('no address');
    const pool = new pg.Pool({
      connectionString: `postgres://nobody:secret@127.0.0.1:${address.port}/nothing`,
      connectionTimeoutMillis: 10_000,
    });
    pool.on('error', () => undefined);
    const { app, close } = await appOver(pool);
    try {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json<{ checks: unknown }>().checks).toEqual({ database: 'down' });
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await close();
    }
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 ready once migrated, and 503 not accepting as soon as the app closes', async () => {
    const { app, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        status: 'ready',
        build: 'test-build',
        checks: { database: 'up', migrations: 'done', events: 'listening', accepting: true },
      });
      // Liveness stays the plain check.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // Once close() has begun, readiness answers 503 at once (the balancer stops sending work).
      const closing = app.close();
      const during = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(during.statusCode).toBe(503);
      await closing;
    } finally {
      await close();
    }
  });

  it('answers 503 with migrations pending on a database that was never migrated', async () => {
    const empty = await createTestDatabase();
    const { app, close } = await appOver(new pg.Pool({ connectionString: empty.url }));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        build: 'test-build',
        checks: { database: 'up', migrations: 'pending', events: 'listening', accepting: true },
      });
    } finally {
      await close();
      await empty.drop();
    }
  });

  it('answers 503 with the database down when nothing listens on its port', async () => {
    const { app, close } = await appOver(await poolToNowhere());
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ checks: unknown }>().checks).toEqual({
        database: 'down',
        migrations: 'unknown',
        events: 'down',
        accepting: true,
      });
    } finally {
      await close();
    }
  });
});

describe('GET /readyz and GET /livez (the probes under the names operators expect)', () => {
  it('/readyz answers what /api/health/ready answers, and 503 as soon as the app closes', async () => {
    const { app, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    try {
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({
        status: 'ready',
        build: 'test-build',
        checks: { database: 'up', migrations: 'done', events: 'listening', accepting: true },
      });
      const legacy = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(legacy.json()).toEqual(response.json());

      const closing = app.close();
      const during = await app.inject({ method: 'GET', url: '/readyz' });
      expect(during.statusCode).toBe(503);
      await closing;
    } finally {
      await close();
    }
  });

  it('/readyz answers 503 with events down while the LISTEN connection is not listening', async () => {
    const { app, database, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    const notifications = createNotifications({ pool: database.pool, logger: app.log });
    const { app: probed, close: closeProbed } = await buildTestApp({
      databaseUrl: testDatabase.url,
      notifications,
    });
    try {
      expect((await probed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // The connection that carries live events between processes is gone (and not coming
      // back): this process would miss other processes' changes, so it takes no traffic.
      await notifications.close();
      const response = await probed.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        build: 'test-build',
        checks: { database: 'up', migrations: 'done', events: 'down', accepting: true },
      });
    } finally {
      await closeProbed();
      await close();
    }
  });

  it('/livez answers 200 without asking the database, even when it is gone', async () => {
    const { app, database, close } = await buildTestApp({ databaseUrl: testDatabase.url });
    try {
      const response = await app.inject({ method: 'GET', url: '/livez' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ status: 'ok', build: 'test-build' });

      await database.close();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      const alive = await app.inject({ method: 'GET', url: '/livez' });
      expect(alive.statusCode).toBe(200);
      expect(alive.json()).toEqual({ status: 'ok', build: 'test-build' });
    } finally {
      await close();
    }
  });
});
