import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportBatch, ImportPreview, LookupResult, StageRoutes } from '@jammy/shared/imports';
import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { ActivityPage, ShareLink } from '@jammy/shared/sharing';
import { asc, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { booking } from '../../db/schema/bookings';
import { importBatch, stageRoute } from '../../db/schema/imports';
import { place, stage } from '../../db/schema/itineraries';
import type { ApiErrorBody } from '../../../test/auth-helpers';
import {
  call,
  addMember,
  createItinerary,
  createSignedInUser,
  createStage,
  expectError,
  expectStatus,
  getTree,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { zigzag } from '../../../test/lines';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const test = serverTest({ mail: 'outbox' });

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const GPX = 'application/gpx+xml';
const KML = 'application/vnd.google-earth.kml+xml';
const GEOJSON = 'application/geo+json';
const ICS = 'text/calendar';

let owner: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;

test.beforeAll(async ({ server }) => {
  [owner, viewer, stranger] = await Promise.all([
    createSignedInUser(server, 'importer'),
    createSignedInUser(server, 'import-viewer'),
    createSignedInUser(server, 'import-stranger'),
  ]);
});

const db = (server: TestServer) => server.database.db;
const importsUrl = (trip: Itinerary, query = '') => `/api/itineraries/${trip.id}/imports${query}`;

function upload(
  server: TestServer,
  user: SignedInUser | null,
  url: string,
  body: Buffer | string,
  contentType: string,
) {
  return call(server, user, 'POST', url, {
    payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    headers: { 'content-type': contentType },
  });
}

async function counts(server: TestServer, itineraryId: string) {
  const [row] = await db(server)
    .execute<{
      stages: number;
      places: number;
      routes: number;
      bookings: number;
      imports: number;
      events: number;
    }>(
      sql`select
    (select count(*)::int from stage where itinerary_id = ${itineraryId}) as stages,
    (select count(*)::int from place where itinerary_id = ${itineraryId}) as places,
    (select count(*)::int from stage_route where itinerary_id = ${itineraryId}) as routes,
    (select count(*)::int from booking where itinerary_id = ${itineraryId}) as bookings,
    (select count(*)::int from import_batch where itinerary_id = ${itineraryId}) as imports,
    (select count(*)::int from itinerary_event where itinerary_id = ${itineraryId}) as events`,
    )
    .then((result) => result.rows);
  return row;
}

async function activity(server: TestServer, itineraryId: string) {
  const page = expectStatus<ActivityPage>(
    await call(server, owner, 'GET', `/api/itineraries/${itineraryId}/activity`),
    200,
  );
  return page.items;
}

function expectNoContent(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(204);
}

function expectUnreadable(response: { statusCode: number; body: string }, where: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as ApiErrorBody;
  expect(body.error.code).toBe('request/invalid');
  expect(body.error.message).toMatch(where);
  return body.error.message;
}

describe('GPX (Garmin Connect export)', () => {
  test('previews without writing, then imports waypoints and the simplified track into a new stage', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const before = await counts(server, trip.id);
    const preview = expectStatus<ImportPreview>(
      await upload(
        server,
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
    expect(await counts(server, trip.id)).toEqual(before);

    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?fileName=hike.gpx'),
        fixture('garmin-hike.gpx'),
        GPX,
      ),
      201,
    );
    expect(batch).toMatchObject({
      itineraryId: trip.id,
      format: 'gpx',
      fileName: 'hike.gpx',
      counts: { stages: 1, places: 3, routes: 1, bookings: 0 },
      undoneAt: null,
    });
    const tree = await getTree(server, owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Monterosso to Vernazza']);
    expect(tree.places.map((row) => [row.name, row.stageId, row.lat, row.lng])).toEqual([
      ['Monterosso al Mare', batch.stageId, 44.1461, 9.6543],
      ['Belvedere sul mare', batch.stageId, 44.14213, 9.66975],
      ['Trattoria Gianni Franzi', batch.stageId, 44.13498, 9.68381],
    ]);
    const [route] = await db(server)
      .select()
      .from(stageRoute)
      .where(eq(stageRoute.itineraryId, trip.id));
    expect(route?.stageId).toBe(batch.stageId);
    expect(route?.coordinates.length).toBe(preview.routes[0]?.coordinates.length);
    const [event] = await activity(server, trip.id);
    expect(event).toMatchObject({
      kind: 'import.created',
      data: { importId: batch.id, places: 3, routes: 1, title: 'hike.gpx' },
    });
  });
});

describe('KML (Google My Maps export)', () => {
  test('imports placemarks into an existing stage, after its places, with the line as its route', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const lisbon = await createStage(server, owner, trip.id, { title: 'Lisbon' });
    await call(server, owner, 'POST', `/api/itineraries/${trip.id}/places`, {
      payload: { name: 'Already there', stageId: lisbon.id },
    });
    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
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
    const tree = await getTree(server, owner, trip.id);
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
    const routes = await db(server)
      .select()
      .from(stageRoute)
      .where(eq(stageRoute.stageId, lisbon.id));
    expect(routes.map((row) => [row.name, row.coordinates.length])).toEqual([['Alfama walk', 6]]);
    expect(routes[0]?.coordinates[0]).toEqual([-9.136517, 38.710355]);
  });
});

describe('KML folders (Google My Maps layers)', () => {
  test('become a stage each when the import makes new stages; undo removes them all', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const preview = expectStatus<ImportPreview>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?dryRun=true'),
        fixture('google-my-maps.kml'),
        KML,
      ),
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
        server,
        owner,
        importsUrl(trip, '?fileName=lisbon.kml'),
        fixture('google-my-maps.kml'),
        KML,
      ),
      201,
    );
    // Everything is in a folder: no stage for the file itself.
    expect(batch.counts).toEqual({ stages: 3, places: 3, routes: 1, bookings: 0 });
    const tree = await getTree(server, owner, trip.id);
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
    const routes = await db(server)
      .select()
      .from(stageRoute)
      .where(eq(stageRoute.itineraryId, trip.id));
    expect(routes.map((row) => [row.name, stageOf.get(row.stageId)])).toEqual([
      ['Alfama walk', 'Walks'],
    ]);
    expectNoContent(
      await call(server, owner, 'DELETE', `/api/itineraries/${trip.id}/imports/${batch.id}`),
    );
    const after = await getTree(server, owner, trip.id);
    expect([after.stages.length, after.places.length]).toEqual([0, 0]);
  });

  test('put what is in no folder in the stage named after the file, before the folders', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const kml = fixture('google-my-maps.kml')
      .toString('utf8')
      .replace(
        '<Folder>',
        '<Placemark><name>Rossio</name><Point><coordinates>-9.1394,38.7139</coordinates></Point></Placemark><Folder>',
      );
    const batch = expectStatus<ImportBatch>(
      await upload(server, owner, importsUrl(trip, '?stageTitle=Lisbon'), kml, KML),
      201,
    );
    expect(batch.counts.stages).toBe(4);
    const tree = await getTree(server, owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Lisbon', 'Sights', 'Food', 'Walks']);
    expect(tree.places.find((row) => row.name === 'Rossio')?.stageId).toBe(tree.stages[0]?.id);
  });
});

describe('KMZ (zipped KML)', () => {
  test('reads the doc.kml inside, and refuses a zip without one', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    const kmz = Buffer.from(
      zipSync({
        'doc.kml': new Uint8Array(fixture('google-my-maps.kml')),
        'images/x.png': new Uint8Array(8),
      }),
    );
    const preview = expectStatus<ImportPreview>(
      await upload(
        server,
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
      server,
      owner,
      importsUrl(trip, '?dryRun=true'),
      kmz,
      'application/octet-stream',
    );
    expect(expectStatus<ImportPreview>(sniffed, 200).format).toBe('kmz');
    const empty = Buffer.from(zipSync({ 'readme.txt': new Uint8Array(4) }));
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), empty, 'application/vnd.google-earth.kmz'),
      /^file: holds no KML document/,
    );
  });
});

describe('iCalendar (Google Calendar export)', () => {
  test('imports events as bookings with wall-clock times in their own zones', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?fileName=japan.ics'),
        fixture('google-calendar.ics'),
        ICS,
      ),
      201,
    );
    expect(batch.counts).toEqual({ stages: 0, places: 0, routes: 0, bookings: 4 });
    const rows = await db(server)
      .select()
      .from(booking)
      .where(eq(booking.itineraryId, trip.id))
      .orderBy(sql`coalesce(${booking.startAt}, ${booking.startDate})`);
    expect(
      rows.map((row) => [row.kind, row.title, row.startAt, row.startZone, row.endAt, row.endZone]),
    ).toEqual([
      [
        'flight',
        'Flight to Tokyo (AZ 784)',
        '2027-04-10 13:35:00',
        'Europe/Rome',
        '2027-04-11 09:10:00',
        'Asia/Tokyo',
      ],
      // All-day: dates alone (below).
      ['accommodation', 'Stay at Hotel Gracery Shinjuku', null, null, null, null],
      [
        'train',
        'Train from Tokyo to Kyoto',
        '2027-04-15 10:00:00',
        'Asia/Tokyo',
        '2027-04-15 12:15:00',
        'Asia/Tokyo',
      ],
      // 09:00 UTC, read in the calendar's zone (X-WR-TIMEZONE Europe/Rome, summer time).
      [
        'restaurant',
        'Dinner at Kikunoi',
        '2027-04-16 11:00:00',
        'Europe/Rome',
        '2027-04-16 13:00:00',
        'Europe/Rome',
      ],
    ]);
    expect(rows[0]).toMatchObject({
      carrier: 'AZ',
      number: 'AZ 784',
      toName: 'Tokyo',
      confirmationCode: 'XK7P2Q',
    });
    expect(rows[0]?.notes).toBe(
      'Flight AZ 784 operated by ITA Airways\nConfirmation code: XK7P2Q\nSeat 34A',
    );
    expect(rows[1]).toMatchObject({ startDate: '2027-04-11', endDate: '2027-04-14' });
    expect(rows[1]?.address).toBe(
      'Hotel Gracery Shinjuku, 1-19-1 Kabukicho, Shinjuku City, Tokyo 160-8466, Japan',
    );
    expect(rows[2]).toMatchObject({ fromName: 'Tokyo', toName: 'Kyoto' });
  });

  test('expands a repeating event within the trip’s dates, and says so in the preview', async ({
    server,
  }) => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:yoga@example.com',
      'DTSTART;TZID=Europe/Rome:20270401T090000',
      'DTEND;TZID=Europe/Rome:20270401T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
      'SUMMARY:Yoga class',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const dated = await createItinerary(server, owner, {
      startDate: '2027-04-10',
      endDate: '2027-04-20',
    });
    const preview = expectStatus<ImportPreview>(
      await upload(server, owner, importsUrl(dated, '?dryRun=true'), calendar, ICS),
      200,
    );
    // Mondays and Thursdays from 10 to 20 April: the 12th, 15th and 19th.
    expect(preview.bookings.map((row) => row.startAt)).toEqual([
      '2027-04-12T09:00',
      '2027-04-15T09:00',
      '2027-04-19T09:00',
    ]);
    expect(preview.series).toEqual([{ title: 'Yoga class', imported: 3, leftOut: 'outside-trip' }]);
    const batch = expectStatus<ImportBatch>(
      await upload(server, owner, importsUrl(dated), calendar, ICS),
      201,
    );
    expect(batch.counts.bookings).toBe(3);

    // A trip without dates gets the first occurrence, and is told so.
    const undated = await createItinerary(server, owner);
    const first = expectStatus<ImportPreview>(
      await upload(server, owner, importsUrl(undated, '?dryRun=true'), calendar, ICS),
      200,
    );
    expect(first.bookings.map((row) => row.startAt)).toEqual(['2027-04-01T09:00']);
    expect(first.series).toEqual([{ title: 'Yoga class', imported: 1, leftOut: 'no-trip-dates' }]);
  });

  test('reads UTC times in the itinerary’s zone when the calendar names none', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner, { timezone: 'Asia/Tokyo' });
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:1',
      'DTSTART:20270416T090000Z',
      'SUMMARY:Dinner at Kikunoi',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const preview = expectStatus<ImportPreview>(
      await upload(server, owner, importsUrl(trip, '?dryRun=true'), calendar, ICS),
      200,
    );
    expect(preview.bookings[0]).toMatchObject({
      startAt: '2027-04-16T18:00',
      startZone: 'Asia/Tokyo',
    });
  });
});

describe('GeoJSON (geojson.io)', () => {
  test('imports points and lines, and says what it left out', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    const preview = expectStatus<ImportPreview>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?dryRun=true&stageTitle=Rome'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      200,
    );
    expect(preview.stage).toEqual({ id: null, title: 'Rome' });
    expect(preview.places.map((row) => [row.name, row.lat, row.lng, row.category])).toEqual([
      ['Colosseum', 41.890251, 12.492231, 'sight'],
      ['Trattoria Da Enzo', 41.888658, 12.474684, 'food'],
      ['Villa Borghese park', 41.914217, 12.485119, 'nature'],
    ]);
    expect(preview.routes.map((row) => [row.name, row.coordinates.length])).toEqual([
      ['Evening walk', 5],
    ]);
    expect(preview.warnings).toEqual([{ code: 'areas', count: 1 }]);
  });
});

describe('POST /api/imports (a new itinerary)', () => {
  test('creates the itinerary with the file’s content; undo puts it in the trash', async ({
    server,
  }) => {
    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        '/api/imports?fileName=lisbon.kml',
        fixture('google-my-maps.kml'),
        KML,
      ),
      201,
    );
    // A stage for each of the file's three folders.
    expect(batch.counts).toEqual({ stages: 3, places: 3, routes: 1, bookings: 0 });
    const tree = expectStatus<ItineraryTree>(
      await call(server, owner, 'GET', `/api/itineraries/${batch.itineraryId}`),
      200,
    );
    expect(tree.itinerary.title).toBe('Lisbon long weekend');
    expect(tree.itinerary.role).toBe('owner');
    expect(tree.places).toHaveLength(3);
    expectNoContent(
      await call(
        server,
        owner,
        'DELETE',
        `/api/itineraries/${batch.itineraryId}/imports/${batch.id}`,
      ),
    );
    expectError(
      await call(server, owner, 'GET', `/api/itineraries/${batch.itineraryId}`),
      404,
      'itinerary/not-found',
    );
  });

  test('answers 401 without a session', async ({ server }) => {
    const response = await upload(server, null, '/api/imports', fixture('google-my-maps.kml'), KML);
    expectError(response, 401, 'auth/unauthenticated');
  });
});

describe('hostile and broken files', () => {
  let trip: Itinerary;
  test.beforeAll(async ({ server }) => {
    trip = await createItinerary(server, owner);
  });

  test('refuses document type declarations (external entities, billion laughs) before parsing', async ({
    server,
  }) => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>`;
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), xxe, GPX),
      /^line 2: <!DOCTYPE>/,
    );
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n${Array.from(
      { length: 9 },
      (_, index) => ` <!ENTITY lol${index + 1} "${`&lol${index || ''};`.repeat(10)}">`,
    ).join('\n')}\n]>\n<kml><Placemark><name>&lol9;</name></Placemark></kml>`;
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), laughs, KML),
      /^line 2: <!DOCTYPE>/,
    );
  });

  test('refuses deep nesting, naming the line', async ({ server }) => {
    const deep = `<gpx>\n${'<extensions>\n'.repeat(100)}${'</extensions>'.repeat(100)}</gpx>`;
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), deep, GPX),
      /^line 65: elements are nested deeper than 64/,
    );
  });

  test('names the line where a truncated or broken XML file fails', async ({ server }) => {
    const gpx = fixture('garmin-hike.gpx').toString('utf8');
    const truncated = gpx.slice(0, gpx.indexOf('<trkpt', 5000) + 40);
    const message = expectUnreadable(
      await upload(server, owner, importsUrl(trip), truncated, GPX),
      /^line \d+: is not well-formed XML/,
    );
    const lines = truncated.split('\n').length;
    expect(Number(/^line (\d+)/.exec(message)?.[1])).toBeGreaterThanOrEqual(lines - 1);
    const mismatched = '<gpx>\n<wpt lat="1" lon="2">\n<name>x</wpt>\n</gpx>';
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), mismatched, GPX),
      /^line 3: is not well-formed XML \(Opening and ending tag mismatch/,
    );
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), '<trip/>', 'application/xml'),
      /^element <trip>/,
    );
  });

  test('refuses a file above 5 MB with 413 and an unknown type with 415', async ({ server }) => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    const large = expectError(
      await upload(server, owner, importsUrl(trip), huge, GPX),
      413,
      'request/too-large',
    );
    expect(large.error.message).toMatch(/larger than 5 MB/);
    expectError(
      await upload(server, owner, importsUrl(trip), 'hello', 'text/plain'),
      415,
      'request/unsupported-media-type',
    );
    expectError(
      await upload(server, owner, importsUrl(trip), 'just some bytes', 'application/octet-stream'),
      415,
      'request/unsupported-media-type',
    );
  });

  test('reads a big file on a thread of its own: the server answers others meanwhile', async ({
    server,
  }) => {
    // A recorded hike of about 2 MB, one point a second: seconds of parsing.
    const points: string[] = [];
    for (let i = 0; points.length < 20_000; i += 1) {
      points.push(
        `<trkpt lat="${(45 + i / 1e5).toFixed(6)}" lon="${(7 + i / 1e5).toFixed(6)}">` +
          `<ele>${i % 900}</ele><time>2027-05-01T10:00:00Z</time></trkpt>`,
      );
    }
    const hike = `<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Long walk</name><trkseg>${points.join('\n')}</trkseg></trk></gpx>`;
    const answered: string[] = [];
    const reading = upload(server, owner, importsUrl(trip, '?dryRun=true'), hike, GPX).then(
      (response) => {
        answered.push('import');
        return response;
      },
    );
    // Asked once the import is being read; answered while it still is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await call(server, null, 'GET', '/api/health');
    answered.push('health');
    expect(health.statusCode).toBe(200);
    const preview = expectStatus<ImportPreview>(await reading, 200);
    expect(answered).toEqual(['health', 'import']);
    expect(preview.routes).toHaveLength(1);
    expect(preview.routes[0]?.name).toBe('Long walk');
  });

  test('names the line of a bad calendar date, an unknown zone or a cut-off calendar', async ({
    server,
  }) => {
    const calendar = (...event: string[]) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'BEGIN:VEVENT',
        'UID:1',
        'SUMMARY:x',
        ...event,
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), calendar('DTSTART:20271345T100000'), ICS),
      /^line 6: DTSTART "20271345T100000" is not a date/,
    );
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        calendar('DTSTART;TZID=Mars/Olympus:20270410T100000'),
        ICS,
      ),
      /^line 6: DTSTART has an unknown time zone "Mars\/Olympus"/,
    );
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        calendar('DTSTART:20270410T100000', 'DTEND:2027-04-10'),
        ICS,
      ),
      /^line 7: DTEND "2027-04-10" is not a date/,
    );
    const cut = calendar('DTSTART:20270410T100000').split('\r\n').slice(0, 6).join('\r\n');
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), cut, ICS),
      /^line 6: the file ends before BEGIN:VEVENT of line 3/,
    );
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        'BEGIN:VCALENDAR\r\nnonsense\r\nEND:VCALENDAR',
        ICS,
      ),
      /^line 2: is not a calendar line/,
    );
  });

  test('names the line of broken JSON and refuses what is not GeoJSON', async ({ server }) => {
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        '{\n"type": "FeatureCollection",\n"features": [,]\n}',
        GEOJSON,
      ),
      /^line 3: is not valid JSON/,
    );
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        '{"type":"Feature","geometry":{"type":"Point","coordinates":"x"}}',
        GEOJSON,
      ),
      /^geometry/,
    );
    expectUnreadable(
      await upload(
        server,
        owner,
        importsUrl(trip),
        '{"type":"FeatureCollection","features":[]}',
        GEOJSON,
      ),
      /^file: holds nothing to import/,
    );
    expectUnreadable(
      await upload(server, owner, importsUrl(trip), '', GEOJSON),
      /^file: is missing/,
    );
  });

  test('left nothing behind', async ({ server }) => {
    expect(await counts(server, trip.id)).toMatchObject({
      stages: 0,
      places: 0,
      routes: 0,
      bookings: 0,
      imports: 0,
      events: 0,
    });
  });
});

describe('one person’s heavy imports', () => {
  // A 200,000-point LineString (1.2 MB): each held the one reading thread for up to its
  // 60 s bound, and everyone else's imports waited behind.
  const heavyLine = JSON.stringify({ type: 'LineString', coordinates: zigzag(200_000) });
  const waypoint = '<gpx><wpt lat="45.1" lon="7.1"/></gpx>';
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  test('another person’s small import is answered in under 2 s; a fourth heavy one is refused (429)', async ({
    server,
  }) => {
    const [heavy, light] = await Promise.all([
      createSignedInUser(server, 'heavy-importer'),
      createSignedInUser(server, 'light-importer'),
    ]);
    const [heavyTrip, lightTrip] = await Promise.all([
      createItinerary(server, heavy),
      createItinerary(server, light),
    ]);
    // The threads have started once (under Vitest a thread compiles its sources first).
    expectStatus(
      await upload(
        server,
        light,
        importsUrl(lightTrip, '?dryRun=true&fileName=first.gpx'),
        waypoint,
        GPX,
      ),
      200,
    );
    const heavyImports = [1, 2, 3, 4].map((index) =>
      upload(
        server,
        heavy,
        importsUrl(heavyTrip, `?dryRun=true&fileName=line-${index}.geojson`),
        heavyLine,
        GEOJSON,
      ),
    );
    await sleep(300);
    const started = performance.now();
    const small = await upload(
      server,
      light,
      importsUrl(lightTrip, '?dryRun=true&fileName=waypoint.gpx'),
      waypoint,
      GPX,
    );
    const elapsed = performance.now() - started;
    expect(expectStatus<ImportPreview>(small, 200).places).toHaveLength(1);
    expect(elapsed, `the small import took ${elapsed.toFixed(0)} ms`).toBeLessThan(2_000);
    const answers = await Promise.all(heavyImports);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(1);
    for (const answer of refused) {
      expectError(answer, 429, 'import/too-many');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const read = answers.filter((answer) => answer.statusCode !== 429);
    for (const answer of read) {
      expect(expectStatus<ImportPreview>(answer, 200).routes[0]?.coordinates).toHaveLength(500);
    }
  });

  test('drops the file of a client that has gone: it is not read, and nothing is created', async ({
    server,
  }) => {
    const [heavy, leaving] = await Promise.all([
      createSignedInUser(server, 'busy-importer'),
      createSignedInUser(server, 'leaving-importer'),
    ]);
    const [heavyTrip, leftTrip] = await Promise.all([
      createItinerary(server, heavy),
      createItinerary(server, leaving),
    ]);
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const busy = [1, 2, 3].map((index) =>
      upload(
        server,
        heavy,
        importsUrl(heavyTrip, `?dryRun=true&fileName=busy-${index}.geojson`),
        heavyLine,
        GEOJSON,
      ),
    );
    await sleep(300);
    // A commit sent over a real connection, waiting behind the heavy files; then the client goes.
    const client = new AbortController();
    const sent = fetch(`${address}${importsUrl(leftTrip, '?fileName=left.geojson')}`, {
      method: 'POST',
      headers: {
        cookie: leaving.cookie,
        origin: server.config.baseUrl.origin,
        'content-type': GEOJSON,
      },
      body: heavyLine,
      signal: client.signal,
    });
    await sleep(300);
    client.abort();
    await expect(sent).rejects.toThrow();
    for (const answer of await Promise.all(busy)) expectStatus(answer, 200);
    expect(await counts(server, leftTrip.id)).toMatchObject({ stages: 0, routes: 0, imports: 0 });
    // Its place in the queue was given back: three more of that person's files are taken.
    const more = await Promise.all(
      [1, 2, 3].map((index) =>
        upload(
          server,
          leaving,
          importsUrl(leftTrip, `?dryRun=true&fileName=after-${index}.gpx`),
          waypoint,
          GPX,
        ),
      ),
    );
    for (const answer of more) expectStatus(answer, 200);
  });
});

describe('all or nothing', () => {
  test('a failure at the last step leaves no stage, place, route, import or event', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    await db(server)
      .execute(sql`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.file_name = 'boom.gpx' then
          raise exception 'refused' using errcode = '23514', column = 'file_name';
        end if;
        return new;
      end $$`);
    await db(server).execute(sql`create trigger refuse_boom before insert on import_batch
      for each row execute function refuse_boom()`);
    try {
      const response = await upload(
        server,
        owner,
        importsUrl(trip, '?fileName=boom.gpx'),
        fixture('garmin-hike.gpx'),
        GPX,
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(await counts(server, trip.id)).toMatchObject({
        stages: 0,
        places: 0,
        routes: 0,
        imports: 0,
        events: 0,
      });
    } finally {
      await db(server).execute(sql`drop trigger refuse_boom on import_batch`);
    }
  });
});

describe('undo', () => {
  test('removes what the import created and records it; a second undo is 404', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?fileName=rome.geojson'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      201,
    );
    const url = importsUrl(trip, `/${batch.id}`);
    expectNoContent(await call(server, owner, 'DELETE', url));
    expect(await counts(server, trip.id)).toMatchObject({
      stages: 0,
      places: 0,
      routes: 0,
      imports: 1,
    });
    const [undone] = await activity(server, trip.id);
    expect(undone).toMatchObject({
      kind: 'import.undone',
      data: { importId: batch.id, places: 3 },
    });
    expect(
      expectStatus<ImportBatch>(await call(server, owner, 'GET', url), 200).undoneAt,
    ).not.toBeNull();
    expectError(await call(server, owner, 'DELETE', url), 404, 'import/not-found');
  });

  test('answers 409 and keeps everything when something it created changed since', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const batch = expectStatus<ImportBatch>(
      await upload(server, owner, importsUrl(trip), fixture('garmin-hike.gpx'), GPX),
      201,
    );
    const [first] = await db(server)
      .select()
      .from(place)
      .where(eq(place.itineraryId, trip.id))
      .orderBy(asc(place.position));
    expectStatus(
      await call(server, owner, 'PATCH', `/api/itineraries/${trip.id}/places/${first?.id}`, {
        payload: { notes: 'Changed', version: 1 },
      }),
      200,
    );
    const conflict = expectError(
      await call(server, owner, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      409,
      'conflict',
    );
    expect(JSON.stringify(conflict.error.details)).toContain('1 places changed');
    expect(await counts(server, trip.id)).toMatchObject({ stages: 1, places: 3, routes: 1 });

    // A place of someone else's put in the imported stage blocks the undo as well.
    const other = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?stageTitle=Second'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      201,
    );
    await call(server, owner, 'POST', `/api/itineraries/${trip.id}/places`, {
      payload: { name: 'Added later', stageId: other.stageId },
    });
    const blocked = expectError(
      await call(server, owner, 'DELETE', importsUrl(trip, `/${other.id}`)),
      409,
      'conflict',
    );
    expect(JSON.stringify(blocked.error.details)).toContain('other places added to its stage');
    const stages = await db(server).select().from(stage).where(eq(stage.itineraryId, trip.id));
    expect(stages).toHaveLength(2);
  });
});

describe('GET /api/itineraries/{id}/routes (the maps read the tracks)', () => {
  test('answers members and share-link holders, not strangers, and follows imports and undo', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    await addMember(server, trip.id, viewer.id, 'viewer');
    const routesUrl = `/api/itineraries/${trip.id}/routes`;
    expect(expectStatus<StageRoutes>(await call(server, owner, 'GET', routesUrl), 200)).toEqual({
      items: [],
      nextCursor: null,
    });

    const preview = expectStatus<ImportPreview>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?dryRun=true'),
        fixture('garmin-hike.gpx'),
        GPX,
      ),
      200,
    );
    const batch = expectStatus<ImportBatch>(
      await upload(
        server,
        owner,
        importsUrl(trip, '?fileName=hike.gpx'),
        fixture('garmin-hike.gpx'),
        GPX,
      ),
      201,
    );
    const read = await call(server, owner, 'GET', routesUrl);
    const routes = expectStatus<StageRoutes>(read, 200);
    expect(routes.items).toHaveLength(1);
    expect(routes.items[0]).toMatchObject({
      stageId: batch.stageId,
      coordinates: preview.routes[0]?.coordinates,
    });
    expect(routes.items[0]?.coordinates[0]).toEqual([9.6543, 44.1461]);
    // The hot document stays small: the track is not in it.
    const tree = await call(server, owner, 'GET', `/api/itineraries/${trip.id}`);
    expect(tree.body).not.toContain('9.6543,44.1461');
    // Revalidated like every read: unchanged, 304.
    const etag = String(read.headers.etag);
    expect(etag).not.toBe('undefined');
    const again = await call(server, owner, 'GET', routesUrl, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);

    expect(expectStatus<StageRoutes>(await call(server, viewer, 'GET', routesUrl), 200)).toEqual(
      routes,
    );
    const link = expectStatus<ShareLink>(
      await call(server, owner, 'POST', `/api/itineraries/${trip.id}/share-links`, { payload: {} }),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    expect(
      expectStatus<StageRoutes>(
        await call(server, null, 'GET', `${routesUrl}?share=${share}`),
        200,
      ),
    ).toEqual(routes);
    expectError(await call(server, stranger, 'GET', routesUrl), 404, 'itinerary/not-found');
    expectError(await call(server, null, 'GET', routesUrl), 401, 'auth/unauthenticated');
    const otherTrip = await createItinerary(server, owner);
    expectError(
      await call(server, null, 'GET', `/api/itineraries/${otherTrip.id}/routes?share=${share}`),
      404,
      'share/not-found',
    );

    expectNoContent(await call(server, owner, 'DELETE', importsUrl(trip, `/${batch.id}`)));
    const afterUndo = await call(server, owner, 'GET', routesUrl, {
      headers: { 'if-none-match': etag },
    });
    expect(afterUndo.statusCode).toBe(200);
    expect(afterUndo.json<StageRoutes>().items).toEqual([]);
  });
});

describe('who may import', () => {
  test('viewers get 403, strangers 404, and neither changes anything', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    await addMember(server, trip.id, viewer.id, 'viewer');
    const batch = expectStatus<ImportBatch>(
      await upload(server, owner, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      201,
    );
    expectError(
      await upload(server, viewer, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      403,
      'auth/forbidden',
    );
    expectError(
      await upload(server, stranger, importsUrl(trip), fixture('geojson-io.geojson'), GEOJSON),
      404,
      'itinerary/not-found',
    );
    expectError(
      await call(server, viewer, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      403,
      'auth/forbidden',
    );
    expectError(
      await call(server, stranger, 'DELETE', importsUrl(trip, `/${batch.id}`)),
      404,
      'itinerary/not-found',
    );
    expectStatus(await call(server, viewer, 'GET', importsUrl(trip, `/${batch.id}`)), 200);
    expectError(
      await call(server, stranger, 'GET', importsUrl(trip, `/${batch.id}`)),
      404,
      'itinerary/not-found',
    );
    const lookup = { payload: { text: 'Rome' } };
    expectError(
      await call(server, viewer, 'POST', importsUrl(trip, '/lookup'), lookup),
      403,
      'auth/forbidden',
    );
    expectError(
      await call(server, stranger, 'POST', importsUrl(trip, '/lookup'), lookup),
      404,
      'itinerary/not-found',
    );
    expect(
      await db(server).select().from(importBatch).where(eq(importBatch.itineraryId, trip.id)),
    ).toHaveLength(1);
  });
});

describe('pasted list', () => {
  test('answers candidates per line: names from the gazetteer, coordinates from links, short links named', async ({
    server,
  }) => {
    const trip = await createItinerary(server, owner);
    const text = [
      'Florence',
      'https://www.google.com/maps/place/Colosseo/@41.8902102,12.4922309,17z/data=!3m1',
      'https://maps.google.com/?q=45.4642,9.19',
      'https://maps.app.goo.gl/Xyz123',
      'Qwxzvbnmkj',
    ].join('\n');
    const result = expectStatus<LookupResult>(
      await call(server, owner, 'POST', importsUrl(trip, '/lookup'), { payload: { text } }),
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
    expect(await counts(server, trip.id)).toMatchObject({ places: 0, imports: 0 });
  });

  test('commits a reviewed choice as GeoJSON through the import route', async ({ server }) => {
    const trip = await createItinerary(server, owner);
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
        server,
        owner,
        importsUrl(trip, '?stageTitle=Italy&fileName=list'),
        JSON.stringify(chosen),
        'application/json',
      ),
      201,
    );
    expect(batch.counts.places).toBe(2);
    const tree = await getTree(server, owner, trip.id);
    expect(tree.places.map((row) => [row.name, row.category])).toEqual([
      ['Florence', 'city'],
      ['Colosseo', 'sight'],
    ]);
  });

  test('refuses more than 100 lines, naming the field', async ({ server }) => {
    const trip = await createItinerary(server, owner);
    const text = Array.from({ length: 101 }, (_, index) => `Town ${index}`).join('\n');
    const response = await call(server, owner, 'POST', importsUrl(trip, '/lookup'), {
      payload: { text },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().error.message).toMatch(/^text: /);
  });
});
