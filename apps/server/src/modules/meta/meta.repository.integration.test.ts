import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { runMigrations } from '../../db/migrate';
import { getOrCreateSessionSecret, recordBuildId } from './meta.repository';

let testDatabase: TestDatabase;
let pools: pg.Pool[] = [];

function pool(index: number): pg.Pool {
  const found = pools[index];
  if (!found) throw new Error(`no pool ${index}`);
  return found;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  pools = Array.from({ length: 3 }, () => new pg.Pool({ connectionString: testDatabase.url }));
  await runMigrations(pool(0));
});

afterAll(async () => {
  await Promise.all(pools.map((opened) => opened.end()));
  await testDatabase?.drop();
});

describe('getOrCreateSessionSecret', () => {
  it('concurrent first calls from several processes agree on one secret', async () => {
    const secrets = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        getOrCreateSessionSecret(drizzle({ client: pool(index % pools.length) })),
      ),
    );
    expect(new Set(secrets).size).toBe(1);
    const [secret = ''] = secrets;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await pool(2).query("select value from app_meta where key = 'session_secret'");
    expect(stored.rows).toEqual([{ value: secret }]);
  });

  it('later calls keep returning the stored secret', async () => {
    const db = drizzle({ client: pool(0) });
    expect(await getOrCreateSessionSecret(db)).toBe(await getOrCreateSessionSecret(db));
  });
});

describe('recordBuildId', () => {
  it('the last process to start wins', async () => {
    const db = drizzle({ client: pool(1) });
    await recordBuildId(db, 'build-a');
    await recordBuildId(db, 'build-b');
    const stored = await pool(0).query("select value from app_meta where key = 'build_id'");
    expect(stored.rows).toEqual([{ value: 'build-b' }]);
  });
});
