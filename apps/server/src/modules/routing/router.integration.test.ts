import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeRouter, type FakeRouter } from './fake-router';
import { createRouter } from './router';

let fake: FakeRouter;

beforeAll(async () => {
  fake = await startFakeRouter();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

const colosseum = { lat: 41.8902, lng: 12.4922 };
const pantheon = { lat: 41.8986, lng: 12.4769 };
const trevi = { lat: 41.9009, lng: 12.4833 };

describe('the OSRM client', () => {
  const osrm = () => createRouter({ url: `${fake.url}/`, kind: 'osrm', timeoutMs: 500 });

  it('asks one GET /table with lng,lat pairs and both annotations, and reads its matrix', async () => {
    const matrix = await osrm().matrix([colosseum, pantheon, trevi], 'walk');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe(
      '/table/v1/foot/12.4922,41.8902;12.4769,41.8986;12.4833,41.9009',
    );
    expect(fake.requests[0]?.params.get('annotations')).toBe('duration,distance');
    expect(matrix[0]?.[1]).toEqual({ distanceMeters: 1700, durationSeconds: 1230 });
    expect(matrix[1]?.[1]).toEqual({ distanceMeters: 0, durationSeconds: 0 });
  });

  it('gives null where OSRM found no way, and uses its car and bike profiles', async () => {
    fake.unreachable = 2;
    const matrix = await osrm().matrix([colosseum, pantheon, trevi], 'car');
    expect(fake.requests[0]?.path.startsWith('/table/v1/car/')).toBe(true);
    expect(matrix[0]?.[2]).toBeNull();
    expect(matrix[2]?.[0]).toBeNull();
    fake.unreachable = undefined;
    await osrm().matrix([colosseum, pantheon], 'bike');
    expect(fake.requests[1]?.path.startsWith('/table/v1/bike/')).toBe(true);
  });

  it('rejects an answer whose code is not Ok', async () => {
    fake.mode = 'refuse';
    await expect(osrm().matrix([colosseum, pantheon], 'walk')).rejects.toThrow(/NoTable/);
  });
});

describe('the Valhalla client', () => {
  const valhalla = () => createRouter({ url: fake.url, kind: 'valhalla', timeoutMs: 500 });

  it('posts /sources_to_targets with lat/lon and the costing, and reads kilometres', async () => {
    const matrix = await valhalla().matrix([colosseum, pantheon, trevi], 'bike');
    expect(fake.requests[0]?.path).toBe('/sources_to_targets');
    expect(fake.requests[0]?.body).toEqual({
      sources: [
        { lat: 41.8902, lon: 12.4922 },
        { lat: 41.8986, lon: 12.4769 },
        { lat: 41.9009, lon: 12.4833 },
      ],
      targets: [
        { lat: 41.8902, lon: 12.4922 },
        { lat: 41.8986, lon: 12.4769 },
        { lat: 41.9009, lon: 12.4833 },
      ],
      costing: 'bicycle',
      units: 'kilometers',
    });
    expect(matrix[0]?.[1]).toEqual({ distanceMeters: 1700, durationSeconds: 1230 });
  });

  it('gives null where Valhalla found no way', async () => {
    fake.unreachable = 1;
    const matrix = await valhalla().matrix([colosseum, pantheon], 'walk');
    expect(fake.requests[0]?.body).toMatchObject({ costing: 'pedestrian' });
    expect(matrix[0]?.[1]).toBeNull();
    fake.unreachable = undefined;
  });
});

describe('the GraphHopper client', () => {
  const graphhopper = () => createRouter({ url: fake.url, kind: 'graphhopper', timeoutMs: 500 });

  it('posts /route for each pair (lng,lat points, the profile), reading milliseconds', async () => {
    const matrix = await graphhopper().matrix([colosseum, pantheon], 'car');
    const routes = fake.requests.filter((request) => request.path === '/route');
    // Two pairs: there and back; a point to itself is not asked.
    expect(routes).toHaveLength(2);
    expect(routes[0]?.body).toMatchObject({
      points: [
        [12.4922, 41.8902],
        [12.4769, 41.8986],
      ],
      profile: 'car',
      calc_points: false,
      instructions: false,
    });
    expect(matrix[0]?.[1]).toEqual({ distanceMeters: 1700, durationSeconds: 1230 });
    expect(matrix[0]?.[0]).toEqual({ distanceMeters: 0, durationSeconds: 0 });
  });

  it('asks only the pairs a caller needs (a day’s legs in order)', async () => {
    const matrix = await graphhopper().matrix([colosseum, pantheon, trevi], 'walk', [
      [0, 1],
      [1, 2],
    ]);
    expect(fake.requests).toHaveLength(2);
    expect(matrix[1]?.[2]).toEqual({ distanceMeters: 1700, durationSeconds: 1230 });
    expect(matrix[2]?.[0]).toBeNull();
  });

  it('gives null where GraphHopper found no way (its 400 "Connection between locations not found")', async () => {
    fake.unreachable = 1;
    const matrix = await graphhopper().matrix([colosseum, pantheon], 'walk');
    expect(fake.requests[0]?.body).toMatchObject({ profile: 'foot' });
    expect(matrix[0]?.[1]).toBeNull();
    fake.unreachable = undefined;
  });
});

describe('every client', () => {
  it('offers no public transport (none of these servers routes it from a matrix)', () => {
    for (const kind of ['osrm', 'valhalla', 'graphhopper'] as const) {
      expect(createRouter({ url: fake.url, kind }).modes).toEqual(['walk', 'bike', 'car']);
    }
  });

  it('rejects a failure, an answer that is not JSON, and one too slow', async () => {
    for (const kind of ['osrm', 'valhalla', 'graphhopper'] as const) {
      const router = createRouter({ url: fake.url, kind, timeoutMs: 300 });
      for (const mode of ['fail', 'garbage', 'slow'] as const) {
        fake.mode = mode;
        await expect(router.matrix([colosseum, pantheon], 'walk')).rejects.toThrow();
      }
    }
  });
});
