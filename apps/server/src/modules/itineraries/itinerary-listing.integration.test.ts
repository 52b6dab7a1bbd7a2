import type { ItinerarySummary, Page } from '@jammy/shared/itineraries';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { call, type Traveller } from '../../../test/clients';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { createItinerary, createPlace, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember, countQueries } from '../../../test/itinerary-helpers';
import { itinerary, stage } from '../../db/schema/itineraries';
import { purgeTrash } from './itineraries.repository';

const test = serverTest();

async function listPage(user: Traveller, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString();
  const response = await user.get(`/api/itineraries${search ? `?${search}` : ''}`);
  return expectStatus<Page<ItinerarySummary>>(response, 200);
}

/** Every item of a listing, following nextCursor page by page. */
async function listAll(user: Traveller, query: Record<string, string>) {
  const pages: ItinerarySummary[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(user, { ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page.items);
    cursor = page.nextCursor;
    if (pages.length > 20) throw new Error('the listing does not end');
  } while (cursor);
  return pages;
}

describe('GET /api/itineraries: keyset pagination', () => {
  let traveller: Traveller;
  const ids: string[] = [];

  test.beforeAll(async ({ server }) => {
    traveller = await server.traveller({ label: 'pager' });
    // Two without a start date, two on the same day, one earlier.
    const starts = [null, '2027-06-10', null, '2027-06-10', '2027-03-01'];
    for (const [index, startDate] of starts.entries()) {
      const created = await createItinerary(traveller, {
        title: `Trip ${index}`,
        startDate,
      });
      ids.push(created.id);
    }
  });

  test.for([1, 2, 3])(
    'sort=updated, limit %i: every itinerary once, newest change first',
    async (limit) => {
      const pages = await listAll(traveller, { sort: 'updated', limit: String(limit) });
      const items = pages.flat();
      expect(pages.every((page) => page.length <= limit)).toBe(true);
      expect(pages).toHaveLength(Math.ceil(5 / limit));
      expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
      const keys = items.map((item) => [item.updatedAt, item.id].join(' '));
      expect(keys).toEqual([...keys].sort().reverse());
    },
  );

  test('sort=updated with equal updatedAt everywhere: the id breaks the tie', async ({
    server,
  }) => {
    await server.database.db
      .update(itinerary)
      .set({ updatedAt: new Date('2027-01-01T00:00:00.000Z') })
      .where(eq(itinerary.ownerId, traveller.id));
    const items = (await listAll(traveller, { limit: '2' })).flat();
    expect(items.map((item) => item.id)).toEqual([...ids].sort().reverse());
  });

  test.for([1, 2, 3])(
    'sort=start, limit %i: every itinerary once, earliest first, no date last',
    async (limit) => {
      const pages = await listAll(traveller, { sort: 'start', limit: String(limit) });
      const items = pages.flat();
      expect(items.map((item) => item.id).sort()).toEqual([...ids].sort());
      const [undated0, sameDay1, undated2, sameDay3, earliest4] = ids as [
        string,
        string,
        string,
        string,
        string,
      ];
      const byId = (a: string, b: string) => (a < b ? [a, b] : [b, a]);
      expect(items.map((item) => item.id)).toEqual([
        earliest4,
        ...byId(sameDay1, sameDay3),
        ...byId(undated0, undated2),
      ]);
      expect(items.map((item) => item.startDate)).toEqual([
        '2027-03-01',
        '2027-06-10',
        '2027-06-10',
        null,
        null,
      ]);
    },
  );

  test('400 for a cursor that is not one, or a query that is not valid', async () => {
    const bad = await traveller.get('/api/itineraries?cursor=bm90LWEtY3Vyc29y');
    expect(expectError(bad, 400, 'request/invalid').error.message).toMatch(/^cursor: /);
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=two', 'limit'],
      ['sort=title', 'sort'],
      ['trash=yes', 'trash'],
      ['colour=red', 'colour'],
    ];
    for (const [query, field] of cases) {
      expectFieldError(await traveller.get(`/api/itineraries?${query}`), field);
    }
  });

  test('401 for an anonymous caller', async ({ server }) => {
    expectError(await server.client(null).get('/api/itineraries'), 401, 'auth/unauthenticated');
  });

  test('a cursor of one sort is not taken for the other, nor a forged one', async () => {
    const page = await listPage(traveller, { limit: '1' });
    expectFieldError(
      await traveller.get(`/api/itineraries?sort=start&cursor=${page.nextCursor ?? ''}`),
      'cursor',
    );
    const forged = Buffer.from(JSON.stringify({ id: "x' or 1=1", key: 'now' })).toString(
      'base64url',
    );
    expectFieldError(await traveller.get(`/api/itineraries?cursor=${forged}`), 'cursor');
  });

  test('sends as many statements for a page of 50 as for a page of 1', async ({ server }) => {
    // Pages read from PostgreSQL every time: an app without the caches (a kept page sends none).
    const uncached = await server.another({ DOCUMENT_CACHE_MB: '0' });
    await uncached.app.ready();
    const pageOf = async (limit: string) =>
      expectStatus<Page<ItinerarySummary>>(
        await call(uncached, traveller, 'GET', `/api/itineraries?limit=${limit}`),
        200,
      );
    // The first request checks the session too (kept for the next ones).
    await pageOf('1');
    const counter = countQueries(uncached.database.pool);
    try {
      const small = await counter.measure(() => pageOf('1'));
      const large = await counter.measure(() => pageOf('50'));
      expect(large.result.items.length).toBeGreaterThan(small.result.items.length);
      // The new app's first housekeeping round may run meanwhile, and its trash purge is a
      // delete from "itinerary": only the list's own statements, which read.
      const ofList = (statements: string[]) =>
        statements.filter(
          (statement) => statement.includes('"itinerary') && !/^\s*delete\b/i.test(statement),
        ).length;
      expect(ofList(large.statements)).toBe(ofList(small.statements));
      expect(ofList(small.statements)).toBeGreaterThan(0);
    } finally {
      counter.stop();
    }
  });
});

describe('GET /api/itineraries: search, sharing and counts', () => {
  let traveller: Traveller;
  let friend: Traveller;

  test.beforeAll(async ({ server }) => {
    traveller = await server.traveller({ label: 'searcher' });
    friend = await server.traveller({ label: 'friend' });
    for (const title of [
      'Summer in ROME',
      'rome again',
      'Paris',
      '100% Fun',
      '100 Fun',
      'snake_case trip',
      'snakeXcase trip',
      'back\\slash',
    ]) {
      await createItinerary(traveller, { title });
    }
  });

  const titles = async (q: string) =>
    (await listPage(traveller, { q })).items.map((item) => item.title).sort();

  test('q matches the title case-insensitively', async () => {
    expect(await titles('rome')).toEqual(['Summer in ROME', 'rome again']);
    expect(await titles('ROME AG')).toEqual(['rome again']);
    expect(await titles('nowhere')).toEqual([]);
  });

  test('q treats % and _ (and \\) literally', async () => {
    expect(await titles('100%')).toEqual(['100% Fun']);
    expect(await titles('%')).toEqual(['100% Fun']);
    expect(await titles('e_c')).toEqual(['snake_case trip']);
    expect(await titles('_')).toEqual(['snake_case trip']);
    expect(await titles('k\\s')).toEqual(['back\\slash']);
  });

  test('lists itineraries shared with the caller, with their role', async ({ server }) => {
    const asEditor = await createItinerary(friend, { title: 'Friend edits' });
    const asViewer = await createItinerary(friend, { title: 'Friend shows' });
    await createItinerary(friend, { title: 'Friend keeps' });
    await addMember(server, asEditor.id, traveller.id, 'editor');
    await addMember(server, asViewer.id, traveller.id, 'viewer');

    const items = (await listAll(traveller, { q: 'friend' })).flat();
    expect(
      items.map((item) => ({ title: item.title, role: item.role, ownerId: item.ownerId })),
    ).toEqual(
      expect.arrayContaining([
        { title: 'Friend edits', role: 'editor', ownerId: friend.id },
        { title: 'Friend shows', role: 'viewer', ownerId: friend.id },
      ]),
    );
    expect(items).toHaveLength(2);
    const own = (await listPage(friend, { q: 'friend' })).items;
    expect(own.map((item) => item.role)).toEqual(['owner', 'owner', 'owner']);
  });

  test('counts stages and places (in a stage or not) of each itinerary', async () => {
    const counted = await createItinerary(traveller, { title: 'Counted' });
    const first = await createStage(traveller, counted.id);
    await createStage(traveller, counted.id);
    await createPlace(traveller, counted.id, { stageId: first.id });
    await createPlace(traveller, counted.id, { stageId: first.id });
    await createPlace(traveller, counted.id);
    const empty = await createItinerary(traveller, { title: 'Empty counted' });

    const items = (await listPage(traveller, { q: 'counted' })).items;
    const summary = (id: string) => items.find((item) => item.id === id);
    expect(summary(counted.id)).toMatchObject({ stageCount: 2, placeCount: 3 });
    expect(summary(empty.id)).toMatchObject({ stageCount: 0, placeCount: 0 });
  });

  test('gives the dates its stages span (a trip without dates of its own shows them)', async () => {
    const dated = await createItinerary(traveller, { title: 'Spanned' });
    await createStage(traveller, dated.id, {
      startDate: '2027-03-14',
      endDate: '2027-03-16',
    });
    await createStage(traveller, dated.id, { startDate: '2027-03-12' });
    await createStage(traveller, dated.id, { endDate: '2027-03-18' });
    await createStage(traveller, dated.id);
    const undated = await createItinerary(traveller, { title: 'Unspanned' });
    await createStage(traveller, undated.id);

    const items = (await listPage(traveller, { q: 'spanned' })).items;
    const summary = (id: string) => items.find((item) => item.id === id);
    expect(summary(dated.id)).toMatchObject({
      startDate: null,
      endDate: null,
      stagesStartDate: '2027-03-12',
      stagesEndDate: '2027-03-18',
    });
    expect(summary(undated.id)).toMatchObject({ stagesStartDate: null, stagesEndDate: null });
  });
});

describe('trash', () => {
  let traveller: Traveller;
  let editor: Traveller;

  test.beforeAll(async ({ server }) => {
    traveller = await server.traveller({ label: 'trasher' });
    editor = await server.traveller({ label: 'co-editor' });
  });

  test('a trashed itinerary leaves the list, shows in trash=true for its owner only', async ({
    server,
  }) => {
    const kept = await createItinerary(traveller, { title: 'Kept' });
    const binned = await createItinerary(traveller, { title: 'Binned' });
    await addMember(server, binned.id, editor.id, 'editor');
    const url = `/api/itineraries/${binned.id}`;

    expectStatus(await traveller.request('DELETE', url, { payload: {} }), 200);
    expect((await listPage(traveller, {})).items.map((item) => item.id)).toEqual([kept.id]);
    const trash = (await listPage(traveller, { trash: 'true' })).items;
    expect(trash.map((item) => item.id)).toEqual([binned.id]);
    expect(trash[0]?.deletedAt).not.toBeNull();
    expectError(await traveller.get(url), 404, 'itinerary/not-found');
    // The editor sees it neither in the list nor in a trash of their own.
    expect((await listPage(editor, {})).items).toEqual([]);
    expect((await listPage(editor, { trash: 'true' })).items).toEqual([]);
    expectError(await editor.get(url), 404, 'itinerary/not-found');

    expectStatus(await traveller.post(`${url}/restore`), 200);
    expect((await listPage(traveller, {})).items.map((item) => item.id).sort()).toEqual(
      [kept.id, binned.id].sort(),
    );
    expect((await listPage(traveller, { trash: 'true' })).items).toEqual([]);
    expect((await listPage(editor, {})).items.map((item) => item.id)).toEqual([binned.id]);
  });

  test(`purgeTrash deletes only what was trashed more than 30 days ago`, async ({ server }) => {
    const { db } = server.database;
    const daysAgo = async (id: string, days: number) => {
      await db
        .update(itinerary)
        .set({ deletedAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(itinerary.id, id));
    };
    const old = await createItinerary(traveller, { title: 'Old' });
    await createStage(traveller, old.id);
    const recent = await createItinerary(traveller, { title: 'Recent' });
    const today = await createItinerary(traveller, { title: 'Today' });
    const active = await createItinerary(traveller, { title: 'Active' });
    for (const trip of [old, recent, today]) {
      expectStatus(
        await traveller.request('DELETE', `/api/itineraries/${trip.id}`, { payload: {} }),
        200,
      );
    }
    await daysAgo(old.id, 31);
    await daysAgo(recent.id, 29);

    expect(await purgeTrash(db)).toBe(1);
    const left = await db.select({ id: itinerary.id }).from(itinerary);
    const leftIds = left.map((row) => row.id);
    expect(leftIds).not.toContain(old.id);
    expect(leftIds).toEqual(expect.arrayContaining([recent.id, today.id, active.id]));
    // Its content went with it.
    expect(await db.select().from(stage).where(eq(stage.itineraryId, old.id))).toEqual([]);
    const trash = (await listPage(traveller, { trash: 'true' })).items.map((item) => item.id);
    expect(trash.sort()).toEqual([recent.id, today.id].sort());
    // Nothing else is old enough: a second run deletes nothing.
    expect(await purgeTrash(db)).toBe(0);
  });
});
