import type { PresetDetail, PresetSummary } from '@jammy/shared/presets';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect } from 'vitest';
import { call, type CallOptions, type SignedInUser, type Traveller } from '../../../test/clients';
import {
  conflictCurrent,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createItinerary, createPlace, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { catalogueFixture, loadFixtures, openStage } from '../../../test/preset-helpers';
import type { TestServer } from '../../../test/server';
import { preset } from '../../db/schema/itineraries';

const ADMIN_EMAILS = 'boss.one@example.com,boss.two@example.com';

const test = serverTest({ mail: 'outbox', env: { ADMIN_EMAILS } });

let testApp: TestServer;
let admin: Traveller;
let otherAdmin: Traveller;
let traveller: Traveller;
const api = (user: SignedInUser | null, method: HTTPMethods, url: string, options?: CallOptions) =>
  call(testApp, user, method, url, options);

test.beforeAll(async ({ server }) => {
  testApp = server;
  admin = await server.traveller({ email: 'boss.one@example.com' });
  otherAdmin = await server.traveller({ email: 'boss.two@example.com' });
  traveller = await server.traveller({ label: 'plain' });
  expectStatus(await api(admin, 'PATCH', '/api/me', { payload: { language: 'it' } }), 200);
});

/** An itinerary of `user`: 2026-09-28 .. 2026-10-03, two stages, three places (one unstaged). */
async function tripOf(user: Traveller) {
  const trip = await createItinerary(user, {
    title: 'Sicilia barocca',
    description: 'Noto, Modica, Ragusa',
    startDate: '2026-09-28',
    endDate: '2026-10-03',
  });
  const noto = await createStage(user, trip.id, {
    title: 'Noto',
    destinationName: 'Noto',
    lat: 36.89,
    lng: 15.07,
    countryCode: 'IT',
    startDate: '2026-09-28',
    endDate: '2026-09-30',
    notes: 'Al tramonto la pietra diventa oro.',
  });
  const modica = await createStage(user, trip.id, {
    title: 'Modica',
    startDate: '2026-10-01',
    endDate: '2026-10-03',
  });
  await createPlace(user, trip.id, {
    stageId: noto.id,
    name: 'Cattedrale di Noto',
    category: 'sight',
    lat: 36.8926,
    lng: 15.0698,
    day: '2026-09-29',
    time: '09:30',
    durationMinutes: 45,
    notes: 'Ingresso libero',
  });
  await createPlace(user, trip.id, {
    stageId: modica.id,
    name: 'Antica Dolceria Bonajuto',
    category: 'food',
    lat: 36.8589,
    lng: 14.7606,
  });
  await createPlace(user, trip.id, {
    name: 'Ragusa Ibla',
    category: 'sight',
    lat: 36.9269,
    lng: 14.7425,
    day: '2026-10-02',
  });
  return trip;
}

function publish(user: SignedInUser | null, payload: object) {
  return api(user, 'POST', '/api/presets', { payload });
}

describe('POST /api/presets (publish)', () => {
  test('snapshots an admin’s itinerary as a preset in their language', async () => {
    const trip = await tripOf(admin);
    const created = expectStatus<PresetDetail>(
      await publish(admin, {
        itineraryId: trip.id,
        region: 'europe',
        interests: ['history', 'food-and-drink'],
      }),
      201,
    );
    expect(created).toMatchObject({
      title: 'Sicilia barocca',
      description: 'Noto, Modica, Ragusa',
      language: 'it',
      days: 6,
      region: 'europe',
      interests: ['food-and-drink', 'history'],
      premium: false,
      published: true,
      stageCount: 2,
      placeCount: 3,
      admin: { catalogue: false, slug: null, defaultLanguage: 'it', sourceItineraryId: trip.id },
    });
    expect(
      created.stages.map((stage) => [
        stage.title,
        stage.startDay,
        stage.days,
        openStage(stage).tip,
      ]),
    ).toEqual([
      ['Noto', 0, 3, 'Al tramonto la pietra diventa oro.'],
      ['Modica', 3, 3, ''],
    ]);
    // Modica has no coordinates of its own: its first place's stand in.
    expect(created.stages[1]).toMatchObject({ lat: 36.8589, lng: 14.7606 });
    expect(openStage(created.stages[0]).places).toEqual([
      expect.objectContaining({
        name: 'Cattedrale di Noto',
        day: 1,
        time: '09:30',
        notes: 'Ingresso libero',
      }),
    ]);
    // The unstaged place joins the stage holding its day.
    expect(openStage(created.stages[1]).places.map((place) => [place.name, place.day])).toEqual([
      ['Antica Dolceria Bonajuto', null],
      ['Ragusa Ibla', 4],
    ]);

    // A snapshot: changing the itinerary later does not change the preset.
    expectStatus(
      await api(admin, 'PATCH', `/api/itineraries/${trip.id}`, { payload: { title: 'Changed' } }),
      200,
    );
    const read = expectStatus<PresetDetail>(
      await api(traveller, 'GET', `/api/presets/${created.id}`),
      200,
    );
    expect(read.title).toBe('Sicilia barocca');
    expect(read.admin).toBeUndefined();
  });

  test('is for admins only, and only for their own itineraries', async () => {
    const trip = await tripOf(traveller);
    const body = { itineraryId: trip.id, region: 'europe', interests: [] };
    expectError(await publish(null, body), 401, 'auth/unauthenticated');
    expectError(await publish(traveller, body), 403, 'auth/forbidden');
    expectError(await publish(admin, body), 404, 'itinerary/not-found');
    expectError(
      await publish(admin, { ...body, itineraryId: missingId() }),
      404,
      'itinerary/not-found',
    );
  });

  test('answers 400 naming the field', async () => {
    const trip = await createItinerary(admin, { title: 'Empty' });
    expectFieldError(
      await publish(admin, { itineraryId: trip.id, region: 'mars', interests: [] }),
      'region',
    );
    expectFieldError(
      await publish(admin, { itineraryId: trip.id, region: 'europe', interests: ['karaoke'] }),
      'interests.0',
    );
    expectFieldError(
      await publish(admin, { itineraryId: 'nope', region: 'europe', interests: [] }),
      'itineraryId',
    );
    // Nothing to publish yet.
    expectFieldError(
      await publish(admin, { itineraryId: trip.id, region: 'europe', interests: [] }),
      'itineraryId',
    );
  });
});

describe('PATCH and DELETE /api/presets/{id}', () => {
  async function published() {
    const trip = await tripOf(admin);
    return expectStatus<PresetDetail>(
      await publish(admin, { itineraryId: trip.id, region: 'europe', interests: ['history'] }),
      201,
    );
  }

  test('lets any admin edit the listing, text and flags, with versions', async () => {
    const created = await published();
    const version = created.admin?.version;
    const updated = expectStatus<PresetDetail>(
      await api(otherAdmin, 'PATCH', `/api/presets/${created.id}`, {
        payload: {
          version,
          title: 'Barocco siciliano',
          premium: true,
          published: false,
          region: 'europe',
          interests: ['architecture'],
        },
      }),
      200,
    );
    expect(updated).toMatchObject({
      title: 'Barocco siciliano',
      description: 'Noto, Modica, Ragusa',
      premium: true,
      published: false,
      interests: ['architecture'],
      admin: { version: (version ?? 0) + 1 },
    });
    // A stale version: 409 with the current preset.
    const current = conflictCurrent<PresetDetail>(
      await api(admin, 'PATCH', `/api/presets/${created.id}`, {
        payload: { version, title: 'Lost update' },
      }),
    );
    expect(current.title).toBe('Barocco siciliano');
    // Unpublished now: gone for travellers.
    expectError(await api(traveller, 'GET', `/api/presets/${created.id}`), 404, 'preset/not-found');
  });

  test('refuses non-admins, unknown presets and bad fields', async () => {
    const created = await published();
    const url = `/api/presets/${created.id}`;
    const payload = { version: 1, published: false };
    expectError(await api(null, 'PATCH', url, { payload }), 401, 'auth/unauthenticated');
    expectError(await api(traveller, 'PATCH', url, { payload }), 403, 'auth/forbidden');
    expectError(await api(traveller, 'DELETE', url, { payload: {} }), 403, 'auth/forbidden');
    expectError(
      await api(admin, 'PATCH', `/api/presets/${missingId()}`, { payload }),
      404,
      'preset/not-found',
    );
    expectFieldError(await api(admin, 'PATCH', url, { payload: { published: false } }), 'version');
    expectFieldError(
      await api(admin, 'PATCH', url, { payload: { version: 1, title: ' ' } }),
      'title',
    );
    expectFieldError(
      await api(admin, 'PATCH', url, { payload: { version: 1, slug: 'x' } }),
      'slug',
    );
    const unchanged = await testApp.database.db
      .select()
      .from(preset)
      .where(eq(preset.id, created.id));
    expect(unchanged[0]?.published).toBe(true);
  });

  test('deletes a published preset; a catalogue one can only be unpublished', async () => {
    const created = await published();
    expect(
      conflictCurrent<PresetDetail>(
        await api(admin, 'DELETE', `/api/presets/${created.id}`, { payload: { version: 99 } }),
      ).id,
    ).toBe(created.id);
    const deleted = await api(admin, 'DELETE', `/api/presets/${created.id}`, {
      payload: { version: created.admin?.version },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expectError(await api(admin, 'GET', `/api/presets/${created.id}`), 404, 'preset/not-found');
    expectError(await api(admin, 'DELETE', `/api/presets/${created.id}`), 404, 'preset/not-found');

    const file = catalogueFixture();
    await loadFixtures(testApp, [file]);
    const list = expectStatus<{ items: PresetSummary[] }>(
      await api(admin, 'GET', '/api/presets?all=true&limit=100'),
      200,
    ).items;
    const shipped = list.find((item) => item.admin?.slug === file.slug);
    if (!shipped) throw new Error('catalogue preset not listed');
    const refused = expectError(
      await api(admin, 'DELETE', `/api/presets/${shipped.id}`),
      409,
      'preset/catalogue',
    );
    expect(refused.error.message).toMatch(/unpublish/);
    expectStatus(
      await api(admin, 'PATCH', `/api/presets/${shipped.id}`, {
        payload: { version: shipped.admin?.version, published: false },
      }),
      200,
    );
  });
});
