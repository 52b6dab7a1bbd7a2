import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { call, type SignedInUser, type Traveller } from '../../../test/clients';
import { createItinerary, createPlace, createStage } from '../../../test/factories';
import type { ServerTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import type { TestApp } from '../../../test/test-app';

// Two apps on one PostgreSQL, each with its own document cache, session cache and LISTEN
// connection, as two server processes behind one address have; and a third with the cache
// turned off, whose answers are the uncached truth.
export let a: TestServer;
export let b: TestApp;
export let uncached: TestApp;
export let owner: Traveller;
export let viewer: Traveller;

export const read = (
  app: TestApp,
  user: SignedInUser,
  id: string,
  headers: Record<string, string> = {},
) => call(app, user, 'GET', `/api/itineraries/${id}`, { headers });

export function body(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  return raw.toString();
}

/** Polls `check` until it holds (a NOTIFY crosses to the other app within milliseconds). */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

/** A change that tells no process: no trigger fires, no event is recorded. */
export async function silentlyRetitle(id: string, title: string) {
  const client = await a.database.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query('update itinerary set title = $1 where id = $2', [title, id]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

export async function tripWithPlaces(title: string) {
  const trip = await createItinerary(owner, { title });
  const stage = await createStage(owner, trip.id, { title: 'Kyoto' });
  for (const name of ['Fushimi Inari', 'Kinkaku-ji', 'Nishiki market', 'Gion']) {
    await createPlace(owner, trip.id, { name, stageId: stage.id });
  }
  return trip;
}

/** The apps and users of these tests, made before the file's first test (closed with its server). */
export function useDocumentCacheTest(test: ServerTest): void {
  test.beforeAll(async ({ server }) => {
    a = server;
    b = await server.another();
    uncached = await server.another({ DOCUMENT_CACHE_MB: '0' });
    await Promise.all([a.app.ready(), b.app.ready(), uncached.app.ready()]);
    owner = await server.traveller({ label: 'owner' });
    viewer = await server.traveller({ label: 'viewer' });
  }, 120_000);
}
