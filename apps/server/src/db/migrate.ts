import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';

// Any constant shared by every Jammy process; it names the lock that serialises migrations.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies the committed migrations. Several processes may start at once against one
 * database: a session-level advisory lock lets one migrate while the others wait.
 */
export async function runMigrations(
  pool: pg.Pool,
  migrationsFolder = MIGRATIONS_DIR,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
