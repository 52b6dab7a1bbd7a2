import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { runMigrations } from './migrate';
import { seedScale } from './seed-scale';

let database: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url });
  await runMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
});

it('seeds the rows it says, with UUIDv7 ids', async () => {
  const started = performance.now();
  await seedScale(pool, { itineraries: 20_000, users: 200, detailed: 1000, events: 5000 });
  console.info(`seeded 20,000 trips in ${Math.round(performance.now() - started)} ms`);
  const count = async (table: string) =>
    Number((await pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  expect(await count('itinerary')).toBe(20_000);
  expect(await count('itinerary_member')).toBe(20_000);
  expect(await count('"user"')).toBe(200);
  expect(await count('stage')).toBe(2000);
  expect(await count('place')).toBe(4000);
  expect(await count('itinerary_event')).toBe(5000);
  const { rows } = await pool.query<{ id: string }>('select id from itinerary limit 5');
  for (const row of rows) expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
});
