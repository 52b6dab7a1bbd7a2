import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { runMigrations } from './migrate';

let testDatabase: TestDatabase;
let pools: pg.Pool[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  pools = [];
});

afterAll(async () => {
  await testDatabase?.drop();
});

function openPools(count: number): pg.Pool[] {
  const opened = Array.from({ length: count }, () => {
    const pool = new pg.Pool({ connectionString: testDatabase.url, max: 2 });
    pool.on('error', () => undefined);
    return pool;
  });
  pools.push(...opened);
  return opened;
}

function onePool(opened: pg.Pool[]): pg.Pool {
  const [pool] = opened;
  if (!pool) throw new Error('no pool opened');
  return pool;
}

async function count(pool: pg.Pool, sql: string): Promise<number> {
  const result = await pool.query<{ count: string }>(sql);
  return Number(result.rows[0]?.count);
}

const APP_META_TABLES =
  "select count(*) from information_schema.tables where table_name = 'app_meta'";
const APPLIED_MIGRATIONS = 'select count(*) from drizzle.__drizzle_migrations';
// pg_locks spans the whole server: count only this database's advisory locks.
const ADVISORY_LOCKS = `select count(*) from pg_locks where locktype = 'advisory'
  and database = (select oid from pg_database where datname = current_database())`;

describe('runMigrations', () => {
  it('three processes migrating one fresh database at once all succeed', async () => {
    const all = openPools(3);
    const first = onePool(all);
    expect(await count(first, APP_META_TABLES)).toBe(0);

    await expect(Promise.all(all.map((pool) => runMigrations(pool)))).resolves.toHaveLength(3);

    expect(await count(first, APP_META_TABLES)).toBe(1);
    expect(await count(first, APPLIED_MIGRATIONS)).toBe(1);
    const columns = await first.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'app_meta' order by ordinal_position",
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual(['key', 'value', 'updated_at']);
  });

  it('running again is a no-op that keeps the data', async () => {
    const pool = onePool(openPools(1));
    await pool.query("insert into app_meta (key, value) values ('probe', 'kept')");

    await runMigrations(pool);
    await Promise.all([runMigrations(pool), runMigrations(pool)]);

    expect(await count(pool, APP_META_TABLES)).toBe(1);
    expect(await count(pool, APPLIED_MIGRATIONS)).toBe(1);
    const kept = await pool.query("select value from app_meta where key = 'probe'");
    expect(kept.rows).toEqual([{ value: 'kept' }]);
  });

  it('releases its advisory lock: no lock left held, no connection left checked out', async () => {
    const pool = onePool(openPools(1));
    await runMigrations(pool);
    expect(await count(pool, ADVISORY_LOCKS)).toBe(0);
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('fails loudly (and unlocks) when a migration folder is missing', async () => {
    const pool = onePool(openPools(1));
    await expect(runMigrations(pool, '/nonexistent/migrations')).rejects.toThrow();
    expect(await count(pool, ADVISORY_LOCKS)).toBe(0);
  });
});
