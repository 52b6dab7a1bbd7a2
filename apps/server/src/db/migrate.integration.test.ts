import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrationJournal, schemaTables, type SchemaTable } from '../../test/migrations';
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

/** The tables of the public schema, with their columns, sorted like schemaTables(). */
async function publicTables(pool: pg.Pool): Promise<SchemaTable[]> {
  const result = await pool.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
     where table_schema = 'public'`,
  );
  const tables = new Map<string, string[]>();
  for (const row of result.rows) {
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  return [...tables.entries()]
    .map(([name, columns]) => ({ name, columns: columns.sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The `created_at` of each applied migration, in the order applied: the journal's `when`. */
async function appliedMigrations(pool: pg.Pool): Promise<number[]> {
  const result = await pool.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by id',
  );
  return result.rows.map((row) => Number(row.created_at));
}

const JOURNAL = migrationJournal().map((entry) => entry.when);
// pg_locks spans the whole server: count only this database's advisory locks.
const ADVISORY_LOCKS = `select count(*) from pg_locks where locktype = 'advisory'
  and database = (select oid from pg_database where datname = current_database())`;

describe('runMigrations', () => {
  let expectedTables: SchemaTable[];

  beforeAll(async () => {
    expectedTables = await schemaTables();
  });

  it('the journal lists migrations and the schema declares tables', () => {
    expect(JOURNAL.length).toBeGreaterThan(0);
    expect(expectedTables.map((table) => table.name)).toContain('app_meta');
  });

  it('three processes migrating one fresh database at once all succeed', async () => {
    const all = openPools(3);
    const first = onePool(all);
    expect(await publicTables(first)).toEqual([]);

    await expect(Promise.all(all.map((pool) => runMigrations(pool)))).resolves.toHaveLength(3);

    // Every migration applied once, and the result is the schema: each table, each column.
    expect(await appliedMigrations(first)).toEqual(JOURNAL);
    expect(await publicTables(first)).toEqual(expectedTables);
  });

  it('running again is a no-op that keeps the data', async () => {
    const pool = onePool(openPools(1));
    await pool.query("insert into app_meta (key, value) values ('probe', 'kept')");

    await runMigrations(pool);
    await Promise.all([runMigrations(pool), runMigrations(pool)]);

    expect(await appliedMigrations(pool)).toEqual(JOURNAL);
    expect(await publicTables(pool)).toEqual(expectedTables);
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
