import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createNotifications, type Notifications } from '../../events/notifications';
import { DOCUMENTS_CHANNEL, type DocumentCache } from './document-cache';
import { createDocumentCache } from './lru-document-cache';

// The document cache's bound in bytes must hold whatever it keeps: the roles it keeps after a
// change dropped the documents, and the compressed forms made after a document was kept.
// Invalidations arrive as in production, through NOTIFY on a real LISTEN connection.
let database: TestDatabase;
let pool: pg.Pool;
const opened: Notifications[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
}, 60_000);

afterAll(async () => {
  for (const notifications of opened) await notifications.close();
  await pool?.end();
  await database?.drop();
});

/** A cache on a LISTEN connection of its own (it keeps nothing until that is up). */
async function listeningCache(maxBytes: number): Promise<DocumentCache> {
  const notifications = createNotifications({ pool, logger: pino({ level: 'silent' }) });
  opened.push(notifications);
  const cache = createDocumentCache({ maxBytes, notifications });
  await notifications.start();
  expect(notifications.listening()).toBe(true);
  return cache;
}

describe('the document cache stays within DOCUMENT_CACHE_MB', () => {
  it('does not keep an entry for every itinerary ever read and changed', async () => {
    const maxBytes = 256 * 1024;
    const cache = await listeningCache(maxBytes);
    const itineraries = Array.from({ length: 3000 }, () => randomUUID());
    const owner = randomUUID();
    const editor = randomUUID();
    for (const id of itineraries) {
      const json = JSON.stringify({ id, title: 'A trip', stages: [] });
      cache.begin()(id, { json, role: 'owner' }, owner);
      cache.begin()(id, { json, role: 'editor' }, editor);
    }
    // Each itinerary changes, as its triggers notify when a change commits.
    await pool.query('select pg_notify($1, id) from unnest($2::text[]) as id', [
      DOCUMENTS_CHANNEL,
      itineraries,
    ]);
    const last = itineraries.at(-1) ?? '';
    const deadline = Date.now() + 10_000;
    while (cache.get(last, owner) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(cache.get(last, owner)).toBeUndefined();
    const { entries, bytes } = cache.stats();
    // An entry with two roles costs about 2 KB of heap: 256 KB holds about a hundred, never
    // the 3,000 itineraries read once.
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    expect(entries).toBeLessThan(200);
  });

  it('counts compressed forms against the bound as soon as they are made', async () => {
    const maxBytes = 64 * 1024;
    const cache = await listeningCache(maxBytes);
    const user = randomUUID();
    const sizes: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const id = randomUUID();
      // Hex text: compressed to about half, so both forms add about the JSON's size again.
      const json = JSON.stringify({ id, notes: randomBytes(4000).toString('hex') });
      const document = cache.begin()(id, { json, role: 'owner' }, user);
      sizes.push(
        2 * Buffer.byteLength(json) +
          document.encoded('br').length +
          document.encoded('gzip').length,
      );
    }
    // Nothing was read back, so the entries kept are the most recent ones: what the cache
    // really holds is their JSON, as text and as bytes, with both compressed forms.
    const { entries, bytes } = cache.stats();
    const held = sizes.slice(-entries).reduce((sum, size) => sum + size, 0);
    expect(entries).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(maxBytes);
    expect(bytes).toBeGreaterThanOrEqual(held);
    expect(bytes).toBeLessThanOrEqual(maxBytes);
  });
});
