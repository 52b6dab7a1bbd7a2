import type { ImportBatch, ImportPreview } from '@jammy/shared/imports';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { stageRoute } from '../../db/schema/imports';
import { expectStatus } from '../../../test/expect';
import { createItinerary, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  as,
  db,
  upload,
  counts,
  activity,
  owner,
  expectNoContent,
  expectUnreadable,
  fixture,
  GPX,
  KML,
  importsUrl,
  useImportsTest,
} from './imports.test-helpers';

const test = serverTest({ mail: 'outbox' });
useImportsTest(test);

describe('GPX (Garmin Connect export)', () => {
  test('previews without writing, then imports waypoints and the simplified track into a new stage', async () => {
    const trip = await createItinerary(owner);
    const before = await counts(trip.id);
    const preview = expectStatus<ImportPreview>(
      await upload(
        owner,
        importsUrl(trip, '?dryRun=true&fileName=hike.gpx'),
        fixture('garmin-hike.gpx'),
        GPX,
      ),
      200,
    );
    expect(preview).toMatchObject({
      dryRun: true,
      format: 'gpx',
      stage: { id: null, title: 'Monterosso to Vernazza' },
    });
    expect(preview.places.map((entry) => entry.name)).toEqual([
      'Monterosso al Mare',
      'Belvedere sul mare',
      'Trattoria Gianni Franzi',
    ]);
    expect(preview.places[2]).toMatchObject({
      lat: 44.13498,
      lng: 9.68381,
      category: 'food',
      notes: 'Lunch on the harbour square',
    });
    expect(preview.places[1]?.category).toBe('nature');
    expect(preview.routes).toHaveLength(1);
    expect(preview.routes[0]?.originalPoints).toBe(640);
    expect(preview.routes[0]?.coordinates.length).toBeLessThanOrEqual(500);
    expect(preview.routes[0]?.coordinates[0]).toEqual([9.6543, 44.1461]);
    expect(await counts(trip.id)).toEqual(before);

    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(trip, '?fileName=hike.gpx'), fixture('garmin-hike.gpx'), GPX),
      201,
    );
    expect(batch).toMatchObject({
      itineraryId: trip.id,
      format: 'gpx',
      fileName: 'hike.gpx',
      counts: { stages: 1, places: 3, routes: 1, bookings: 0 },
      undoneAt: null,
    });
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Monterosso to Vernazza']);
    expect(tree.places.map((row) => [row.name, row.stageId, row.lat, row.lng])).toEqual([
      ['Monterosso al Mare', batch.stageId, 44.1461, 9.6543],
      ['Belvedere sul mare', batch.stageId, 44.14213, 9.66975],
      ['Trattoria Gianni Franzi', batch.stageId, 44.13498, 9.68381],
    ]);
    const [route] = await db().select().from(stageRoute).where(eq(stageRoute.itineraryId, trip.id));
    expect(route?.stageId).toBe(batch.stageId);
    expect(route?.coordinates.length).toBe(preview.routes[0]?.coordinates.length);
    const [event] = await activity(trip.id);
    expect(event).toMatchObject({
      kind: 'import.created',
      data: { importId: batch.id, places: 3, routes: 1, title: 'hike.gpx' },
    });
  });
});

describe('KML (Google My Maps export)', () => {
  test('imports placemarks into an existing stage, after its places, with the line as its route', async () => {
    const trip = await createItinerary(owner);
    const lisbon = await createStage(owner, trip.id, { title: 'Lisbon' });
    await as(owner, 'POST', `/api/itineraries/${trip.id}/places`, {
      payload: { name: 'Already there', stageId: lisbon.id },
    });
    const batch = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, `?stageId=${lisbon.id}&fileName=lisbon.kml`),
        fixture('google-my-maps.kml'),
        KML,
      ),
      201,
    );
    // Into an existing stage, the file's folders are not kept as stages.
    expect(batch.counts).toEqual({ stages: 0, places: 3, routes: 1, bookings: 0 });
    expect(batch.stageId).toBe(lisbon.id);
    const tree = await getTree(owner, trip.id);
    expect(tree.stages).toHaveLength(1);
    expect(tree.places.map((row) => row.name)).toEqual([
      'Already there',
      'Torre de Belém',
      'Museu Calouste Gulbenkian',
      'Pastéis de Belém',
    ]);
    const torre = tree.places[1];
    expect(torre).toMatchObject({
      lat: 38.691584,
      lng: -9.215982,
      category: 'sight',
      notes: '16th-century fortified tower\nBuy tickets online',
    });
    expect(tree.places[2]?.category).toBe('museum');
    const routes = await db().select().from(stageRoute).where(eq(stageRoute.stageId, lisbon.id));
    expect(routes.map((row) => [row.name, row.coordinates.length])).toEqual([['Alfama walk', 6]]);
    expect(routes[0]?.coordinates[0]).toEqual([-9.136517, 38.710355]);
  });
});

describe('KML folders (Google My Maps layers)', () => {
  test('become a stage each when the import makes new stages; undo removes them all', async () => {
    const trip = await createItinerary(owner);
    const preview = expectStatus<ImportPreview>(
      await upload(owner, importsUrl(trip, '?dryRun=true'), fixture('google-my-maps.kml'), KML),
      200,
    );
    expect(preview.stage).toEqual({ id: null, title: 'Lisbon long weekend' });
    expect(preview.folders).toEqual([{ title: 'Sights' }, { title: 'Food' }, { title: 'Walks' }]);
    expect(preview.places.map((row) => [row.name, row.folder, row.category])).toEqual([
      ['Torre de Belém', 0, 'sight'],
      ['Museu Calouste Gulbenkian', 0, 'museum'],
      ['Pastéis de Belém', 1, 'other'],
    ]);
    const batch = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, '?fileName=lisbon.kml'),
        fixture('google-my-maps.kml'),
        KML,
      ),
      201,
    );
    // Everything is in a folder: no stage for the file itself.
    expect(batch.counts).toEqual({ stages: 3, places: 3, routes: 1, bookings: 0 });
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Sights', 'Food', 'Walks']);
    expect(batch.stageId).toBe(tree.stages[0]?.id);
    const stageOf = new Map(tree.stages.map((row) => [row.id, row.title]));
    expect(
      tree.stages.map((row) => [
        row.title,
        tree.places.filter((each) => each.stageId === row.id).map((each) => each.name),
      ]),
    ).toEqual([
      ['Sights', ['Torre de Belém', 'Museu Calouste Gulbenkian']],
      ['Food', ['Pastéis de Belém']],
      ['Walks', []],
    ]);
    const routes = await db().select().from(stageRoute).where(eq(stageRoute.itineraryId, trip.id));
    expect(routes.map((row) => [row.name, stageOf.get(row.stageId)])).toEqual([
      ['Alfama walk', 'Walks'],
    ]);
    expectNoContent(await as(owner, 'DELETE', `/api/itineraries/${trip.id}/imports/${batch.id}`));
    const after = await getTree(owner, trip.id);
    expect([after.stages.length, after.places.length]).toEqual([0, 0]);
  });

  test('put what is in no folder in the stage named after the file, before the folders', async () => {
    const trip = await createItinerary(owner);
    const kml = fixture('google-my-maps.kml')
      .toString('utf8')
      .replace(
        '<Folder>',
        '<Placemark><name>Rossio</name><Point><coordinates>-9.1394,38.7139</coordinates></Point></Placemark><Folder>',
      );
    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(trip, '?stageTitle=Lisbon'), kml, KML),
      201,
    );
    expect(batch.counts.stages).toBe(4);
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Lisbon', 'Sights', 'Food', 'Walks']);
    expect(tree.places.find((row) => row.name === 'Rossio')?.stageId).toBe(tree.stages[0]?.id);
  });
});

describe('KMZ (zipped KML)', () => {
  test('reads the doc.kml inside, and refuses a zip without one', async () => {
    const trip = await createItinerary(owner);
    const kmz = Buffer.from(
      zipSync({
        'doc.kml': new Uint8Array(fixture('google-my-maps.kml')),
        'images/x.png': new Uint8Array(8),
      }),
    );
    const preview = expectStatus<ImportPreview>(
      await upload(
        owner,
        importsUrl(trip, '?dryRun=true'),
        kmz,
        'application/vnd.google-earth.kmz',
      ),
      200,
    );
    expect(preview.format).toBe('kmz');
    expect(preview.places).toHaveLength(3);
    // Recognised by its first bytes when sent as application/octet-stream.
    const sniffed = await upload(
      owner,
      importsUrl(trip, '?dryRun=true'),
      kmz,
      'application/octet-stream',
    );
    expect(expectStatus<ImportPreview>(sniffed, 200).format).toBe('kmz');
    const empty = Buffer.from(zipSync({ 'readme.txt': new Uint8Array(4) }));
    expectUnreadable(
      await upload(owner, importsUrl(trip), empty, 'application/vnd.google-earth.kmz'),
      /^file: holds no KML document/,
    );
  });
});
