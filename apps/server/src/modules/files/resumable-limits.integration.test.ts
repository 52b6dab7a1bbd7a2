import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StorageUsage } from '@jammy/shared/storage';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { pdfDocument, relatedBody } from '../../../test/storage-helpers';
import { uploadSession } from '../../db/schema/files';
import type { BlobStore } from './blob-store';
import { diskBlobStore } from './disk-blob-store';
import {
  OPEN_UPLOADS_MAX,
  UPLOAD_SESSION_IDLE_MS,
  UPLOAD_SESSION_MAX_MS,
} from './resumable.service';
import { createStorage } from './storage.service';
import { api, QUOTA, storageTest, testApp } from './storage.test-helpers';

// Resumable uploads left unfinished: the bytes they hold count against the quota (and what
// they announced is kept free for them), a traveller has a few open at a time, and they
// expire within hours, their chunks deleted by a sweep any number of processes may run.

const HOUR = 60 * 60 * 1000;

const test = storageTest({ users: false });

function send(
  user: SignedInUser,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: testApp.config.baseUrl.origin, ...headers },
    ...(body === undefined ? {} : { payload: body }),
  });
}

function start(user: SignedInUser, name: string, size: number) {
  return send(
    user,
    'POST',
    `/v0/b/jammy/o?name=${encodeURIComponent(name)}`,
    {
      'content-type': 'application/json',
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(size),
    },
    JSON.stringify({ name }),
  );
}

/** The upload address of a start that must have been taken. */
function addressOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(200);
  const address = new URL(String(response.headers['x-goog-upload-url']));
  return `${address.pathname}${address.search}`;
}

function chunk(user: SignedInUser, url: string, offset: number, bytes: Buffer) {
  return send(
    user,
    'POST',
    url,
    { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': String(offset) },
    bytes,
  );
}

async function usage(user: SignedInUser): Promise<StorageUsage> {
  return expectStatus<StorageUsage>(await api(user, 'GET', '/api/me/storage'), 200);
}

describe('unfinished resumable uploads', () => {
  test('count the bytes they received, and keep what they announced free', async () => {
    const owner = await testApp.traveller({ label: 'quota' });
    const trip = (await createItinerary(owner)).id;
    const document = pdfDocument(90_000);
    const first = addressOf(
      await start(owner, `itineraries/${trip}/attachments/a.pdf`, document.length),
    );
    const sent = await chunk(owner, first, 0, document.subarray(0, 40_000));
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await usage(owner)).usedBytes).toBe(40_000);
    // Three more of 90,000 bytes fit in the 0.4 MB with the first; a fifth does not, though
    // not one byte of them has arrived.
    for (const name of ['b', 'c', 'd']) {
      addressOf(await start(owner, `itineraries/${trip}/attachments/${name}.pdf`, 90_000));
    }
    const refused = await start(owner, `itineraries/${trip}/attachments/e.pdf`, 90_000);
    expectError(refused, 402, 'storage/quota-exceeded');
    // Nor does an upload in one request, while those are open.
    const { body, contentType } = relatedBody({}, pdfDocument(60_000));
    const whole = await send(
      owner,
      'POST',
      `/v0/b/jammy/o?name=${encodeURIComponent(`itineraries/${trip}/attachments/f.pdf`)}`,
      { 'content-type': contentType },
      body,
    );
    expectError(whole, 402, 'storage/quota-exceeded');
    expect(QUOTA).toBeLessThan(5 * 90_000);
  });

  test('are limited per traveller (429 with Retry-After); cancelling one frees its place', async () => {
    const owner = await testApp.traveller({ label: 'many' });
    const trip = (await createItinerary(owner)).id;
    const addresses: string[] = [];
    for (let index = 0; index < OPEN_UPLOADS_MAX; index += 1) {
      addresses.push(
        addressOf(await start(owner, `itineraries/${trip}/attachments/${index}.pdf`, 1000)),
      );
    }
    const refused = await start(owner, `itineraries/${trip}/attachments/more.pdf`, 1000);
    const error = expectError(refused, 429, 'request/rate-limited');
    expect(error.error.details).toMatchObject({ openUploads: OPEN_UPLOADS_MAX });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(UPLOAD_SESSION_IDLE_MS / 1000);
    const cancelled = await send(owner, 'POST', addresses[0] ?? '', {
      'x-goog-upload-command': 'cancel',
    });
    expect(cancelled.statusCode).toBe(200);
    addressOf(await start(owner, `itineraries/${trip}/attachments/more.pdf`, 1000));
  });

  test('expire within hours of their last chunk, and their bytes are deleted', async () => {
    const owner = await testApp.traveller({ label: 'expiry' });
    const trip = (await createItinerary(owner)).id;
    const document = pdfDocument(50_000);
    const url = addressOf(
      await start(owner, `itineraries/${trip}/attachments/left.pdf`, document.length),
    );
    const id = new URL(url, 'http://x').searchParams.get('upload_id') ?? '';
    const { db } = testApp.database;
    const times = async () => {
      const [row] = await db
        .select({ createdAt: uploadSession.createdAt, expiresAt: uploadSession.expiresAt })
        .from(uploadSession)
        .where(eq(uploadSession.id, id));
      return row;
    };
    const opened = await times();
    expect((opened?.expiresAt.getTime() ?? 0) - (opened?.createdAt.getTime() ?? 0)).toBe(
      UPLOAD_SESSION_IDLE_MS,
    );
    expect(UPLOAD_SESSION_MAX_MS).toBeLessThanOrEqual(24 * HOUR);
    expect((await chunk(owner, url, 0, document.subarray(0, 30_000))).statusCode).toBe(200);
    // A chunk keeps it open for another while, never past the longest an upload may take.
    const moved = await times();
    expect(moved?.expiresAt.getTime()).toBeGreaterThan(opened?.expiresAt.getTime() ?? 0);
    const chunkFile = path.join(testApp.config.dataDir, 'files', 'uploads', id);
    expect(existsSync(chunkFile)).toBe(true);
    expect((await usage(owner)).usedBytes).toBe(30_000);

    // Hours later, nobody came back.
    await db
      .update(uploadSession)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(uploadSession.id, id));
    expect((await usage(owner)).usedBytes).toBe(0);
    const gone = await chunk(owner, url, 30_000, document.subarray(30_000));
    expectError(gone, 404, 'storage/object-not-found');
    await sweepWith(diskBlobStore(path.join(testApp.config.dataDir, 'files')));
    expect(existsSync(path.join(chunkFile, '000000000000000'))).toBe(false);
    expect(await db.select().from(uploadSession).where(eq(uploadSession.id, id))).toEqual([]);
  });

  test('keep a chunk sent twice at once (a client retrying), and finish', async () => {
    const owner = await testApp.traveller({ label: 'twice' });
    const trip = (await createItinerary(owner)).id;
    const document = pdfDocument(30_000);
    const url = addressOf(
      await start(owner, `itineraries/${trip}/attachments/twice.pdf`, document.length),
    );
    const [first, second] = await Promise.all([
      chunk(owner, url, 0, document),
      chunk(owner, url, 0, document),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const done = await send(owner, 'POST', url, { 'x-goog-upload-command': 'finalize' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<{ size: number }>().size).toBe(document.length);
  });

  test('are swept by several processes at once, each blob deleted once', async () => {
    const owner = await testApp.traveller({ label: 'sweep' });
    const trip = (await createItinerary(owner)).id;
    const ids: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const url = addressOf(
        await start(owner, `itineraries/${trip}/attachments/s${index}.pdf`, 20_000),
      );
      expect((await chunk(owner, url, 0, pdfDocument(20_000).subarray(0, 8192))).statusCode).toBe(
        200,
      );
      ids.push(new URL(url, 'http://x').searchParams.get('upload_id') ?? '');
    }
    const { db } = testApp.database;
    await db.update(uploadSession).set({ expiresAt: sql`now() - interval '1 second'` });
    const root = path.join(testApp.config.dataDir, 'files');
    const deleted: string[] = [];
    const counting = (): BlobStore => {
      const disk = diskBlobStore(root);
      return {
        ...disk,
        async delete(key) {
          deleted.push(key);
          // Slow deletes, so that the processes overlap.
          await new Promise((resolve) => setTimeout(resolve, 5));
          await disk.delete(key);
        },
      };
    };
    await Promise.all([sweepWith(counting()), sweepWith(counting()), sweepWith(counting())]);
    const chunks = deleted.filter((key) => key.startsWith('uploads/'));
    for (const id of ids) {
      expect(chunks.filter((key) => key.startsWith(`uploads/${id}/`))).toHaveLength(1);
      expect(existsSync(path.join(root, 'uploads', id, '000000000000000'))).toBe(false);
    }
    expect(new Set(deleted).size).toBe(deleted.length);
  });
});

/** A sweep as another server process would run it (its own storage over the same database). */
function sweepWith(blobs: BlobStore): Promise<void> {
  return createStorage({
    db: testApp.database.db,
    blobs,
    config: testApp.config.storage,
    logger: testApp.app.log,
  }).sweep();
}
