import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrationJournal } from '../../test/migrations';
import { freePort } from '../../test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  type Exit,
  type ServerProcess,
} from '../../test/server-process';
import { createWebDistFixture, type WebDistFixture } from '../../test/web-dist';

/**
 * Migrations under a fleet (issue 33): three server processes, each its own `node
 * dist/main.js`, started at the same moment on one empty PostgreSQL database. The advisory lock
 * of migrate.ts lets one migrate while the others wait: every migration is applied exactly
 * once, no process logs an error, and all three become ready.
 */

const FLEET = 3;

let testDatabase: TestDatabase;
let fixture: WebDistFixture;
let tempDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  ensureServerBuilt();
  fixture = await createWebDistFixture();
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-test-fleet-'));
  await chmod(tempDir, 0o755);
  testDatabase = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  for (const server of servers) {
    if (!(await terminate(server, 20_000))) killIfRunning(server);
  }
  await testDatabase?.drop();
  await fixture?.remove();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** Polls GET /readyz until it answers 200; fails early if the process exits. */
async function waitForReady(server: ServerProcess, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void server.exited.then((value) => (exit = value));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exit) throw new Error(`exited (${JSON.stringify(exit)}) before ready:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      const body: unknown = await response.json();
      if (response.status === 200) return body;
      last = `${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not ready after ${timeoutMs} ms (${last}):\n${server.output()}`);
}

describe('three processes starting at once on an empty database', () => {
  it('migrate it exactly once, log no error, and all become ready', async () => {
    const ports = await Promise.all(Array.from({ length: FLEET }, () => freePort()));
    // Started in one go: each process opens its pool and asks for the lock within milliseconds.
    for (const [index, port] of ports.entries()) {
      servers.push(
        startServer(port, {
          DATABASE_URL: testDatabase.url,
          DATA_DIR: path.join(tempDir, `server-${index}`),
          WEB_DIST_DIR: fixture.dir,
          PUBLIC_URL: 'http://jammy.test',
          LOG_LEVEL: 'info',
        }),
      );
    }
    const ready = await Promise.all(servers.map((server) => waitForReady(server, 120_000)));
    for (const body of ready) {
      expect(body).toMatchObject({
        status: 'ready',
        checks: { database: 'up', migrations: 'done', events: 'listening', accepting: true },
      });
    }

    const pool = new pg.Pool({ connectionString: testDatabase.url, max: 1 });
    try {
      const applied = await pool.query<{ hash: string; created_at: string }>(
        'select hash, created_at from drizzle.__drizzle_migrations order by id',
      );
      const journal = migrationJournal();
      expect(applied.rows).toHaveLength(journal.length);
      expect(applied.rows.map((row) => Number(row.created_at))).toEqual(
        journal.map((entry) => entry.when),
      );
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(journal.length);
    } finally {
      await pool.end();
    }

    // Each process logged JSON lines only, none of them a warning or an error.
    for (const server of servers) {
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.trim() !== '');
      const problems = lines.filter((line) => {
        if (!line.startsWith('{')) return true;
        return (JSON.parse(line) as { level: number }).level >= 40;
      });
      expect(problems, server.output()).toEqual([]);
      expect(lines.some((line) => line.includes('"msg":"Jammy is ready"'))).toBe(true);
    }
  }, 240_000);
});
