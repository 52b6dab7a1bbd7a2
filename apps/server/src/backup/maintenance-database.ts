import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

/** A connection for `npm run backup` / `npm run restore`, and how to let it go. */
export interface MaintenanceDatabase {
  pool: pg.Pool;
  /** Where the files' bytes live on disk; null when they are in an S3-compatible store. */
  filesDir: string | null;
  close(): Promise<void>;
}

/** The PostgreSQL a running Jammy started for DATA_DIR: its port is in the lock file. */
function runningEmbeddedPort(clusterDir: string): number | undefined {
  try {
    const lock = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lock[0]);
    const port = Number(lock[3]);
    if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres') ? port : undefined;
  } catch {
    return undefined;
  }
}

function poolOf(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 2 });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * The database of an installation, to back it up while it runs: DATABASE_URL, the embedded
 * PostgreSQL a running server started (found through its lock file), or, when the server is
 * stopped, the embedded PostgreSQL started here for the time of the backup.
 */
export async function openForBackup(config: Config, logger: Logger): Promise<MaintenanceDatabase> {
  const filesDir = config.storage.s3 ? null : path.join(config.dataDir, 'files');
  if (config.databaseUrl) {
    const pool = poolOf(config.databaseUrl);
    return { pool, filesDir, close: () => pool.end() };
  }
  const postgresDir = path.join(config.dataDir, 'postgres');
  const clusterDir = path.join(postgresDir, 'cluster');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    throw new Error(
      `There is no Jammy database in ${config.dataDir} (set DATA_DIR or DATABASE_URL).`,
    );
  }
  const port = runningEmbeddedPort(clusterDir);
  if (port !== undefined) {
    const password = (await readFile(path.join(postgresDir, 'password'), 'utf8')).trim();
    const pool = poolOf(`postgres://jammy:${password}@127.0.0.1:${port}/postgres`);
    return { pool, filesDir, close: () => pool.end() };
  }
  const embedded = await startEmbeddedPostgres(postgresDir, logger);
  const pool = poolOf(embedded.connectionString);
  return {
    pool,
    filesDir,
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}

/**
 * The empty target of a restore: DATABASE_URL (checked empty by the restore), or a new
 * embedded PostgreSQL in DATA_DIR, which must be empty or absent.
 */
export async function openForRestore(config: Config, logger: Logger): Promise<MaintenanceDatabase> {
  const filesDir = config.storage.s3 ? null : path.join(config.dataDir, 'files');
  if (config.databaseUrl) {
    const pool = poolOf(config.databaseUrl);
    return { pool, filesDir, close: () => pool.end() };
  }
  if (existsSync(config.dataDir) && (await readdir(config.dataDir)).length > 0) {
    throw new Error(
      `DATA_DIR (${config.dataDir}) is not empty: restore only into an empty or new folder.`,
    );
  }
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), logger);
  const pool = poolOf(embedded.connectionString);
  return {
    pool,
    filesDir,
    close: async () => {
      await pool.end();
      await embedded.stop();
    },
  };
}
