import type { Itinerary, ItinerarySummary, Page } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import type pg from 'pg';
import { describe, expect } from 'vitest';
import {
  call,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createStage,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../test/itinerary-helpers';
import { seedScale } from './db/seed-scale';
import { purgeTrash } from './modules/itineraries/itineraries.repository';
import { serverTest } from '../test/fixture';
import type { TestServer } from '../test/server';

const test = serverTest({ mail: 'outbox' });

/**
 * Flat at a million trips (issue 15): every statement the API sends while it is used — the
 * lists, the reads, the writes, the session check, the trash purge, an account deletion — is
 * planned by PostgreSQL against a database of 1,000,000 itineraries, and none may scan a big
 * table from end to end.
 */
const ITINERARIES = Number(process.env.SCALE_ITINERARIES ?? 1_000_000);
/** Tables with more rows than this are "big": a sequential scan of one fails the test. */
const BIG_TABLE_ROWS = 10_000;

let pool: pg.Pool;
let owner: SignedInUser;
let friend: SignedInUser;

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The statements of a text that holds several (a write's round trip: `begin; <lock>; <insert>`,
 * or `<event>; commit`), split at the semicolons outside quotes.
 */
function eachStatement(statement: Statement): Statement[] {
  if (statement.values.length > 0) return [statement];
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  const { text } = statement;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === ';') {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => ({ text: part.trim(), values: [] })).filter((part) => part.text);
}

/** Records every statement the pool's clients send, with its parameters. */
function recordStatements(target: pg.Pool) {
  const seen: Statement[] = [];
  const patched = new WeakSet<pg.PoolClient>();
  const onAcquire = (client: pg.PoolClient) => {
    if (patched.has(client)) return;
    patched.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      if (recording) {
        if (typeof first === 'string') {
          seen.push({ text: first, values: Array.isArray(second) ? second : [] });
        } else if (first && typeof first === 'object' && 'text' in first) {
          // Drizzle passes the parameters beside a query config; pg's own callers inside it.
          const query = first as { text: string; values?: unknown[] };
          seen.push({
            text: query.text,
            values: query.values ?? (Array.isArray(second) ? second : []),
          });
        }
      }
      return original(...args);
    };
  };
  let recording = false;
  target.on('acquire', onAcquire);
  return {
    start: () => (recording = true),
    stop: () => {
      recording = false;
      target.off('acquire', onAcquire);
      return seen;
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, big: ReadonlySet<string>): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && node['Relation Name'] && big.has(node['Relation Name'])
      ? [node['Relation Name']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => seqScans(child, big))];
}

test.beforeAll(async ({ server }) => {
  pool = server.database.pool;
  [owner, friend] = await Promise.all([
    server.traveller({ label: 'scale-owner' }),
    server.traveller({ label: 'scale-friend' }),
  ]);
  const started = performance.now();
  await seedScale(pool, { itineraries: ITINERARIES, events: ITINERARIES / 2 });
  // The owner holds 500 of the million (a big list of their own), one shared with the friend.
  await pool.query(
    `with mine as (select id from itinerary order by id limit 500)
     update itinerary set owner_id = $1 where id in (select id from mine)`,
    [owner.id],
  );
  await pool.query(
    `update itinerary_member set user_id = $1
     where role = 'owner' and itinerary_id in (select id from itinerary where owner_id = $1)`,
    [owner.id],
  );
  await pool.query('analyze');
  console.info(
    `seeded ${ITINERARIES} itineraries in ${Math.round(performance.now() - started)} ms`,
  );
}, 600_000);

/** Uses the API as travellers do: lists, reads, writes, sharing, presets, account. */
async function tour(server: TestServer): Promise<void> {
  const ok = async <T>(status: number, ...args: Parameters<Api>): Promise<T> => {
    const response = await call(server, ...args);
    if (status === 204) {
      expect(response.statusCode, response.body).toBe(204);
      return undefined as T;
    }
    return expectStatus<T>(response, status);
  };
  const trip = await createItinerary(server, owner, { title: 'Big one' });
  const id = trip.id;
  const stage = await createStage(server, owner, id, { title: 'Rome' });
  const place = await createPlace(server, owner, id, { stageId: stage.id });
  const note = await createNote(server, owner, id);
  const list = await createList(server, owner, id);
  const item = await createListItem(server, owner, id, list.id);
  const page = await ok<Page<ItinerarySummary>>(200, owner, 'GET', '/api/itineraries?limit=50');
  await ok(200, owner, 'GET', `/api/itineraries?cursor=${page.nextCursor ?? ''}&limit=50`);
  const byStart = await ok<Page<ItinerarySummary>>(
    200,
    owner,
    'GET',
    '/api/itineraries?sort=start',
  );
  await ok(200, owner, 'GET', `/api/itineraries?sort=start&cursor=${byStart.nextCursor ?? ''}`);
  await ok(200, owner, 'GET', '/api/itineraries?q=Trip%2012');
  await ok(200, owner, 'GET', '/api/itineraries?trash=true');
  await ok(200, owner, 'GET', `/api/itineraries/${id}`);
  for (const part of ['stages', 'places', 'notes', 'lists', 'members', 'activity']) {
    await ok(200, owner, 'GET', `/api/itineraries/${id}/${part}`);
  }
  await ok(200, owner, 'GET', `/api/itineraries/${id}/places?stageId=${stage.id}`);
  await ok(200, owner, 'PATCH', `/api/itineraries/${id}`, { payload: { title: 'Bigger' } });
  await ok(200, owner, 'PATCH', `/api/itineraries/${id}/stages/${stage.id}`, {
    payload: { title: 'Roma' },
  });
  await ok(200, owner, 'POST', `/api/itineraries/${id}/places/${place.id}/move`, {
    payload: { afterId: null, stageId: null },
  });
  await ok(200, owner, 'PATCH', `/api/itineraries/${id}/notes/${note.id}`, {
    payload: { body: 'More' },
  });
  await ok(200, owner, 'PATCH', `/api/itineraries/${id}/lists/${list.id}/items/${item.id}`, {
    payload: { checked: true },
  });
  await ok(204, owner, 'DELETE', `/api/itineraries/${id}/lists/${list.id}`);
  const link = await ok<ShareLink>(201, owner, 'POST', `/api/itineraries/${id}/share-links`, {
    payload: {},
  });
  const token = new URL(link.url ?? '').searchParams.get('share') ?? '';
  await ok(200, null, 'GET', `/api/itineraries/${id}?share=${token}`);
  await ok(200, null, 'GET', `/api/itineraries/${id}/notes?share=${token}`);
  await ok(201, owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email: friend.email, role: 'editor' },
  });
  await ok(404, friend, 'GET', `/api/itineraries/${id}`);
  await ok(200, owner, 'GET', '/api/me');
  await ok(200, owner, 'GET', '/api/me/sessions');
  await ok(200, owner, 'GET', '/api/me/export');
  const presets = await ok<{ items: { id: string; premium: boolean }[] }>(
    200,
    owner,
    'GET',
    '/api/presets?limit=5',
  );
  const free = presets.items.find((preset) => !preset.premium);
  await ok(200, owner, 'GET', `/api/presets/${free?.id ?? ''}`);
  await ok<Itinerary>(201, owner, 'POST', `/api/presets/${free?.id ?? ''}/copy`, {
    payload: { startDate: '2027-05-01' },
  });
  await ok(200, owner, 'DELETE', `/api/itineraries/${id}`);
  await ok(200, owner, 'POST', `/api/itineraries/${id}/restore`);
  await purgeTrash(server.database.db);
  await ok(204, friend, 'DELETE', '/api/me', { payload: { confirmation: 'DELETE' } });
}

describe(`a database of ${ITINERARIES.toLocaleString('en')} itineraries`, () => {
  test(
    'plans no sequential scan of a big table for any statement the API sends',
    { timeout: 300_000 },
    async ({ server }) => {
      const recorder = recordStatements(pool);
      recorder.start();
      await tour(server);
      const statements = recorder.stop();
      const { rows } = await pool.query<{ relname: string }>(
        `select relname from pg_class where relkind = 'r' and reltuples > $1`,
        [BIG_TABLE_ROWS],
      );
      const big = new Set(rows.map((row) => row.relname));
      expect(big).toEqual(expect.objectContaining({ size: expect.any(Number) }));
      expect([...big]).toEqual(
        expect.arrayContaining(['itinerary', 'itinerary_member', 'itinerary_event']),
      );
      const skipped =
        /^\s*(begin|commit|rollback|savepoint|release|set|listen|unlisten|notify|select pg_notify)\b/i;
      const unique = new Map<string, Statement>();
      for (const statement of statements.flatMap(eachStatement)) {
        if (!skipped.test(statement.text) && !unique.has(statement.text)) {
          unique.set(statement.text, statement);
        }
      }
      const scans: string[] = [];
      for (const { text, values } of unique.values()) {
        const result = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `explain (format json) ${text}`,
          values,
        );
        const plan = result.rows[0]?.['QUERY PLAN'][0].Plan;
        const found = plan ? seqScans(plan, big) : [];
        if (found.length > 0)
          scans.push(`${found.join(', ')} ← ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
      }
      console.info(`explained ${unique.size} distinct statements over ${statements.length} sent`);
      expect(unique.size).toBeGreaterThan(40);
      expect(scans).toEqual([]);
    },
  );
});
