import type { ImportBatch, ImportPreview, LookupResult, StageRoutes } from '@jammy/shared/imports';
import type { ShareLink } from '@jammy/shared/sharing';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { importBatch } from '../../db/schema/imports';
import { place, stage } from '../../db/schema/itineraries';
import type { ApiErrorBody } from '../../../test/auth-helpers';
import { addMember } from '../../../test/itinerary-helpers';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  as,
  db,
  upload,
  counts,
  activity,
  server,
  owner,
  viewer,
  stranger,
  expectNoContent,
  fixture,
  GEOJSON,
  GPX,
  importsUrl,
  useImportsTest,
} from './imports.test-helpers';

const test = serverTest({ mail: 'outbox' });
useImportsTest(test);

describe('all or nothing', () => {
  test('a failure at the last step leaves no stage, place, route, import or event', async () => {
    const trip = await createItinerary(owner);
    await db()
      .execute(sql`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.file_name = 'boom.gpx' then
          raise exception 'refused' using errcode = '23514', column = 'file_name';
        end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_boom before insert on import_batch
      for each row execute function refuse_boom()`);
    try {
      const response = await upload(
        owner,
        importsUrl(trip, '?fileName=boom.gpx'),
        fixture('garmin-hike.gpx'),
        GPX,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(await counts(trip.id)).toMatchObject({
        stages: 0,
        places: 0,
        routes: 0,
        imports: 0,
        events: 0,
      });
    } finally {
      await db().execute(sql`drop trigger refuse_boom on import_batch`);
    }
  });
});

describe('undo', () => {
  test('removes what the import created and records it; a second undo is 404', async () => {
    const trip = await createItinerary(owner);
    const batch = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, '?fileName=rome.geojson'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      201,
    );
    const url = importsUrl(trip, `/${batch.id}`);
    expectNoContent(await as(owner, 'DELETE', url));
    expect(await counts(trip.id)).toMatchObject({ stages: 0, places: 0, routes: 0, imports: 1 });
    const [undone] = await activity(trip.id);
    expect(undone).toMatchObject({
      kind: 'import.undone',
      data: { importId: batch.id, places: 3 },
    });
    expect(expectStatus<ImportBatch>(await as(owner, 'GET', url), 200).undoneAt).not.toBeNull();
    expectError(await as(owner, 'DELETE', url), 404, 'import/not-found');
  });

  test('answers 409 and keeps everything when something it created changed since', async () => {
    const trip = await createItinerary(owner);
    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(trip), fixture('garmin-hike.gpx'), GPX),
      201,
    );
    const [first] = await db()
      .select()
      .from(place)
      .where(eq(place.itineraryId, trip.id))
      .orderBy(asc(place.position));
    expectStatus(
      await as(owner, 'PATCH', `/api/itineraries/${trip.id}/places/${first?.id}`, {
        payload: { notes: 'Changed', version: 1 },
      }),
      200,
    );
    const conflict = expectError(
      await as(owner, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      409,
      'conflict',
    );
    expect(JSON.stringify(conflict.error.details)).toContain('1 places changed');
    expect(await counts(trip.id)).toMatchObject({ stages: 1, places: 3, routes: 1 });

    // A place of someone else's put in the imported stage blocks the undo as well.
    const other = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, '?stageTitle=Second'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      201,
    );
    await as(owner, 'POST', `/api/itineraries/${trip.id}/places`, {
      payload: { name: 'Added later', stageId: other.stageId },
    });
    const blocked = expectError(
      await as(owner, 'DELETE', importsUrl(trip, `/${other.id}`)),
      409,
      'conflict',
    );
    expect(JSON.stringify(blocked.error.details)).toContain('other places added to its stage');
    const stages = await db().select().from(stage).where(eq(stage.itineraryId, trip.id));
    expect(stages).toHaveLength(2);
  });
});

describe('GET /api/itineraries/{id}/routes (the maps read the tracks)', () => {
  test('answers members and share-link holders, not strangers, and follows imports and undo', async () => {
    const trip = await createItinerary(owner);
    await addMember(server, trip.id, viewer.id, 'viewer');
    const routesUrl = `/api/itineraries/${trip.id}/routes`;
    expect(expectStatus<StageRoutes>(await as(owner, 'GET', routesUrl), 200)).toEqual({
      items: [],
      nextCursor: null,
    });

    const preview = expectStatus<ImportPreview>(
      await upload(owner, importsUrl(trip, '?dryRun=true'), fixture('garmin-hike.gpx'), GPX),
      200,
    );
    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(trip, '?fileName=hike.gpx'), fixture('garmin-hike.gpx'), GPX),
      201,
    );
    const read = await as(owner, 'GET', routesUrl);
    const routes = expectStatus<StageRoutes>(read, 200);
    expect(routes.items).toHaveLength(1);
    expect(routes.items[0]).toMatchObject({
      stageId: batch.stageId,
      coordinates: preview.routes[0]?.coordinates,
    });
    expect(routes.items[0]?.coordinates[0]).toEqual([9.6543, 44.1461]);
    // The hot document stays small: the track is not in it.
    const tree = await as(owner, 'GET', `/api/itineraries/${trip.id}`);
    expect(tree.body).not.toContain('9.6543,44.1461');
    // Revalidated like every read: unchanged, 304.
    const etag = String(read.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await as(owner, 'GET', routesUrl, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    expect(expectStatus<StageRoutes>(await as(viewer, 'GET', routesUrl), 200)).toEqual(routes);
    const link = expectStatus<ShareLink>(
      await as(owner, 'POST', `/api/itineraries/${trip.id}/share-links`, { payload: {} }),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    expect(
      expectStatus<StageRoutes>(await as(null, 'GET', `${routesUrl}?share=${share}`), 200),
    ).toEqual(routes);
    expectError(await as(stranger, 'GET', routesUrl), 404, 'itinerary/not-found');
    expectError(await as(null, 'GET', routesUrl), 401, 'auth/unauthenticated');
    const otherTrip = await createItinerary(owner);
    expectError(
      await as(null, 'GET', `/api/itineraries/${otherTrip.id}/routes?share=${share}`),
      404,
      'share/not-found',
    );

    expectNoContent(await as(owner, 'DELETE', importsUrl(trip, `/${batch.id}`)));
    const afterUndo = await as(owner, 'GET', routesUrl, { headers: { 'if-none-match': etag } });
    expect(afterUndo.statusCode).toBe(200);
    expect(afterUndo.json<StageRoutes>().items).toEqual([]);
  });
});

describe('who may import', () => {
  test('viewers get 403, strangers 404, and neither changes anything', async () => {
    const trip = await createItinerary(owner);
    await addMember(server, trip.id, viewer.id, 'viewer');
    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      201,
    );
    expectError(
      await upload(viewer, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      403,
      'auth/forbidden',
    );
    expectError(
      await upload(stranger, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      404,
      'itinerary/not-found',
    );
    expectError(
      await as(viewer, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      403,
      'auth/forbidden',
    );
    expectError(
      await as(stranger, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      404,
      'itinerary/not-found',
    );
    expectStatus(await as(viewer, 'GET', importsUrl(trip, `/${batch.id}`)), 200);
    expectError(
      await as(stranger, 'GET', importsUrl(trip, `/${batch.id}`)),
      404,
      'itinerary/not-found',
    );
    const lookup = { payload: { text: 'Rome' } };
    expectError(
      await as(viewer, 'POST', importsUrl(trip, '/lookup'), lookup),
      403,
      'auth/forbidden',
    );
    expectError(
      await as(stranger, 'POST', importsUrl(trip, '/lookup'), lookup),
      404,
      'itinerary/not-found',
    );
    expect(
      await db().select().from(importBatch).where(eq(importBatch.itineraryId, trip.id)),
    ).toHaveLength(1);
  });
});

describe('pasted list', () => {
  test('answers candidates per line: names from the gazetteer, coordinates from links, short links named', async () => {
    const trip = await createItinerary(owner);
    const text = [
      'Florence',
      'https://www.google.com/maps/place/Colosseo/@41.8902102,12.4922309,17z/data=!3m1',
      'https://maps.google.com/?q=45.4642,9.19',
      'https://maps.app.goo.gl/Xyz123',
      'Qwxzvbnmkj',
    ].join('\n');
    const result = expectStatus<LookupResult>(
      await as(owner, 'POST', importsUrl(trip, '/lookup'), { payload: { text } }),
      200,
    );
    expect(result.items.map((item) => [item.kind, item.problem])).toEqual([
      ['name', null],
      ['link', null],
      ['link', null],
      ['link', 'short-link'],
      ['name', 'not-found'],
    ]);
    expect(result.items[0]?.candidates[0]).toMatchObject({
      name: 'Florence',
      country: 'IT',
      category: 'city',
    });
    expect(result.items[1]?.candidates).toEqual([
      { name: 'Colosseo', lat: 41.8902102, lng: 12.4922309, country: '', category: 'sight' },
    ]);
    expect(result.items[2]?.candidates[0]).toMatchObject({ lat: 45.4642, lng: 9.19 });
    expect(await counts(trip.id)).toMatchObject({ places: 0, imports: 0 });
  });

  test('commits a reviewed choice as GeoJSON through the import route', async () => {
    const trip = await createItinerary(owner);
    const chosen = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'Florence', category: 'city' },
          geometry: { type: 'Point', coordinates: [11.25, 43.77] },
        },
        {
          type: 'Feature',
          properties: { name: 'Colosseo', category: 'sight' },
          geometry: { type: 'Point', coordinates: [12.49, 41.89] },
        },
      ],
    };
    const batch = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, '?stageTitle=Italy&fileName=list'),
        JSON.stringify(chosen),
        'application/json',
      ),
      201,
    );
    expect(batch.counts.places).toBe(2);
    const tree = await getTree(owner, trip.id);
    expect(tree.places.map((row) => [row.name, row.category])).toEqual([
      ['Florence', 'city'],
      ['Colosseo', 'sight'],
    ]);
  });

  test('refuses more than 100 lines, naming the field', async () => {
    const trip = await createItinerary(owner);
    const text = Array.from({ length: 101 }, (_, index) => `Town ${index}`).join('\n');
    const response = await as(owner, 'POST', importsUrl(trip, '/lookup'), { payload: { text } });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().error.message).toMatch(/^text: /);
  });
});
