import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectMetadata } from '@jammy/shared/storage';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectError, expectStatus } from '../../../test/expect';
import {
  md5Base64,
  objectUrl,
  pdfDocument,
  pngImage,
  uploaded,
} from '../../../test/storage-helpers';
import { fileObject } from '../../db/schema/itineraries';
import { purgeTrash } from '../itineraries/itineraries.repository';
import { diskBlobStore } from './disk-blob-store';
import { createStorage } from './storage.service';
import {
  api,
  DOCUMENT_MAX,
  editor,
  owner,
  send,
  storageTest,
  testApp,
  trip,
} from './storage.test-helpers';

const test = storageTest();

describe('downloads', () => {
  test('answers ranges, ETags and cache headers', async () => {
    const id = await trip();
    const document = pdfDocument(5000);
    const meta = await uploaded(testApp, owner, `itineraries/${id}/attachments/r.pdf`, document);
    const url = objectUrl(meta.fullPath, '?alt=media');
    const whole = await send('GET', url, { user: editor });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '5000',
      'accept-ranges': 'bytes',
      etag: `"${meta.md5Hash}"`,
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    expect(whole.headers['content-disposition']).toBe(
      `inline; filename="r.pdf"; filename*=UTF-8''r.pdf`,
    );
    expect(whole.rawPayload.equals(document)).toBe(true);

    const part = await send('GET', url, { user: editor, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload.equals(document.subarray(100, 200))).toBe(true);
    const tail = await send('GET', url, { user: editor, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(document.subarray(4990))).toBe(true);
    const beyond = await send('GET', url, { user: editor, headers: { range: 'bytes=6000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */5000');
    const cached = await send('GET', url, {
      user: editor,
      headers: { 'if-none-match': `"${meta.md5Hash}"` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
  });

  test('opens with a download token, which rotating revokes', async () => {
    const id = await trip();
    const meta = await uploaded(testApp, owner, `itineraries/${id}/photos/t.png`, await pngImage());
    const oldToken = meta.downloadTokens;
    const byToken = (token: string) =>
      send('GET', objectUrl(meta.fullPath, `?alt=media&token=${token}`));
    expect((await byToken(oldToken)).statusCode).toBe(200);
    expectError(await byToken('not-the-token'), 403, 'storage/unauthorized');
    const added = expectStatus<ObjectMetadata>(
      await send('POST', objectUrl(meta.fullPath, '?create_token=true'), { user: editor }),
      200,
    );
    const newToken = added.downloadTokens.split(',')[1] ?? '';
    const rotated = expectStatus<ObjectMetadata>(
      await send('POST', objectUrl(meta.fullPath, `?delete_token=${oldToken}`), { user: editor }),
      200,
    );
    expect(rotated.downloadTokens).toBe(newToken);
    expectError(await byToken(oldToken), 403, 'storage/unauthorized');
    expect((await byToken(newToken)).statusCode).toBe(200);
    // Metadata (and so the tokens) only for those who may read the path.
    expectError(await send('GET', objectUrl(meta.fullPath)), 401, 'storage/unauthenticated');
  });
});

describe('resumable uploads', () => {
  async function start(name: string, size: number, user = owner) {
    const response = await send('POST', `/v0/b/jammy/o?name=${encodeURIComponent(name)}`, {
      user,
      headers: {
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(size),
      },
      body: JSON.stringify({ name }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-goog-upload-status']).toBe('active');
    const address = new URL(String(response.headers['x-goog-upload-url']));
    return `${address.pathname}${address.search}`;
  }

  test('takes chunks by PUT with Content-Range (308 until complete), and answers how far it got', async () => {
    const id = await trip();
    const document = pdfDocument(70_000);
    const url = await start(`itineraries/${id}/attachments/big.pdf`, document.length);
    const first = await send('PUT', url, {
      user: owner,
      headers: { 'content-range': `bytes 0-39999/${document.length}` },
      body: document.subarray(0, 40_000),
    });
    expect(first.statusCode).toBe(308);
    expect(first.headers.range).toBe('bytes=0-39999');
    const status = await send('PUT', url, {
      user: owner,
      headers: { 'content-range': `bytes */${document.length}` },
    });
    expect(status.statusCode).toBe(308);
    expect(status.headers.range).toBe('bytes=0-39999');
    // A chunk from the wrong offset is refused; the upload goes on from where it is.
    const wrong = await send('PUT', url, {
      user: owner,
      headers: { 'content-range': `bytes 100-199/${document.length}` },
      body: document.subarray(100, 200),
    });
    expectError(wrong, 400, 'storage/invalid-argument');
    const last = await send('PUT', url, {
      user: owner,
      headers: { 'content-range': `bytes 40000-${document.length - 1}/${document.length}` },
      body: document.subarray(40_000),
    });
    const done = expectStatus<ObjectMetadata>(last, 200);
    expect(done.md5Hash).toBe(md5Base64(document));
    // Finished: asking again answers the object.
    expect(
      (
        await send('PUT', url, {
          user: owner,
          headers: { 'content-range': `bytes */${document.length}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  test('refuses at the first chunk a file of the wrong type, and a start above the limit', async () => {
    const id = await trip();
    const junk = Buffer.alloc(20_000, 65);
    const url = await start(`itineraries/${id}/attachments/a.pdf`, junk.length);
    const refused = await send('POST', url, {
      user: owner,
      headers: { 'x-goog-upload-command': 'upload', 'x-goog-upload-offset': '0' },
      body: junk.subarray(0, 8192),
    });
    expectError(refused, 415, 'request/unsupported-media-type');
    const gone = await send('POST', url, {
      user: owner,
      headers: { 'x-goog-upload-command': 'query' },
    });
    expectError(gone, 404, 'storage/object-not-found');
    const tooBig = await send(
      'POST',
      `/v0/b/jammy/o?name=${encodeURIComponent(`itineraries/${id}/attachments/b.pdf`)}`,
      {
        user: owner,
        headers: {
          'content-type': 'application/json',
          'x-goog-upload-protocol': 'resumable',
          'x-goog-upload-command': 'start',
          'x-goog-upload-header-content-length': String(Math.floor(DOCUMENT_MAX) + 1),
        },
        body: '{}',
      },
    );
    expectError(tooBig, 402, 'storage/quota-exceeded');
  });
});

describe('bytes on disk', () => {
  test('deletes an itinerary’s files when it leaves the trash for good', async () => {
    const id = await trip();
    const meta = await uploaded(testApp, owner, `itineraries/${id}/photos/p.png`, await pngImage());
    const [row] = await testApp.database.db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, meta.fullPath));
    const root = path.join(testApp.config.dataDir, 'files');
    const keys = [
      row?.blobKey ?? '',
      row?.variants?.thumb?.key ?? '',
      row?.variants?.medium?.key ?? '',
    ];
    expect(keys.every((key) => existsSync(path.join(root, key)))).toBe(true);
    expect((await api(owner, 'DELETE', `/api/itineraries/${id}`)).statusCode).toBe(200);
    // Still in the trash: still there.
    expect(keys.every((key) => existsSync(path.join(root, key)))).toBe(true);
    await purgeTrash(testApp.database.db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    const storage = createStorage({
      db: testApp.database.db,
      blobs: diskBlobStore(root),
      config: testApp.config.storage,
      logger: testApp.app.log,
    });
    await storage.sweep();
    expect(keys.some((key) => existsSync(path.join(root, key)))).toBe(false);
  });

  test('never shows a half-written blob, and clears temporary files at start', async () => {
    const root = path.join(testApp.config.dataDir, 'crash');
    const store = diskBlobStore(root);
    await store.open();
    async function* failing() {
      yield Buffer.alloc(1000, 1);
      throw new Error('the connection dropped');
    }
    await expect(store.put('objects/x/1', Readable.from(failing()))).rejects.toThrow(
      'the connection dropped',
    );
    expect(existsSync(path.join(root, 'objects/x/1'))).toBe(false);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    // A crash leaves a temporary file; the next start removes it.
    await writeFile(path.join(root, '.tmp', 'left-over'), 'partial');
    await mkdir(path.join(root, '.tmp', 'nested'), { recursive: true });
    await diskBlobStore(root).open();
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });
});
