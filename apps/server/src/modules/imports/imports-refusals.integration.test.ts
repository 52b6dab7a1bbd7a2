import type { ImportPreview } from '@jammy/shared/imports';
import type { Itinerary } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { zigzag } from '../../../test/lines';
import {
  as,
  upload,
  counts,
  server,
  owner,
  expectUnreadable,
  fixture,
  GEOJSON,
  GPX,
  ICS,
  KML,
  importsUrl,
  useImportsTest,
} from './imports.test-helpers';

const test = serverTest({ mail: 'outbox' });
useImportsTest(test);

describe('hostile and broken files', () => {
  let trip: Itinerary;
  test.beforeAll(async () => {
    trip = await createItinerary(owner);
  });

  test('refuses document type declarations (external entities, billion laughs) before parsing', async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<gpx><wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>`;
    expectUnreadable(await upload(owner, importsUrl(trip), xxe, GPX), /^line 2: <!DOCTYPE>/);
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n${Array.from(
      { length: 9 },
      (_, index) => ` <!ENTITY lol${index + 1} "${`&lol${index || ''};`.repeat(10)}">`,
    ).join('\n')}\n]>\n<kml><Placemark><name>&lol9;</name></Placemark></kml>`;
    expectUnreadable(await upload(owner, importsUrl(trip), laughs, KML), /^line 2: <!DOCTYPE>/);
  });

  test('refuses deep nesting, naming the line', async () => {
    const deep = `<gpx>\n${'<extensions>\n'.repeat(100)}${'</extensions>'.repeat(100)}</gpx>`;
    expectUnreadable(
      await upload(owner, importsUrl(trip), deep, GPX),
      /^line 65: elements are nested deeper than 64/,
    );
  });

  test('names the line where a truncated or broken XML file fails', async () => {
    const gpx = fixture('garmin-hike.gpx').toString('utf8');
    const truncated = gpx.slice(0, gpx.indexOf('<trkpt', 5000) + 40);
    const message = expectUnreadable(
      await upload(owner, importsUrl(trip), truncated, GPX),
      /^line \d+: is not well-formed XML/,
    );
    const lines = truncated.split('\n').length;
    expect(Number(/^line (\d+)/.exec(message)?.[1])).toBeGreaterThanOrEqual(lines - 1);
    const mismatched = '<gpx>\n<wpt lat="1" lon="2">\n<name>x</wpt>\n</gpx>';
    expectUnreadable(
      await upload(owner, importsUrl(trip), mismatched, GPX),
      /^line 3: is not well-formed XML \(Opening and ending tag mismatch/,
    );
    expectUnreadable(
      await upload(owner, importsUrl(trip), '<trip/>', 'application/xml'),
      /^element <trip>/,
    );
  });

  test('refuses a file above 5 MB with 413 and an unknown type with 415', async () => {
    const huge = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    const large = expectError(
      await upload(owner, importsUrl(trip), huge, GPX),
      413,
      'request/too-large',
    );
    expect(large.error.message).toMatch(/larger than 5 MB/);
    expectError(
      await upload(owner, importsUrl(trip), 'hello', 'text/plain'),
      415,
      'request/unsupported-media-type',
    );
    expectError(
      await upload(owner, importsUrl(trip), 'just some bytes', 'application/octet-stream'),
      415,
      'request/unsupported-media-type',
    );
  });

  test('reads a big file on a thread of its own: the server answers others meanwhile', async () => {
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
    const reading = upload(owner, importsUrl(trip, '?dryRun=true'), hike, GPX).then((response) => {
      answered.push('import');
      return response;
    });
    // Asked once the import is being read; answered while it still is.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await as(null, 'GET', '/api/health');
    answered.push('health');
    expect(health.statusCode).toBe(200);
    const preview = expectStatus<ImportPreview>(await reading, 200);
    expect(answered).toEqual(['health', 'import']);
    expect(preview.routes).toHaveLength(1);
    expect(preview.routes[0]?.name).toBe('Long walk');
  });

  test('names the line of a bad calendar date, an unknown zone or a cut-off calendar', async () => {
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
      await upload(owner, importsUrl(trip), calendar('DTSTART:20271345T100000'), ICS),
      /^line 6: DTSTART "20271345T100000" is not a date/,
    );
    expectUnreadable(
      await upload(
        owner,
        importsUrl(trip),
        calendar('DTSTART;TZID=Mars/Olympus:20270410T100000'),
        ICS,
      ),
      /^line 6: DTSTART has an unknown time zone "Mars\/Olympus"/,
    );
    expectUnreadable(
      await upload(
        owner,
        importsUrl(trip),
        calendar('DTSTART:20270410T100000', 'DTEND:2027-04-10'),
        ICS,
      ),
      /^line 7: DTEND "2027-04-10" is not a date/,
    );
    const cut = calendar('DTSTART:20270410T100000').split('\r\n').slice(0, 6).join('\r\n');
    expectUnreadable(
      await upload(owner, importsUrl(trip), cut, ICS),
      /^line 6: the file ends before BEGIN:VEVENT of line 3/,
    );
    expectUnreadable(
      await upload(owner, importsUrl(trip), 'BEGIN:VCALENDAR\r\nnonsense\r\nEND:VCALENDAR', ICS),
      /^line 2: is not a calendar line/,
    );
  });

  test('names the line of broken JSON and refuses what is not GeoJSON', async () => {
    expectUnreadable(
      await upload(
        owner,
        importsUrl(trip),
        '{\n"type": "FeatureCollection",\n"features": [,]\n}',
        GEOJSON,
      ),
      /^line 3: is not valid JSON/,
    );
    expectUnreadable(
      await upload(
        owner,
        importsUrl(trip),
        '{"type":"Feature","geometry":{"type":"Point","coordinates":"x"}}',
        GEOJSON,
      ),
      /^geometry/,
    );
    expectUnreadable(
      await upload(owner, importsUrl(trip), '{"type":"FeatureCollection","features":[]}', GEOJSON),
      /^file: holds nothing to import/,
    );
    expectUnreadable(await upload(owner, importsUrl(trip), '', GEOJSON), /^file: is missing/);
  });

  test('left nothing behind', async () => {
    expect(await counts(trip.id)).toMatchObject({
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

  test('another person’s small import is answered in under 2 s; a fourth heavy one is refused (429)', async () => {
    const [heavy, light] = await Promise.all([
      server.traveller({ label: 'heavy-importer' }),
      server.traveller({ label: 'light-importer' }),
    ]);
    const [heavyTrip, lightTrip] = await Promise.all([
      createItinerary(heavy),
      createItinerary(light),
    ]);
    // The threads have started once (under Vitest a thread compiles its sources first).
    expectStatus(
      await upload(light, importsUrl(lightTrip, '?dryRun=true&fileName=first.gpx'), waypoint, GPX),
      200,
    );
    const heavyImports = [1, 2, 3, 4].map((index) =>
      upload(
        heavy,
        importsUrl(heavyTrip, `?dryRun=true&fileName=line-${index}.geojson`),
        heavyLine,
        GEOJSON,
      ),
    );
    await sleep(300);
    const started = performance.now();
    const small = await upload(
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

  test('drops the file of a client that has gone: it is not read, and nothing is created', async () => {
    const [heavy, leaving] = await Promise.all([
      server.traveller({ label: 'busy-importer' }),
      server.traveller({ label: 'leaving-importer' }),
    ]);
    const [heavyTrip, leftTrip] = await Promise.all([
      createItinerary(heavy),
      createItinerary(leaving),
    ]);
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const busy = [1, 2, 3].map((index) =>
      upload(
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
    expect(await counts(leftTrip.id)).toMatchObject({ stages: 0, routes: 0, imports: 0 });
    // Its place in the queue was given back: three more of that person's files are taken.
    const more = await Promise.all(
      [1, 2, 3].map((index) =>
        upload(
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
