import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database of its own for one test file, on the PostgreSQL started by global-setup.ts. */
export interface TestDatabase {
  /** Its DATABASE_URL. */
  url: string;
  name: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * Creates a uniquely named database, empty, or with `migrated` a copy of the one global-setup.ts
 * migrated and loaded the preset catalogue into; call `drop()` in the file's afterAll.
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `jammy_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` template "${inject('postgresTemplate')}"` : '';
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
