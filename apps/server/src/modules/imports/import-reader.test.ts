import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { createImportReader, type ImportReader } from './import-reader';
import { readImport, type ReadOptions } from './imports.service';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/imports');
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));
const WHO = 'traveller-1';
const OPTIONS: ReadOptions = {
  fileName: 'hike.gpx',
  stage: null,
  stageTitle: undefined,
  zone: null,
  dates: null,
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
  vi.restoreAllMocks();
  await reader?.close();
  reader = undefined;
});

// A loaded machine starts the thread (compiling its TypeScript) in seconds.
describe('the import reader', { timeout: 30_000 }, () => {
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
      files.map(([format, bytes]) => opened.read(WHO, format, bytes, OPTIONS)),
    );
    expect(read).toEqual(files.map(([format, bytes]) => readImport(format, bytes, OPTIONS)));
  });

  it('refuses what readImport refuses, with the same error, and reads the next file', async () => {
    reader = createImportReader();
    const broken = new TextEncoder().encode('<gpx><trk>\n<trkseg></gpx>');
    const refused = reader.read(WHO, 'gpx', broken, OPTIONS);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    const error = (await refused.catch((caught: unknown) => caught)) as AppError;
    expect({ code: error.code, message: error.message, details: error.details }).toEqual(
      refusalOf(() => readImport('gpx', broken, OPTIONS)),
    );
    expect(error.status).toBe(400);
    const hike = fixture('garmin-hike.gpx');
    expect(await reader.read(WHO, 'gpx', hike, OPTIONS)).toEqual(readImport('gpx', hike, OPTIONS));
  });

  it('refuses a file that needs more memory than allowed, then reads the next one', async () => {
    reader = createImportReader({ maxMemoryMb: 48 });
    const error = (await reader
      .read(WHO, 'gpx', bigTrack(4_000_000), OPTIONS)
      .catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.details).toEqual({
      issues: [
        { field: 'file', message: 'needs more than the 48 MB an import may use to be read' },
      ],
    });
    const hike = fixture('garmin-hike.gpx');
    expect(await reader.read(WHO, 'gpx', hike, OPTIONS)).toEqual(readImport('gpx', hike, OPTIONS));
  });

  it('refuses a file that takes longer than allowed, then reads the next one', async () => {
    reader = createImportReader({ timeoutMs: 2_000 });
    const slow = reader.read(WHO, 'gpx', bigTrack(4_000_000), OPTIONS);
    const next = reader.read(WHO, 'gpx', fixture('garmin-hike.gpx'), OPTIONS);
    const error = (await slow.catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('file: takes longer than 2 s to read');
    expect((await next).routes).toHaveLength(1);
  });

  it('reads a file once for its preview and its commit, for the same person and options', async () => {
    reader = createImportReader();
    const hike = fixture('garmin-hike.gpx');
    const preview = await reader.read(WHO, 'gpx', hike, OPTIONS);
    expect(await reader.read(WHO, 'gpx', hike, OPTIONS)).toEqual(preview);
    expect(reader.threadReads).toBe(1);
    // Someone else, other options, other bytes: each read again.
    await reader.read('traveller-2', 'gpx', hike, OPTIONS);
    await reader.read(WHO, 'gpx', hike, { ...OPTIONS, stageTitle: 'Day one' });
    const edited = new Uint8Array([...hike, 0x0a]);
    await reader.read(WHO, 'gpx', edited, OPTIONS);
    expect(reader.threadReads).toBe(4);
    // A refusal is not remembered: the same file is read, and refused, again.
    const broken = new TextEncoder().encode('<gpx><trk>');
    await expect(reader.read(WHO, 'gpx', broken, OPTIONS)).rejects.toBeInstanceOf(AppError);
    await expect(reader.read(WHO, 'gpx', broken, OPTIONS)).rejects.toBeInstanceOf(AppError);
    expect(reader.threadReads).toBe(6);
    // Ten minutes later, it is read again.
    const later = Date.now() + 10 * 60_000 + 1;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await reader.read(WHO, 'gpx', hike, OPTIONS)).toEqual(preview);
    expect(reader.threadReads).toBe(7);
  });

  it('refuses the files still waiting when it closes', async () => {
    reader = createImportReader();
    const hike = fixture('garmin-hike.gpx');
    const refusals = [
      reader.read(WHO, 'gpx', hike, OPTIONS),
      reader.read(WHO, 'gpx', hike, OPTIONS),
    ].map((waiting) =>
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
    await expect(reader.read(WHO, 'gpx', hike, OPTIONS)).rejects.toThrow('closed');
  });
});
