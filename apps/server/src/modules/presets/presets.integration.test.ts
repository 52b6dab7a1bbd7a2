import type { Itinerary, Page, Place, Stage } from '@jammy/shared/itineraries';
import type { PresetDetail, PresetSummary } from '@jammy/shared/presets';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  apiFor,
  createSignedInUser,
  expectError,
  expectFieldError,
  expectStatus,
  getTree,
  missingId,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { catalogueFixture, loadFixtures, openStage, signUpAs } from '../../../test/preset-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { preset } from '../../db/schema/itineraries';

const ADMIN_EMAIL = 'presets.admin@example.com';

let database: TestDatabase;
let testApp: TestApp;
let api: Api;
let admin: SignedInUser;
let traveller: SignedInUser;

// Titles sort the other way round from the interests they share with [art, history].
const noMatch = catalogueFixture({ title: 'Alpine beaches', interests: ['beaches'] });
const oneMatch = catalogueFixture({
  title: 'Baroque towns',
  interests: ['history', 'nature'],
  region: 'asia',
});
const twoMatches = catalogueFixture({
  title: 'Castles and canvases',
  interests: ['art', 'history', 'wine'],
});
const premium = catalogueFixture({ title: 'Premium lakes', interests: ['wellness'] });
const hidden = catalogueFixture({ title: 'Hidden lakes', interests: ['wellness'] });
const ids = new Map<string, string>();

function idOf(file: { slug: string }): string {
  const id = ids.get(file.slug);
  if (!id) throw new Error(`${file.slug} was not loaded`);
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp({ databaseUrl: database.url, env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  api = apiFor(testApp);
  const files = [noMatch, oneMatch, twoMatches, premium, hidden];
  await loadFixtures(testApp, files);
  const rows = await testApp.database.db
    .select()
    .from(preset)
    .where(
      inArray(
        preset.slug,
        files.map((file) => file.slug),
      ),
    );
  for (const row of rows) if (row.slug) ids.set(row.slug, row.id);
  await testApp.database.db
    .update(preset)
    .set({ premium: true })
    .where(inArray(preset.id, [idOf(premium)]));
  await testApp.database.db
    .update(preset)
    .set({ published: false })
    .where(inArray(preset.id, [idOf(hidden)]));
  admin = await signUpAs(testApp, ADMIN_EMAIL);
  traveller = await createSignedInUser(testApp, 'browser');
  expectStatus(
    await api(traveller, 'PUT', '/api/me/interests', {
      payload: { interests: ['art', 'history'] },
    }),
    200,
  );
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

/** The list as `user` sees it, reduced to the test's own presets. */
async function list(user: SignedInUser | null, query = '', headers: Record<string, string> = {}) {
  const response = await api(user, 'GET', `/api/presets${query}`, { headers });
  const mine = new Set(ids.values());
  return {
    response,
    items: expectStatus<Page<PresetSummary>>(response, 200).items.filter((item) =>
      mine.has(item.id),
    ),
  };
}

describe('GET /api/presets', () => {
  it('pages by cursor: every card once, in the order of the whole list', async () => {
    const whole = expectStatus<Page<PresetSummary>>(
      await api(null, 'GET', '/api/presets?limit=100'),
      200,
    );
    expect(whole.nextCursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<PresetSummary> = expectStatus<Page<PresetSummary>>(
        await api(null, 'GET', `/api/presets?limit=5${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(page.items.length).toBeLessThanOrEqual(5);
      paged.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole.items.map((item) => item.id));
  });

  it('400 naming the field for a cursor that is not one, or a limit out of range', async () => {
    for (const [query, field] of [
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['cursor=%24%24', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
    ]) {
      expectFieldError(await api(null, 'GET', `/api/presets?${query}`), field ?? '');
    }
  });

  it('is public, cacheable when anonymous, ordered by title, published ones only', async () => {
    const { response, items } = await list(null);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.vary).toContain('Accept-Language');
    expect(items.map((item) => item.title)).toEqual([
      'Alpine beaches',
      'Baroque towns',
      'Castles and canvases',
      'Premium lakes',
    ]);
    const [first] = items;
    expect(first).toEqual({
      id: idOf(noMatch),
      title: 'Alpine beaches',
      description: noMatch.text.en.description,
      region: 'europe',
      days: 3,
      interests: ['beaches'],
      coverUrl: noMatch.cover,
      coverCredit: noMatch.coverCredit,
      premium: false,
      published: true,
      stageCount: 2,
      placeCount: 3,
      matchingInterests: 0,
      copyable: true,
    });
    expect(items.find((item) => item.premium)?.copyable).toBe(false);
  });

  it('recommends first what shares most interests with a signed-in reader', async () => {
    const { response, items } = await list(traveller);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(items.map((item) => [item.title, item.matchingInterests])).toEqual([
      ['Castles and canvases', 2],
      ['Baroque towns', 1],
      ['Alpine beaches', 0],
      ['Premium lakes', 0],
    ]);
  });

  it('speaks the page’s language (lang), else the profile’s, the cookie, Accept-Language, English', async () => {
    const title = async (user: SignedInUser | null, headers: Record<string, string>) =>
      (await list(user, '', headers)).items.find((item) => item.id === idOf(twoMatches))?.title;
    expect(await title(null, { 'accept-language': 'it-IT,it;q=0.9' })).toBe(
      twoMatches.text.it.title,
    );
    expect(await title(null, { 'accept-language': 'it', cookie: 'i18n_redirected=fr' })).toBe(
      twoMatches.text.fr.title,
    );
    expect(await title(null, { 'accept-language': 'ja' })).toBe('Castles and canvases');
    const german = await createSignedInUser(testApp, 'german');
    expectStatus(await api(german, 'PATCH', '/api/me', { payload: { language: 'de' } }), 200);
    expect(
      await title(german, {
        'accept-language': 'it',
        cookie: `${german.cookie}; i18n_redirected=fr`,
      }),
    ).toBe(twoMatches.text.de.title);
    // The page's language (?lang=) wins over everything: /ar/… shows Arabic to a German.
    const titleAsked = async (user: SignedInUser | null, lang: string) =>
      (await list(user, `?lang=${lang}`)).items.find((item) => item.id === idOf(twoMatches))?.title;
    expect(await titleAsked(german, 'ar')).toBe(twoMatches.text.ar.title);
    expect(await titleAsked(null, 'es')).toBe(twoMatches.text.es.title);
    expectStatus(await api(null, 'GET', '/api/presets?lang=xx'), 400);
  });

  it('filters by interest, region and trip length', async () => {
    expect((await list(null, '?interest=history')).items.map((item) => item.title)).toEqual([
      'Baroque towns',
      'Castles and canvases',
    ]);
    expect((await list(null, '?region=asia')).items.map((item) => item.title)).toEqual([
      'Baroque towns',
    ]);
    expect((await list(null, '?length=short')).items).toHaveLength(4);
    expect((await list(null, '?length=week')).items).toHaveLength(0);
  });

  it('answers 400 naming a bad filter', async () => {
    expectFieldError(await api(null, 'GET', '/api/presets?interest=karaoke'), 'interest');
    expectFieldError(await api(null, 'GET', '/api/presets?length=forever'), 'length');
    expectFieldError(await api(null, 'GET', '/api/presets?sort=price'), 'sort');
  });

  it('shows unpublished ones to admins asking for all, with what editing needs', async () => {
    expect((await list(traveller, '?all=true')).items.map((item) => item.title)).not.toContain(
      'Hidden lakes',
    );
    expect((await list(admin)).items.map((item) => item.title)).not.toContain('Hidden lakes');
    const all = (await list(admin, '?all=true')).items;
    const hiddenCard = all.find((item) => item.title === 'Hidden lakes');
    expect(hiddenCard).toMatchObject({
      published: false,
      admin: { catalogue: true, slug: hidden.slug, defaultLanguage: 'en' },
    });
    expect(all.find((item) => item.premium)?.copyable).toBe(true);
  });
});

describe('GET /api/presets/{id}', () => {
  it('answers the whole preset, localized, to anyone', async () => {
    const detail = expectStatus<PresetDetail>(
      await api(null, 'GET', `/api/presets/${idOf(twoMatches)}`, {
        headers: { 'accept-language': 'ar' },
      }),
      200,
    );
    expect(detail.language).toBe('ar');
    expect(detail.title).toBe(twoMatches.text.ar.title);
    expect(detail.stages).toHaveLength(2);
    expect(detail.stages[0]).toMatchObject({
      index: 0,
      title: 'كومو',
      tip: twoMatches.stages[0]?.text.ar.tip,
      destinationName: 'Como',
      countryCode: 'IT',
      startDay: 0,
      days: 2,
    });
    expect(openStage(detail.stages[0]).places[0]).toEqual({
      index: 0,
      name: 'Como Cathedral',
      category: 'sight',
      lat: 45.8113,
      lng: 9.0834,
      address: 'Piazza del Duomo, Como',
      url: 'https://www.cattedraledicomo.it/',
      day: 0,
      time: '10:00',
      durationMinutes: 60,
      notes: 'انظر إلى النافذة الوردية.',
    });
    expect(openStage(detail.stages[0]).places[1]).toMatchObject({
      notes: '',
      address: null,
      day: 1,
    });
  });

  it('is 404 for an unknown or unpublished preset (but admins see the latter), and for a bad id', async () => {
    expectError(await api(null, 'GET', `/api/presets/${missingId()}`), 404, 'preset/not-found');
    expectError(
      await api(traveller, 'GET', `/api/presets/${idOf(hidden)}`),
      404,
      'preset/not-found',
    );
    expectStatus(await api(admin, 'GET', `/api/presets/${idOf(hidden)}`), 200);
    expectError(await api(null, 'GET', '/api/presets/not-an-id'), 404, 'route/not-found');
  });
});

describe('POST /api/presets/{id}/copy', () => {
  const copyOf = (user: SignedInUser | null, file: { slug: string }, payload: object) =>
    api(user, 'POST', `/api/presets/${idOf(file)}/copy`, { payload });

  it('needs a signed-in traveller and a real start date', async () => {
    expectError(
      await copyOf(null, oneMatch, { startDate: '2026-03-01' }),
      401,
      'auth/unauthenticated',
    );
    expectFieldError(await copyOf(traveller, oneMatch, {}), 'startDate');
    expectFieldError(await copyOf(traveller, oneMatch, { startDate: '2026-02-30' }), 'startDate');
    expectFieldError(
      await copyOf(traveller, oneMatch, { startDate: '2026-03-01', owner: 'x' }),
      'owner',
    );
  });

  it('makes a deep, independent copy of mine with the dates shifted (across a month end)', async () => {
    const italian = await createSignedInUser(testApp, 'italian');
    expectStatus(await api(italian, 'PATCH', '/api/me', { payload: { language: 'it' } }), 200);
    const copy = expectStatus<Itinerary>(
      await copyOf(italian, oneMatch, { startDate: '2026-01-30' }),
      201,
    );
    expect(copy).toMatchObject({
      title: oneMatch.text.it.title,
      description: oneMatch.text.it.description,
      startDate: '2026-01-30',
      endDate: '2026-02-01',
      role: 'owner',
      ownerId: italian.id,
      // No PUBLIC_URL: the address the request came to (inject's is http://localhost).
      coverUrl: `http://localhost${oneMatch.cover}`,
    });
    const tree = await getTree(testApp, italian, copy.id);
    expect(
      tree.stages.map((stage: Stage) => [stage.title, stage.startDate, stage.endDate, stage.notes]),
    ).toEqual([
      ['Como', '2026-01-30', '2026-01-31', oneMatch.stages[0]?.text.it.tip],
      ['Bellagio', '2026-02-01', '2026-02-01', oneMatch.stages[1]?.text.it.tip],
    ]);
    expect(tree.stages[0]).toMatchObject({
      destinationName: 'Como',
      lat: 45.8081,
      countryCode: 'IT',
    });
    const [como, bellagio] = tree.stages;
    expect(
      tree.places.map((place: Place) => [
        place.name,
        place.stageId,
        place.day,
        place.time,
        place.durationMinutes,
        place.category,
        place.notes,
      ]),
    ).toEqual([
      [
        'Como Cathedral',
        como?.id,
        '2026-01-30',
        '10:00',
        60,
        'sight',
        'Alzate lo sguardo verso il rosone.',
      ],
      ['Brunate funicular', como?.id, '2026-01-31', '18:30', null, 'transport', ''],
      ['Villa Melzi Gardens', bellagio?.id, '2026-02-01', '11:00', 90, 'nature', ''],
    ]);
    expect(tree.places[0]).toMatchObject({
      address: 'Piazza del Duomo, Como',
      url: 'https://www.cattedraledicomo.it/',
      lat: 45.8113,
      lng: 9.0834,
    });

    // Changing the copy leaves the preset as it was; a stranger cannot see the copy.
    const before = await api(null, 'GET', `/api/presets/${idOf(oneMatch)}`);
    expectStatus(
      await api(italian, 'PATCH', `/api/itineraries/${copy.id}/stages/${como?.id}`, {
        payload: { title: 'Como, my way', version: como?.version },
      }),
      200,
    );
    const after = await api(null, 'GET', `/api/presets/${idOf(oneMatch)}`);
    expect(after.json()).toEqual(before.json());
    expectError(
      await api(traveller, 'GET', `/api/itineraries/${copy.id}`),
      404,
      'itinerary/not-found',
    );
  });

  it('takes a title of my choosing, and each copy is a new itinerary', async () => {
    const first = expectStatus<Itinerary>(
      await copyOf(traveller, twoMatches, { startDate: '2026-07-01', title: 'Summer with Ada' }),
      201,
    );
    const second = expectStatus<Itinerary>(
      await copyOf(traveller, twoMatches, { startDate: '2026-08-01' }),
      201,
    );
    expect(first.title).toBe('Summer with Ada');
    expect(second.title).toBe('Castles and canvases');
    expect(second.id).not.toBe(first.id);
    expect((await getTree(testApp, traveller, second.id)).places).toHaveLength(3);
  });

  it('refuses premium presets to those who have not bought them, hides unpublished ones', async () => {
    const refused = expectError(
      await copyOf(traveller, premium, { startDate: '2026-03-01' }),
      403,
      'preset/premium',
    );
    expect(refused.error.message).toMatch(/buy it in the shop/);
    expectStatus(await copyOf(admin, premium, { startDate: '2026-03-01' }), 201);
    expectError(
      await copyOf(traveller, hidden, { startDate: '2026-03-01' }),
      404,
      'preset/not-found',
    );
    expectError(
      await api(traveller, 'POST', `/api/presets/${missingId()}/copy`, {
        payload: { startDate: '2026-03-01' },
      }),
      404,
      'preset/not-found',
    );
  });
});
