import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { createImportReader, type ImportReader } from './import-reader';
import { readImport, type ReadOptions } from './imports.service';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const OPTIONS: ReadOptions = {
  fileName: 'hike.gpx',
  stage: null,
  stageTitle: undefined,
  zone: null,
};

/** A GPX track of about `bytes` bytes: a recorded hike, one point a second. */
function bigTrack(bytes: number): Uint8Array {
  const points: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const point =
      `<trkpt lat="${(45 + i / 1e5).toFixed(6)}" lon="${(7 + i / 1e5).toFixed(6)}">` +
      `<ele>${i % 900}</ele><time>2027-05-01T10:00:00Z</time></trkpt>\n`;
    points.push(point);
    size += point.length;
  }
  return new TextEncoder().encode(
    '<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">' +
      `<trk><name>Long walk</name><trkseg>${points.join('')}</trkseg></trk></gpx>`,
  );
}

/** What `readImport` throws for the file, as the parts an answer is made of. */
function refusalOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError)
      return { code: error.code, message: error.message, details: error.details };
  }
  throw new Error('expected a refusal');
}

let reader: ImportReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

describe('the import reader', () => {
  it('answers what readImport answers, for each format, in the order the files came', async () => {
    const opened = createImportReader();
    reader = opened;
    const files = [
      ['gpx', fixture('garmin-hike.gpx')],
      ['kml', fixture('google-my-maps.kml')],
      ['geojson', fixture('geojson-io.geojson')],
      ['ics', fixture('google-calendar.ics')],
    ] as const;
    const read = await Promise.all(
      files.map(([format, bytes]) => opened.read(format, bytes, OPTIONS)),
    );
    expect(read).toEqual(files.map(([format, bytes]) => readImport(format, bytes, OPTIONS)));
  });

  it('refuses what readImport refuses, with the same error, and reads the next file', async () => {
    reader = createImportReader();
    const broken = new TextEncoder().encode('<gpx><trk>\n<trkseg></gpx>');
    const refused = reader.read('gpx', broken, OPTIONS);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    const error = (await refused.catch((caught: unknown) => caught)) as AppError;
    expect({ code: error.code, message: error.message, details: error.details }).toEqual(
      refusalOf(() => readImport('gpx', broken, OPTIONS)),
    );
    expect(error.status).toBe(400);
    const hike = fixture('garmin-hike.gpx');
    expect(await reader.read('gpx', hike, OPTIONS)).toEqual(readImport('gpx', hike, OPTIONS));
  });

  it('refuses a file that needs more memory than allowed, then reads the next one', async () => {
    reader = createImportReader({ maxMemoryMb: 48 });
    const error = (await reader
      .read('gpx', bigTrack(4_000_000), OPTIONS)
      .catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.details).toEqual({
      issues: [
        { field: 'file', message: 'needs more than the 48 MB an import may use to be read' },
      ],
    });
    const hike = fixture('garmin-hike.gpx');
    expect(await reader.read('gpx', hike, OPTIONS)).toEqual(readImport('gpx', hike, OPTIONS));
  });

  it('refuses a file that takes longer than allowed, then reads the next one', async () => {
    reader = createImportReader({ timeoutMs: 2_000 });
    const slow = reader.read('gpx', bigTrack(4_000_000), OPTIONS);
    const next = reader.read('gpx', fixture('garmin-hike.gpx'), OPTIONS);
    const error = (await slow.catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('file: takes longer than 2 s to read');
    expect((await next).routes).toHaveLength(1);
  });

  it('refuses the files still waiting when it closes', async () => {
    reader = createImportReader();
    const hike = fixture('garmin-hike.gpx');
    const refusals = [reader.read('gpx', hike, OPTIONS), reader.read('gpx', hike, OPTIONS)].map(
      (waiting) =>
        waiting.then(
          () => 'read',
          (error: Error) => error.message,
        ),
    );
    await reader.close();
    expect(await Promise.all(refusals)).toEqual([
      'The import reader is closed',
      'The import reader is closed',
    ]);
    await expect(reader.read('gpx', hike, OPTIONS)).rejects.toThrow('closed');
  });
});
