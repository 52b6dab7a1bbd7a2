import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { migrationJournal } from '../test/migrations';
import { freePort } from '../test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  postgresProcessesFor,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from '../test/server-process';
import { createWebDistFixture, type WebDistFixture } from '../test/web-dist';

const STOP_WITHIN_MS = 15_000;
const HEALTHY_WITHIN_MS = 45_000;
/** An idle server has nothing to finish: it stops as soon as its database is closed. */
const IDLE_STOP_WITHIN_MS = 2_000;

let testDatabase: TestDatabase;
let fixture: WebDistFixture;
const started: ServerProcess[] = [];
const tempDirs: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function start(port: number, env: Record<string, string>): ServerProcess {
  const server = startServer(port, env);
  started.push(server);
  return server;
}

/** A TCP connection to the server, once open. */
function openSocket(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

beforeAll(async () => {
  ensureServerBuilt();
  testDatabase = await createTestDatabase();
  fixture = await createWebDistFixture();
});

afterAll(async () => {
  for (const server of started) killIfRunning(server);
  await Promise.all(started.map((server) => server.exited));
  await testDatabase?.drop();
  await fixture?.remove();
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the built server (node dist/main.js)', () => {
  it('two processes share one PostgreSQL, both become healthy, both stop cleanly on SIGTERM', async () => {
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    const env = {
      DATABASE_URL: testDatabase.url,
      WEB_DIST_DIR: fixture.dir,
      DATA_DIR: await tempDir('jammy-test-proc-data-'),
    };
    const servers = [start(portA, env), start(portB, env)];

    const healths = await Promise.all(
      servers.map((server) => waitForHealthy(server, HEALTHY_WITHIN_MS)),
    );
    for (const health of healths) {
      expect(health).toMatchObject({
        status: 'ok',
        build: 'test-build',
        checks: { database: 'up' },
      });
    }
    for (const server of servers) {
      const page = await fetch(`http://127.0.0.1:${server.port}/itineraries`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html lang="en" dir="ltr">');
    }

    // Both migrated the same fresh database at once: each migration applied once, one secret.
    const pool = new pg.Pool({ connectionString: testDatabase.url });
    try {
      const applied = await pool.query(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows).toEqual([{ n: migrationJournal().length }]);
      const meta = await pool.query('select key, value from app_meta order by key');
      expect(meta.rows.map((row: { key: string }) => row.key)).toEqual([
        'build_id',
        'session_secret',
      ]);
    } finally {
      await pool.end();
    }

    const stopStarted = Date.now();
    const exits = await Promise.all(servers.map((server) => terminate(server, STOP_WITHIN_MS)));
    const outputs = servers.map((server) => server.output()).join('\n---\n');
    expect(exits, outputs).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(Date.now() - stopStarted).toBeLessThan(STOP_WITHIN_MS);
    for (const server of servers) {
      await expect(fetch(`http://127.0.0.1:${server.port}/api/health`)).rejects.toThrow();
    }
  }, 90_000);

  it('idle, with connections that sent no request or half of one, stops at once on SIGTERM', async () => {
    const server = start(await freePort(), {
      DATABASE_URL: testDatabase.url,
      WEB_DIST_DIR: fixture.dir,
      DATA_DIR: await tempDir('jammy-test-idle-'),
    });
    await waitForHealthy(server, HEALTHY_WITHIN_MS);
    // What a browser leaves open on an idle server: a connection opened ahead of need that
    // never carried a request, one whose request has not finished arriving, and a kept-alive one.
    const preconnected = await openSocket(server.port);
    const halfSent = await openSocket(server.port);
    halfSent.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const keptAlive = await openSocket(server.port);
    keptAlive.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await new Promise((resolve) => keptAlive.once('data', resolve));

    const stopStarted = Date.now();
    const exit = await terminate(server, STOP_WITHIN_MS);
    const took = Date.now() - stopStarted;
    console.info(`SIGTERM of an idle server with 3 open connections: exited after ${took} ms`);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(IDLE_STOP_WITHIN_MS);
    expect(server.output()).not.toContain('shutdown took too long');
    for (const socket of [preconnected, halfSent, keptAlive]) socket.destroy();
  }, 90_000);

  it('without DATABASE_URL starts its own PostgreSQL and stops it on SIGTERM', async () => {
    const dataDir = await tempDir('jammy-test-embedded-');
    await chmod(dataDir, 0o755);
    const server = start(await freePort(), { DATA_DIR: dataDir, WEB_DIST_DIR: fixture.dir });

    const health = await waitForHealthy(server, HEALTHY_WITHIN_MS);
    expect(health).toMatchObject({ status: 'ok', checks: { database: 'up' } });
    const clusterDir = path.join(dataDir, 'postgres', 'cluster');
    const pidFile = path.join(clusterDir, 'postmaster.pid');
    expect(existsSync(pidFile)).toBe(true);
    const postmasterPid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    expect(postgresProcessesFor(clusterDir)).toContain(postmasterPid);

    const exit = await terminate(server, STOP_WITHIN_MS);
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    expect(postgresProcessesFor(clusterDir)).toEqual([]);
    expect(existsSync(`/proc/${postmasterPid}`)).toBe(false);
    // A clean PostgreSQL shutdown removes its lock file.
    expect(existsSync(pidFile)).toBe(false);
  }, 90_000);
});
