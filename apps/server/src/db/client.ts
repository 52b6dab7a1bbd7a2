import path from 'node:path';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded-postgres';

export type Db = NodePgDatabase;
/** The database or a transaction on it: what repositories query through. */
export type Executor = PgDatabase<NodePgQueryResultHKT>;

/** An open database: the Drizzle handle, its pool, and how to close both (and Postgres, if ours). */
export interface Database {
  db: Db;
  pool: pg.Pool;
  /** `embedded` when this process started PostgreSQL itself. */
  kind: 'embedded' | 'external';
  close(): Promise<void>;
}

/**
 * Opens the database named by DATABASE_URL, or starts the embedded PostgreSQL in
 * DATA_DIR/postgres when there is none (DESIGN §1).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  logger: Logger,
): Promise<Database> {
  if (config.databaseUrl) return connect(config.databaseUrl, 'external', logger, async () => {});
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), logger);
  try {
    return await connect(embedded.connectionString, 'embedded', logger, embedded.stop);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/** The connections of a process's pool: what its requests, writes and openings share. */
export const POOL_CONNECTIONS = 10;

async function connect(
  connectionString: string,
  kind: Database['kind'],
  logger: Logger,
  stopServer: () => Promise<void>,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: POOL_CONNECTIONS,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  let closed = false;
  pool.on('error', (error) => {
    // Stopping our own PostgreSQL ends idle connections: expected once we are closing.
    if (!closed) logger.warn({ err: error }, 'idle database connection failed');
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(
      `Cannot reach PostgreSQL (${redact(connectionString)}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return {
    db: drizzle({ client: pool }),
    pool,
    kind,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
      await stopServer();
    },
  };
}

/** The connection string without its password, for messages and logs. */
export function redact(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable connection string)';
  }
}
