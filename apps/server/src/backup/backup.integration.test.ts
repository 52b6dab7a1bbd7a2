import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ShareLink } from '@jammy/shared/sharing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import {
  addMember,
  call,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createSignedInUser,
  createStage,
  expectStatus,
  type SignedInUser,
} from '../../test/itinerary-helpers';
import { objectUrl, pdfDocument, pngImage, uploaded } from '../../test/storage-helpers';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { writeBackup } from './backup';
import { RestoreError, restoreBackup } from './restore';

let sourceDatabase: TestDatabase;
let source: TestApp;
const cleanups: (() => Promise<void>)[] = [];
let owner: SignedInUser;
const itineraryIds: string[] = [];
let shareToken = '';

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function emptyDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return database;
}

/** Every file under `root` as relative path → bytes. */
async function filesOf(root: string): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (!existsSync(root)) return found;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(root, full);
    if (relative.startsWith('.tmp')) continue;
    found.set(relative, await readFile(full));
  }
  return found;
}

beforeAll(async () => {
  sourceDatabase = await createTestDatabase();
  source = await buildTestApp({ databaseUrl: sourceDatabase.url });
  owner = await createSignedInUser(source, 'backup-owner');
  const [editor, viewer] = await Promise.all([
    createSignedInUser(source, 'backup-editor'),
    createSignedInUser(source, 'backup-viewer'),
  ]);
  for (let trip = 0; trip < 2; trip += 1) {
    const itinerary = await createItinerary(source, owner, {
      title: `Trip ${trip} — Kyōto ✈`,
      description: 'Two weeks\nby train',
    });
    itineraryIds.push(itinerary.id);
    const stages = [
      await createStage(source, owner, itinerary.id, { title: 'Kyoto' }),
      await createStage(source, owner, itinerary.id, { title: 'Osaka' }),
    ];
    await createPlace(source, owner, itinerary.id, {
      name: 'Fushimi Inari',
      stageId: stages[0]?.id,
    });
    await createPlace(source, owner, itinerary.id, {
      name: 'Dōtonbori',
      stageId: stages[1]?.id,
      costMinor: 1250,
      currency: 'JPY',
    });
    await createPlace(source, owner, itinerary.id, { name: 'Unstaged café' });
    await createNote(source, owner, itinerary.id, { title: 'Tips', body: '*Bring* cash' });
    const list = await createList(source, owner, itinerary.id);
    await createListItem(source, owner, itinerary.id, list.id, 'Passport');
    await createListItem(source, owner, itinerary.id, list.id, 'Rail pass');
    await addMember(source, itinerary.id, editor.id, 'editor');
    await addMember(source, itinerary.id, viewer.id, 'viewer');
    const link = expectStatus<ShareLink>(
      await call(source, owner, 'POST', `/api/itineraries/${itinerary.id}/share-links`, {
        payload: {},
      }),
      201,
    );
    shareToken = new URL(link.url ?? '').searchParams.get('share') ?? '';
    await uploaded(source, owner, `itineraries/${itinerary.id}/photos/cover.png`, await pngImage());
    await uploaded(
      source,
      owner,
      `itineraries/${itinerary.id}/attachments/ticket.pdf`,
      pdfDocument(4096),
    );
  }
}, 120_000);

afterAll(async () => {
  await source?.close();
  await sourceDatabase?.drop();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** What a traveller sees of each itinerary: every document the API serves about it. */
async function documents(app: TestApp, user: SignedInUser): Promise<unknown[]> {
  const seen: unknown[] = [expectStatus(await call(app, user, 'GET', '/api/itineraries'), 200)];
  for (const id of itineraryIds) {
    for (const suffix of ['', '/notes', '/lists', '/members', '/share-links', '/activity']) {
      const response = await call(app, user, 'GET', `/api/itineraries/${id}${suffix}`);
      seen.push({ path: suffix, status: response.statusCode, body: response.json() });
    }
  }
  return seen;
}

describe('npm run backup / npm run restore', () => {
  it('taken while the instance keeps writing, holds each write whole or not at all', async () => {
    const sourceFiles = path.join(source.config.dataDir, 'files');
    const backupFile = path.join(await tempDir('jammy-test-backup-'), 'jammy.backup.gz');

    // Writes go on during the backup: the snapshot holds each of them whole or not at all.
    let writing = true;
    const extraIds = itineraryIds.slice(0, 1);
    const writer = (async () => {
      let written = 0;
      while (writing) {
        await createPlace(source, owner, extraIds[0] ?? '', {
          name: `Written meanwhile ${written}`,
        });
        written += 1;
      }
      return written;
    })();
    while (
      !(await source.database.pool.query("select 1 from place where name like 'Written%'")).rowCount
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const summary = await writeBackup({
      pool: source.database.pool,
      filesDir: sourceFiles,
      outFile: backupFile,
    });
    writing = false;
    const writtenMeanwhile = await writer;
    expect(writtenMeanwhile).toBeGreaterThan(1);
    expect(summary.files).toBe((await filesOf(sourceFiles)).size);
    expect(summary.files).toBeGreaterThanOrEqual(4);
    expect(summary.missingFiles).toEqual([]);
    expect(summary.tables.itinerary).toBe(2);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);

    const target = await emptyDatabase();
    const targetDataDir = await tempDir('jammy-test-restored-');
    const targetPool = new pg.Pool({ connectionString: target.url, max: 2 });
    cleanups.push(() => targetPool.end());
    const restored = await restoreBackup({
      file: backupFile,
      pool: targetPool,
      filesDir: path.join(targetDataDir, 'files'),
    });
    expect(restored.tables).toEqual(summary.tables);
    expect(restored.files).toBe(summary.files);

    // Consistent: every place has its creation event and every creation event its place.
    const unmatched = await targetPool.query(
      `select p.id from place p where not exists (select 1 from itinerary_event e
         where e.kind = 'place.created' and e.data->>'placeId' = p.id::text)
       union all
       select (e.data->>'placeId')::uuid from itinerary_event e where e.kind = 'place.created'
         and not exists (select 1 from place p where p.id::text = e.data->>'placeId')`,
    );
    expect(unmatched.rows).toEqual([]);

    expect((await targetPool.query('select 1 from place')).rowCount).toBe(summary.tables.place);
  }, 120_000);

  it('round-trips every document and every file byte of a quiet instance', async () => {
    const sourceFiles = path.join(source.config.dataDir, 'files');
    const backupFile = path.join(await tempDir('jammy-test-backup-'), 'jammy.backup.gz');
    const summary = await writeBackup({
      pool: source.database.pool,
      filesDir: sourceFiles,
      outFile: backupFile,
    });
    const target = await emptyDatabase();
    const targetDataDir = await tempDir('jammy-test-restored-');
    const targetPool = new pg.Pool({ connectionString: target.url, max: 2 });
    cleanups.push(() => targetPool.end());
    const restored = await restoreBackup({
      file: backupFile,
      pool: targetPool,
      filesDir: path.join(targetDataDir, 'files'),
    });
    expect(restored).toEqual({ tables: summary.tables, files: summary.files });

    const restoredApp = await buildTestApp({
      databaseUrl: target.url,
      env: { DATA_DIR: targetDataDir },
    });
    cleanups.push(() => restoredApp.close());
    // Every document as the owner sees it (the sessions came back too), activity included.
    expect(await documents(restoredApp, owner)).toEqual(await documents(source, owner));

    // The share link still opens its trip without an account.
    const shared = await restoredApp.app.inject({
      method: 'GET',
      url: `/api/itineraries/${itineraryIds.at(-1)}?share=${shareToken}`,
    });
    expect(shared.statusCode).toBe(200);

    // Every file byte for byte, and the restored server serves them.
    const [original, copy] = await Promise.all([
      filesOf(sourceFiles),
      filesOf(path.join(targetDataDir, 'files')),
    ]);
    expect([...copy.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [name, bytes] of original) expect(copy.get(name)?.equals(bytes)).toBe(true);
    const objectPath = `itineraries/${itineraryIds[0]}/attachments/ticket.pdf`;
    const download = (app: TestApp) =>
      app.app.inject({
        method: 'GET',
        url: `${objectUrl(objectPath)}?alt=media`,
        headers: { cookie: owner.cookie },
      });
    const [fromSource, fromRestored] = await Promise.all([download(source), download(restoredApp)]);
    expect(fromRestored.statusCode).toBe(200);
    expect(fromRestored.rawPayload.length).toBeGreaterThan(4000);
    expect(fromRestored.rawPayload.equals(fromSource.rawPayload)).toBe(true);
  }, 120_000);

  it('refuses a target that is not empty, a cut-short backup and a file that is not one', async () => {
    const backupDir = await tempDir('jammy-test-backup-');
    const backupFile = path.join(backupDir, 'jammy.backup.gz');
    await writeBackup({ pool: source.database.pool, filesDir: null, outFile: backupFile });

    // The source itself is not empty.
    await expect(
      restoreBackup({ file: backupFile, pool: source.database.pool, filesDir: null }),
    ).rejects.toThrow(/target database is not empty/);

    // A files folder with something in it.
    const target = await emptyDatabase();
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    cleanups.push(() => pool.end());
    const filled = await tempDir('jammy-test-filled-');
    await writeFile(path.join(filled, 'something'), 'x');
    await expect(restoreBackup({ file: backupFile, pool, filesDir: filled })).rejects.toThrow(
      /files folder .* is not empty/,
    );

    // A backup without its end line.
    const lines = gunzipSync(await readFile(backupFile))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = path.join(backupDir, 'cut.gz');
    await writeFile(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    await expect(restoreBackup({ file: cut, pool, filesDir: null })).rejects.toThrow(/incomplete/);
    // Nothing was kept of the failed attempt but the migrated, empty schema.
    const itineraries = await pool.query<{ n: number }>('select count(*)::int as n from itinerary');
    expect(itineraries.rows[0]?.n).toBe(0);

    const notBackup = path.join(backupDir, 'not.gz');
    await writeFile(notBackup, gzipSync('{"hello":"world"}\n'));
    const other = await emptyDatabase();
    const otherPool = new pg.Pool({ connectionString: other.url, max: 2 });
    cleanups.push(() => otherPool.end());
    await expect(
      restoreBackup({ file: notBackup, pool: otherPool, filesDir: null }),
    ).rejects.toThrow(RestoreError);
  }, 120_000);
});
