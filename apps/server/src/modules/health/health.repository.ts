import type pg from 'pg';

/** The cheapest query that proves the database answers. */
export async function ping(pool: pg.Pool): Promise<void> {
  await pool.query('select 1');
}

/** Which of `hashes` the migrations table records as applied. */
export async function appliedMigrations(pool: pg.Pool, hashes: string[]): Promise<Set<string>> {
  const applied = await pool.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations where hash = any($1::text[])',
    [hashes],
  );
  return new Set(applied.rows.map((row) => row.hash));
}
