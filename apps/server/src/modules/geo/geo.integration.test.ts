import { placeSearchSettingsSchema, type GeoSearchResult } from '@jammy/shared/geo';
import { afterAll, beforeEach, describe, expect } from 'vitest';
import {
  createVerifiedUser,
  uniqueEmail,
  type ApiErrorBody,
  type CookieJar,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestApp } from '../../../test/test-app';
import { COLOSSEUM_HOURS, startFakeGeocoder, type FakeGeocoder } from './fake-geocoder';

const test = serverTest();

let fake: FakeGeocoder;
let withPhoton: TestApp;
let withNominatim: TestApp;
let jar: CookieJar;

test.beforeAll(async ({ server }) => {
  fake = await startFakeGeocoder();
  // Same database, so the same session works on every app.
  withPhoton = await server.another({ GEOCODER_URL: fake.url });
  withNominatim = await server.another({ GEOCODER_URL: `${fake.url}/nominatim` });
  ({ jar } = await createVerifiedUser(server.app, server.smtp, {
    email: uniqueEmail('geo'),
  }));
});

beforeEach(() => {
  fake.mode = 'ok';
});

afterAll(async () => {
  await fake?.close();
});

/** GET /api/geo/search?query, signed in unless `headers` say otherwise. */
function search(server: TestApp, query: string, app = server, headers = jar.headers()) {
  return app.app.inject({ method: 'GET', url: `/api/geo/search?${query}`, headers });
}

async function found(server: TestApp, query: string, app = server): Promise<GeoSearchResult> {
  const response = await search(server, query, app);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GeoSearchResult>();
}

function invalidFields(body: ApiErrorBody): string[] {
  return (body.error.details as { issues: { field: string }[] }).issues.map((i) => i.field);
}

describe('GET /api/geo/search', () => {
  test('needs sign-in', async ({ server }) => {
    const response = await search(server, 'q=rome', server, {});
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiErrorBody>().error.code).toBe('auth/unauthenticated');
  });

  test('answers 400 naming q when it is missing, blank or too long', async ({ server }) => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'x'.repeat(101)}`]) {
      const response = await search(server, query);
      expect(response.statusCode, query).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.code).toBe('request/invalid');
      expect(invalidFields(body)).toEqual(['q']);
    }
  });

  test('answers 400 naming limit, lang or kind when they are not valid', async ({ server }) => {
    for (const [query, field] of [
      ['q=rome&limit=0', 'limit'],
      ['q=rome&limit=21', 'limit'],
      ['q=rome&limit=many', 'limit'],
      ['q=rome&lang=pt', 'lang'],
      ['q=rome&kind=river', 'kind'],
    ] as const) {
      const response = await search(server, query);
      expect(response.statusCode, query).toBe(400);
      expect(invalidFields(response.json<ApiErrorBody>())).toContain(field);
    }
  });

  test('answers cities by accent-free prefix, most populous first, with credit', async ({
    server,
  }) => {
    const result = await found(server, 'q=zur');
    expect(result.nextCursor).toBeNull();
    expect(result.attribution).toMatch(/GeoNames.*CC BY 4\.0/);
    expect(result.attribution).toMatch(/Time zones: timezone-boundary-builder.*ODbL/);
    expect(result.items).toHaveLength(8);
    expect(result.items[0]).toEqual({
      id: 'geonames:2657896',
      name: 'Zürich',
      country: 'CH',
      countryName: 'Switzerland',
      admin: 'ZH',
      lat: expect.closeTo(47.37, 1),
      lng: expect.closeTo(8.55, 1),
      population: expect.any(Number),
      timezone: 'Europe/Zurich',
      kind: 'city',
      category: 'city',
      source: 'gazetteer',
    });
    expect((await found(server, 'q=sao%20p&limit=3')).items.map((item) => item.name)).toEqual([
      'São Paulo',
      expect.any(String),
      expect.any(String),
    ]);
    expect((await found(server, 'q=S%C3%83O%20PAULO&limit=1')).items[0]?.name).toBe('São Paulo');
  });

  test('gives each city the time zone at its coordinates', async ({ server }) => {
    const zone = async (query: string) =>
      (await found(server, `q=${query}&limit=1`)).items[0]?.timezone;
    expect(await zone('new%20york')).toBe('America/New_York');
    expect(await zone('tokyo')).toBe('Asia/Tokyo');
    expect(await zone('kathmandu')).toMatch(/^Asia\/Kath?mandu$/);
  });

  test('names countries in the requested language', async ({ server }) => {
    expect((await found(server, 'q=tokyo&limit=1&lang=it')).items[0]?.countryName).toBe('Giappone');
    expect((await found(server, 'q=tokyo&limit=1&lang=de')).items[0]?.countryName).toBe('Japan');
    expect((await found(server, 'q=tokyo&limit=1&lang=ar')).items[0]?.countryName).toBe('اليابان');
    expect((await found(server, 'q=tokyo&limit=1')).items[0]?.countryName).toBe('Japan');
  });

  test('answers an empty list for names it does not know', async ({ server }) => {
    expect((await found(server, 'q=%D8%A7%D9%84%D9%82%D8%A7%D9%87%D8%B1%D8%A9')).items).toEqual([]);
    expect((await found(server, 'q=qqqqzzz')).items).toEqual([]);
    expect((await found(server, 'q=rome&kind=poi')).items).toEqual([]);
  });

  test('is listed in the OpenAPI document', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(response.json<{ paths: object }>().paths)).toContain('/api/geo/search');
  });
});

describe('GET /api/geo/search with a geocoder', () => {
  test('adds points of interest after the cities, without the towns it already has', async ({
    server,
  }) => {
    const result = await found(server, 'q=rome&limit=6&lang=fr', withPhoton);
    expect(result.items.map((item) => item.kind)).toEqual([
      ...Array.from({ length: 5 }, () => 'city'),
      'poi',
    ]);
    expect(result.items[0]).toMatchObject({ name: 'Rome', country: 'IT', source: 'gazetteer' });
    expect(result.items.at(-1)).toEqual({
      id: 'osm:W25153236',
      name: 'Colosseum',
      country: 'IT',
      countryName: 'Italie',
      admin: 'Rome',
      lat: 41.8902,
      lng: 12.4922,
      population: 0,
      timezone: 'Europe/Rome',
      kind: 'poi',
      // From its OpenStreetMap tag (historic=monument), not assumed.
      category: 'sight',
      // The geocoder's opening_hours tag, for the day plan.
      openingHours: COLOSSEUM_HOURS,
      source: 'geocoder',
    });
    expect(result.items.filter((item) => item.source === 'geocoder')).toHaveLength(1);
    expect(result.attribution).toMatch(/Places: © OpenStreetMap/);
    expect(fake.requests.at(-1)?.params.get('lang')).toBe('fr');
  });

  test('asks the geocoder only when points of interest are wanted', async ({ server }) => {
    const before = fake.requests.length;
    const cities = await found(server, 'q=rome&kind=city', withPhoton);
    expect(cities.items.every((item) => item.kind === 'city')).toBe(true);
    expect(fake.requests.length).toBe(before);
    const pois = await found(server, 'q=rome&kind=poi', withPhoton);
    expect(pois.items.map((item) => item.name)).toEqual(['Colosseum', 'Rome']);
  });

  test('speaks Nominatim when the address names it', async ({ server }) => {
    const result = await found(server, 'q=rome&kind=poi', withNominatim);
    expect(result.items.map((item) => item.id)).toEqual(['osm:W25153236', 'osm:R41485']);
    // tourism=attraction is a sight; an administrative boundary is nothing Jammy names.
    expect(result.items.map((item) => item.category)).toEqual(['sight', 'other']);
    expect(fake.requests.at(-1)?.path).toBe('/nominatim/search');
  });

  test('answers the cities when the geocoder fails', async ({ server }) => {
    fake.mode = 'fail';
    const result = await found(server, 'q=rome', withPhoton);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.source === 'gazetteer')).toBe(true);
    expect(result.attribution).not.toMatch(/Places:/);
  });

  test('gives up on a slow geocoder after 3 s and answers the cities', async ({ server }) => {
    fake.mode = 'slow';
    const started = performance.now();
    const result = await found(server, 'q=rome', withPhoton);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(8000);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.source === 'gazetteer')).toBe(true);
  });
});

describe('GET /api/client-config', () => {
  async function placeSearch(app: TestApp) {
    const response = await app.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    return placeSearchSettingsSchema.parse(response.json<{ placeSearch: unknown }>().placeSearch);
  }

  test('tells the web app whether the place search knows points of interest', async ({
    server,
  }) => {
    expect(await placeSearch(server)).toEqual({ pointsOfInterest: false });
    expect(await placeSearch(withPhoton)).toEqual({ pointsOfInterest: true });
  });
});
