// `npm run bench:scale`: does a read slow down as the database grows? Seeds one database with
// 1,000 itineraries and another with 1,000,000 (npm run seed:scale's statements), gives one
// traveller 50 of them, and times the same reads one after the other in each, with the
// document cache off (so every read reaches PostgreSQL): the itinerary document, the list of
// 50, and the next page of the list. Prints p50 and p99 per database, the ratio 1 M / 1 k, and
// the SQL statements each read sends (the same in both, or the ratio means nothing).

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedScale } from '../src/db/seed-scale';
import { createLogger } from '../src/lib/logger';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { memoryMailer, signUp } from './bench-accounts';
import { createWebDistFixture } from '../test/web-dist';

const REQUESTS = 400;

interface Timing {
  p50: number;
  p99: number;
  statements: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** Counts the statements the pool's clients send while `work` runs. */
async function countStatements(pool: pg.Pool, work: () => Promise<void>): Promise<number> {
  let count = 0;
  const counted = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      if (active) count += 1;
      return query(...args);
    };
  };
  let active = true;
  pool.on('acquire', onAcquire);
  try {
    await work();
  } finally {
    active = false;
    pool.off('acquire', onAcquire);
  }
  return count;
}

async function time(url: string, cookie: string, pool: pg.Pool): Promise<Timing> {
  const once = async () => {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let index = 0; index < 20; index += 1) await once();
  const statements = await countStatements(pool, once);
  const durations: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    await once();
    durations.push(performance.now() - started);
  }
  durations.sort((x, y) => x - y);
  return { p50: percentile(durations, 0.5), p99: percentile(durations, 0.99), statements };
}

async function measureAt(itineraries: number) {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-scale-'));
  await chmod(tempDir, 0o755);
  const fixture = await createWebDistFixture();
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: tempDir,
      WEB_DIST_DIR: fixture.dir,
      DOCUMENT_CACHE_MB: '0',
    });
    const logger = createLogger(config);
    database = await openDatabase(config, logger);
    await runMigrations(database.pool);
    const seeded = performance.now();
    await seedScale(database.pool, { itineraries });
    const seedSeconds = (performance.now() - seeded) / 1000;
    const mailer = memoryMailer();
    const sessionSecret = await getOrCreateSessionSecret(database.db);
    app = await buildApp({ config, database, logger, sessionSecret, buildId: 'bench', mailer });
    const cookie = await signUp(app, mailer);
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    const userId = session.json<{ user: { id: string } | null }>().user?.id;
    if (!userId) throw new Error(`GET /api/session answered ${session.statusCode} without a user`);
    // The traveller edits 60 to 70 trips: ten with stages and places, and the table's first 60.
    await database.pool.query(
      `insert into itinerary_member (itinerary_id, user_id, role)
       select i.id, $1, 'editor'
       from ((select itinerary_id as id from stage group by 1 order by 1 limit 10)
             union (select id from itinerary order by id limit 60)) i`,
      [userId],
    );
    const { rows } = await database.pool.query<{ id: string }>(
      `select m.itinerary_id as id from itinerary_member m
       where m.user_id = $1 and m.itinerary_id in (select itinerary_id from place)
       order by 1 limit 1`,
      [userId],
    );
    const tripId = rows[0]?.id;
    if (!tripId) throw new Error('no trip for the traveller');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const first = await fetch(`${base}/api/itineraries?limit=50`, { headers: { cookie } });
    const { nextCursor } = (await first.json()) as { nextCursor: string | null };
    if (!nextCursor) throw new Error('the list has no second page');
    return {
      seedSeconds,
      document: await time(`${base}/api/itineraries/${tripId}`, cookie, database.pool),
      list: await time(`${base}/api/itineraries?limit=50`, cookie, database.pool),
      nextPage: await time(
        `${base}/api/itineraries?limit=50&cursor=${encodeURIComponent(nextCursor)}`,
        cookie,
        database.pool,
      ),
    };
  } finally {
    await app?.close();
    await database?.close();
    await fixture.remove();
    await rm(tempDir, { recursive: true, force: true });
  }
}

const started = performance.now();
const small = await measureAt(1_000);
const large = await measureAt(1_000_000);
console.log(
  `\nSeeded 1,000 itineraries in ${small.seedSeconds.toFixed(1)} s and 1,000,000 in ` +
    `${large.seedSeconds.toFixed(1)} s; ${REQUESTS} reads each, one after the other, cache off\n`,
);
const header = ['read', '1 k p50', '1 k p99', '1 M p50', '1 M p99', 'p50 1M/1k', 'SQL 1k/1M'];
const lines = (['document', 'list', 'nextPage'] as const).map((key) => [
  { document: 'itinerary document', list: 'list, first 50', nextPage: 'list, next 50' }[key],
  `${small[key].p50.toFixed(2)} ms`,
  `${small[key].p99.toFixed(2)} ms`,
  `${large[key].p50.toFixed(2)} ms`,
  `${large[key].p99.toFixed(2)} ms`,
  (large[key].p50 / small[key].p50).toFixed(2),
  `${small[key].statements}/${large[key].statements}`,
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
);
const format = (cells: string[]) =>
  cells
    .map((cell, column) =>
      column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
    )
    .join(' | ');
console.log(format(header));
console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
for (const line of lines) console.log(format(line));
console.log(
  `\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s; all stopped and removed`,
);
