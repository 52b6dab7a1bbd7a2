import type { Itinerary, Place, Stage } from '@jammy/shared/itineraries';
import type { PresetDetail } from '@jammy/shared/presets';
import { describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { expectError, expectFieldError, expectStatus, missingId } from '../../../test/expect';
import { getTree } from '../../../test/factories';
import { openStage } from '../../../test/preset-helpers';
import {
  admin,
  api,
  catalogueTest,
  hidden,
  idOf,
  oneMatch,
  premium,
  testApp,
  traveller,
  twoMatches,
} from './presets.test-helpers';

const test = catalogueTest();

describe('GET /api/presets/{id}', () => {
  test('answers the whole preset, localized, to anyone', async () => {
    const detail = expectStatus<PresetDetail>(
      await api(null, 'GET', `/api/presets/${idOf(twoMatches)}`, {
        headers: { 'accept-language': 'ar' },
      }),
      200,
    );
    expect(detail.language).toBe('ar');
    expect(detail.title).toBe(twoMatches.text.ar?.title);
    expect(detail.stages).toHaveLength(2);
    expect(detail.stages[0]).toMatchObject({
      index: 0,
      title: 'كومو',
      tip: twoMatches.stages[0]?.text.ar?.tip,
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

  test('is 404 for an unknown or unpublished preset (but admins see the latter), and for a bad id', async () => {
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

  test('needs a signed-in traveller and a real start date', async () => {
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

  test('makes a deep, independent copy of mine with the dates shifted (across a month end)', async () => {
    const italian = await testApp.traveller({ label: 'italian' });
    expectStatus(await api(italian, 'PATCH', '/api/me', { payload: { language: 'it' } }), 200);
    const copy = expectStatus<Itinerary>(
      await copyOf(italian, oneMatch, { startDate: '2026-01-30' }),
      201,
    );
    expect(copy).toMatchObject({
      title: oneMatch.text.it?.title,
      description: oneMatch.text.it?.description,
      startDate: '2026-01-30',
      endDate: '2026-02-01',
      role: 'owner',
      ownerId: italian.id,
      // No PUBLIC_URL: the address the request came to (inject's is http://localhost).
      coverUrl: `http://localhost${oneMatch.cover}`,
    });
    const tree = await getTree(italian, copy.id);
    expect(
      tree.stages.map((stage: Stage) => [stage.title, stage.startDate, stage.endDate, stage.notes]),
    ).toEqual([
      ['Como', '2026-01-30', '2026-01-31', oneMatch.stages[0]?.text.it?.tip],
      ['Bellagio', '2026-02-01', '2026-02-01', oneMatch.stages[1]?.text.it?.tip],
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

  test('takes a title of my choosing, and each copy is a new itinerary', async () => {
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
    expect((await getTree(traveller, second.id)).places).toHaveLength(3);
  });

  test('refuses premium presets to those who have not bought them, hides unpublished ones', async () => {
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
