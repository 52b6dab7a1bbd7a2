import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { SignedInUser } from '../test/itinerary-helpers';
import { freePort } from '../test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  postgresProcessesFor,
  startServer,
  waitForHealthy,
  type ServerProcess,
} from '../test/server-process';
import { createWebDistFixture, type WebDistFixture } from '../test/web-dist';

/**
 * The built server as `npm start` runs it, on the embedded PostgreSQL of a throw-away
 * DATA_DIR, for the tests that kill or stop it (crash-safety, sigterm): `useBuiltServers()`
 * registers the file's start and its clean-up (every server and PostgreSQL it started goes).
 */

export const PUBLIC_URL = 'http://jammy.test';

export function useBuiltServers() {
  let fixture: WebDistFixture;
  const servers: ServerProcess[] = [];
  const tempDirs: string[] = [];

  beforeAll(async () => {
    ensureServerBuilt();
    fixture = await createWebDistFixture();
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) killIfRunning(server);
    await Promise.all(servers.map((server) => server.exited));
    // An embedded PostgreSQL left behind by a killed server is stopped by its restart; the
    // last one is stopped by SIGTERM, but make sure nothing outlives the file.
    for (const dir of tempDirs) {
      for (const pid of postgresProcessesFor(dir)) process.kill(pid, 'SIGKILL');
    }
    await fixture?.remove();
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  return {
    /** A new DATA_DIR, removed with the file. */
    async dataDir(prefix: string): Promise<string> {
      const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
      tempDirs.push(dir);
      await chmod(dir, 0o755);
      return dir;
    },
    /** Starts the built server on `dataDir` (with `env` on top) and waits until it is healthy. */
    async startOn(
      dataDir: string,
      port?: number,
      env: Record<string, string> = {},
    ): Promise<ServerProcess> {
      const server = startServer(port ?? (await freePort()), {
        DATA_DIR: dataDir,
        WEB_DIST_DIR: fixture.dir,
        PUBLIC_URL,
        LOG_LEVEL: 'warn',
        ...env,
      });
      servers.push(server);
      await waitForHealthy(server, 150_000);
      return server;
    },
  };
}

export async function postmasterPid(dataDir: string): Promise<number> {
  const lock = await readFile(path.join(dataDir, 'postgres', 'cluster', 'postmaster.pid'), 'utf8');
  return Number(lock.split('\n')[0]);
}

/** A JSON request to the server as `user`, from the public origin. */
export async function send(
  server: ServerProcess,
  user: SignedInUser,
  method: string,
  pathname: string,
  body: unknown,
): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${pathname}`, {
    method,
    headers: { cookie: user.cookie, origin: PUBLIC_URL, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
