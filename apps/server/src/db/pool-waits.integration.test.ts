import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { observeAcquireWaits } from './pool-waits';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.drop();
});

describe('observeAcquireWaits', () => {
  it('measures a checkout that waits for a busy pool, and only those', async () => {
    const pool = new pg.Pool({ connectionString: testDatabase.url, max: 1 });
    const waits: number[] = [];
    observeAcquireWaits(pool, (seconds) => waits.push(seconds));
    try {
      // Room in the pool: nothing is measured.
      await pool.query('select 1');
      expect(waits).toEqual([]);

      // The one connection is busy for 200 ms: a query and a transaction's checkout wait for it.
      const held = await pool.connect();
      const query = pool.query('select 2 as two');
      const checkout = pool.connect();
      await new Promise((resolve) => setTimeout(resolve, 200));
      held.release();
      expect((await query).rows).toEqual([{ two: 2 }]);
      (await checkout).release();
      expect(waits).toHaveLength(2);
      expect(waits[0]).toBeGreaterThanOrEqual(0.19);
      expect(waits[0]).toBeLessThan(5);
    } finally {
      await pool.end();
    }
  });
});
