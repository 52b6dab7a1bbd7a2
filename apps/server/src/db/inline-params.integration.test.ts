import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { inlineParams } from './inline-params';

// What a value written into a statement reads as in PostgreSQL, against what the same value
// sent as a parameter reads as: they must be the same, for every kind of value a write sends.
let database: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
  await database?.drop();
});

const cases: [string, unknown][] = [
  ['text', `it's`],
  ['text', 'a\\b\\\\c'],
  ['text', `'); drop table pg_class; --`],
  ['text', '$1 $$ $2'],
  ['text', 'line\nbreak\ttab'],
  ['text', 'Kyōto 京都 🏯 مرحبا'],
  ['text', ''],
  ['integer', 42],
  ['bigint', -9007199254740991],
  ['double precision', 0.1],
  ['boolean', true],
  ['boolean', false],
  ['timestamptz', new Date('2027-05-01T10:00:00.123Z')],
  ['date', '2027-02-28'],
  ['uuid', '0190b9b0-5b5e-7c3a-8d1e-3f5a1b2c3d4e'],
  ['text[]', ['a', 'b"c', 'd\\e', "f'g", '']],
  ['jsonb', JSON.stringify({ title: `"quoted" \\ 'single'`, n: 1, emoji: '🏯' })],
  ['text', null],
];

describe('inlineParams against PostgreSQL', () => {
  it.each(cases)(
    'a %s reads the same written in as sent as a parameter: %j',
    async (type, value) => {
      const text = `select ($1::${type})::text as v`;
      const sent = await client.query<{ v: string | null }>(text, [value]);
      const inlined = inlineParams(text, [value]);
      expect(inlined).toBeDefined();
      const written = await client.query<{ v: string | null }>(inlined ?? '');
      expect(written.rows[0]?.v).toBe(sent.rows[0]?.v);
    },
  );

  it('keeps its meaning whatever standard_conforming_strings says', async () => {
    const value = `a\\'b`;
    const inlined = inlineParams('select $1::text as v', [value]) ?? '';
    for (const setting of ['on', 'off']) {
      await client.query(`set standard_conforming_strings = ${setting}`);
      const written = await client.query<{ v: string }>(inlined);
      expect(written.rows[0]?.v).toBe(value);
    }
    await client.query('set standard_conforming_strings = on');
  });
});
