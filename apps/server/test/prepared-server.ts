import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PUBLIC_URL } from '../src/crash-safety.test-helpers';
import { createTestDatabase } from './database';
import { createSignedInUser, type SignedInUser } from './itinerary-helpers';
import { freePort } from './ports';
import {
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from './server-process';
import { buildTestApp, type TestApp } from './test-app';
import { createWebDistFixture } from './web-dist';

/** A built server (node dist/main.js) on a database a test prepared, and how to stop it. */
export interface PreparedServer {
  server: ServerProcess;
  /** The traveller signed up before the start (the server shares the session secret). */
  user: SignedInUser;
  /** Stops the server and removes its database, web fixture and data folder. */
  close(): Promise<void>;
}

/**
 * Starts the built server as an operator runs it, with `env` added, after `prepare` has made
 * its rows through an in-process app on the same database (migrated, with one traveller
 * signed up): what a test of the process's own output (metrics, traces) reads afterwards.
 */
export async function startPreparedServer(options: {
  name: string;
  env: Record<string, string>;
  prepare?: (app: TestApp, user: SignedInUser) => Promise<void>;
}): Promise<PreparedServer> {
  ensureServerBuilt();
  const fixture = await createWebDistFixture();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `jammy-test-${options.name}-`));
  const testDatabase = await createTestDatabase({ migrated: true });
  let server: ServerProcess | undefined;
  const close = async () => {
    if (server && !(await terminate(server, 20_000))) killIfRunning(server);
    await testDatabase.drop();
    await fixture.remove();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const setup = await buildTestApp({ databaseUrl: testDatabase.url });
    let user: SignedInUser;
    try {
      user = await createSignedInUser(setup, options.name);
      await options.prepare?.(setup, user);
    } finally {
      await setup.close();
    }
    server = startServer(await freePort(), {
      DATABASE_URL: testDatabase.url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: fixture.dir,
      PUBLIC_URL,
      ...options.env,
    });
    await waitForHealthy(server, 60_000);
    return { server, user, close };
  } catch (error) {
    await close();
    throw error;
  }
}
