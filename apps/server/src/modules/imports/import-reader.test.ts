import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { createImportReader, type ImportReader } from './import-reader';
import { readImport, type ReadOptions } from './read-import';

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
    const opened = createImportReader({ perPerson: 4 });
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
    const error = (await reader
      .read(WHO, 'gpx', bigTrack(4_000_000), OPTIONS)
      .catch((caught: unknown) => caught)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('file: takes longer than 2 s to read');
    // Read once the slow one is refused, not beside it: on a busy machine a small file read
    // while the slow one still parses can itself take 2 s of wall time.
    expect(
      (await reader.read(WHO, 'gpx', fixture('garmin-hike.gpx'), OPTIONS)).routes,
    ).toHaveLength(1);
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

  it('takes turns between people: one person’s files do not hold up another’s', async () => {
    reader = createImportReader();
    const opened = reader;
    const track = bigTrack(400_000);
    const order: string[] = [];
    const read = (who: string, name: string) =>
      opened.read(who, 'gpx', track, { ...OPTIONS, fileName: name }).then(() => {
        order.push(name);
      });
    // The first is read at once; then the one who has had nothing read yet goes first.
    const reads = [read('a', 'a1'), read('a', 'a2'), read('a', 'a3'), read('b', 'b1')];
    await Promise.all(reads);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('reads a small file beside another person’s big ones, not after them', async () => {
    reader = createImportReader();
    const opened = reader;
    const track = bigTrack(2_000_000);
    const order: string[] = [];
    const reads = ['a1', 'a2', 'a3'].map((name) =>
      opened.read('a', 'gpx', track, { ...OPTIONS, fileName: name }).then(() => order.push(name)),
    );
    const hike = opened
      .read('b', 'gpx', fixture('garmin-hike.gpx'), OPTIONS)
      .then(() => order.push('b'));
    await Promise.all([...reads, hike]);
    expect(order).toEqual(['b', 'a1', 'a2', 'a3']);
  });

  it('refuses a person’s fourth file at once (429, Retry-After), and takes it once one is read', async () => {
    reader = createImportReader();
    const opened = reader;
    const track = bigTrack(400_000);
    const read = (who: string, name: string) =>
      opened.read(who, 'gpx', track, { ...OPTIONS, fileName: name });
    const three = [read('a', 'a1'), read('a', 'a2'), read('a', 'a3')];
    const refused = (await read('a', 'a4').catch((caught: unknown) => caught)) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('import/too-many');
    expect(refused.status).toBe(429);
    expect(refused.message).toBe('You have 3 files being imported already: wait for one to finish');
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // Someone else's file is taken meanwhile.
    await expect(read('b', 'b1')).resolves.toMatchObject({ format: 'gpx' });
    await three[0];
    await expect(read('a', 'a4')).resolves.toMatchObject({ format: 'gpx' });
    await Promise.all(three);
  });

  it('refuses files beyond the bound of the queue (503, Retry-After)', async () => {
    reader = createImportReader({ waiting: 2 });
    const opened = reader;
    const track = bigTrack(400_000);
    const read = (who: string) => opened.read(who, 'gpx', track, OPTIONS);
    // One is read at once, two wait: the queue is full.
    const taken = [read('a'), read('b'), read('c')];
    const refused = (await read('d').catch((caught: unknown) => caught)) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.code).toBe('service/unavailable');
    expect(refused.status).toBe(503);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await Promise.all(taken);
    await expect(read('d')).resolves.toMatchObject({ format: 'gpx' });
  });

  it('tells how many files wait and how many are being read (the metrics’ queue depth)', async () => {
    reader = createImportReader();
    const opened = reader;
    expect(opened.depth()).toEqual({ waiting: 0, reading: 0 });
    const track = bigTrack(400_000);
    // Big files: one thread reads them, one at a time; the others wait.
    const taken = ['a', 'b', 'c'].map((who) => opened.read(who, 'gpx', track, OPTIONS));
    expect(opened.depth()).toEqual({ waiting: 2, reading: 1 });
    await Promise.all(taken);
    expect(opened.depth()).toEqual({ waiting: 0, reading: 0 });
  });

  it('drops a file whose client has gone: unread while it waits, stopped while it is read', async () => {
    reader = createImportReader();
    const opened = reader;
    const track = bigTrack(400_000);
    // Gone before it was sent: never queued.
    const early = new AbortController();
    early.abort();
    await expect(opened.read('c', 'gpx', track, OPTIONS, early.signal)).rejects.toBe(
      early.signal.reason,
    );
    // Gone while it waits behind another person's file: never read.
    const reading = opened.read('a', 'gpx', track, OPTIONS);
    const leaving = new AbortController();
    const waiting = opened.read('b', 'gpx', track, OPTIONS, leaving.signal);
    leaving.abort();
    await expect(waiting).rejects.toBe(leaving.signal.reason);
    await reading;
    expect(opened.threadReads).toBe(1);
    // Gone while it is read: the thread is stopped at once, and a fresh one reads the next.
    const long = new AbortController();
    const slow = opened.read('a', 'gpx', bigTrack(4_000_000), OPTIONS, long.signal);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = Date.now();
    long.abort();
    await expect(slow).rejects.toBe(long.signal.reason);
    expect(Date.now() - stopped).toBeLessThan(1_000);
    await expect(
      opened.read('a', 'gpx', track, { ...OPTIONS, fileName: 'next.gpx' }),
    ).resolves.toMatchObject({ format: 'gpx' });
    // The person's places were given back: three more are taken.
    const more = ['x', 'y', 'z'].map((name) =>
      opened.read('b', 'gpx', track, { ...OPTIONS, fileName: name }),
    );
    await Promise.all(more);
  });
});
