import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectMetadata } from '@jammy/shared/storage';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  addMember,
  apiFor,
  createItinerary,
  createSignedInUser,
  expectError,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import {
  jpegWithGps,
  md5Base64,
  objectUrl,
  pdfDocument,
  pngImage,
  upload,
  uploaded,
} from '../../../test/storage-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { fileObject } from '../../db/schema/itineraries';
import { purgeTrash } from '../itineraries/itineraries.repository';
import { diskBlobStore } from './disk-blob-store';
import { createStorage } from './storage.service';

// Small limits, so that the tests pass them with small files.
const IMAGE_MAX = 0.05 * 1024 * 1024;
const DOCUMENT_MAX = 0.1 * 1024 * 1024;
const QUOTA = 0.4 * 1024 * 1024;

let database: TestDatabase;
let testApp: TestApp;
let api: Api;
let owner: SignedInUser;
let editor: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp({
    databaseUrl: database.url,
    env: { STORAGE_IMAGE_MAX_MB: '0.05', STORAGE_DOCUMENT_MAX_MB: '0.1', STORAGE_QUOTA_MB: '0.4' },
  });
  api = apiFor(testApp);
  [owner, editor, other] = await Promise.all([
    createSignedInUser(testApp, 'owner'),
    createSignedInUser(testApp, 'editor'),
    createSignedInUser(testApp, 'other'),
  ]);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
});

async function trip(): Promise<string> {
  const id = (await createItinerary(testApp, owner)).id;
  await addMember(testApp, id, editor.id, 'editor');
  return id;
}

function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    user?: SignedInUser | null;
    headers?: Record<string, string>;
    body?: Buffer | string;
  } = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: {
      ...(options.user ? { cookie: options.user.cookie } : {}),
      origin: testApp.config.baseUrl.origin,
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
}

const mediaUpload = (
  user: SignedInUser,
  name: string,
  body: Buffer,
  type = 'application/octet-stream',
) =>
  send('POST', `/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(name)}`, {
    user,
    body,
    headers: { 'content-type': type },
  });

describe('uploads', () => {
  it('takes the raw bytes (uploadType=media) and decides the type from them', async () => {
    const id = await trip();
    const document = pdfDocument(4000);
    const stored = expectStatus<ObjectMetadata>(
      await mediaUpload(editor, `itineraries/${id}/attachments/ticket.pdf`, document, 'image/png'),
      200,
    );
    expect(stored).toMatchObject({
      contentType: 'application/pdf',
      size: 4000,
      md5Hash: md5Base64(document),
    });
    expect(Object.keys(stored).sort()).toEqual(
      [
        'bucket',
        'generation',
        'metageneration',
        'fullPath',
        'name',
        'size',
        'timeCreated',
        'updated',
        'md5Hash',
        'contentType',
        'customMetadata',
        'metadata',
        'downloadTokens',
      ].sort(),
    );
  });

  it('refuses a type the place does not take (415), and says which it found', async () => {
    const id = await trip();
    const usage = async () =>
      (await api(owner, 'GET', '/api/me/storage')).json<{ usedBytes: number }>();
    const before = await usage();
    const text = await mediaUpload(
      owner,
      `itineraries/${id}/attachments/a.txt`,
      Buffer.from('hello'.repeat(1000)),
    );
    expectError(text, 415, 'request/unsupported-media-type');
    const html = await mediaUpload(
      owner,
      `itineraries/${id}/attachments/a.html`,
      Buffer.from('<!doctype html><script>alert(1)</script>'),
    );
    expectError(html, 415, 'request/unsupported-media-type');
    const pdfAsPhoto = await mediaUpload(owner, `itineraries/${id}/photos/a.jpg`, pdfDocument());
    expect(expectError(pdfAsPhoto, 415, 'request/unsupported-media-type').error.message).toMatch(
      /application\/pdf/,
    );
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expectError(
      await mediaUpload(owner, `itineraries/${id}/photos/a.gif`, gif),
      415,
      'request/unsupported-media-type',
    );
    expect(await usage()).toEqual(before);
  });

  it('answers a file above its limit with 402 storage/quota-exceeded naming the limit, before storing anything', async () => {
    const id = await trip();
    const big = expectError(
      await mediaUpload(
        owner,
        `itineraries/${id}/attachments/big.pdf`,
        pdfDocument(DOCUMENT_MAX + 1),
      ),
      402,
      'storage/quota-exceeded',
    );
    // Refused from its Content-Length, before its type is known: the path's largest limit.
    expect(big.error.message).toBe('A file may be at most 0.1 MB');
    expect(big.error.details).toEqual({
      reason: 'file-too-large',
      kind: 'file',
      limitBytes: Math.floor(DOCUMENT_MAX),
    });
    // Without a Content-Length the stream is cut at the limit (multipart: the length is the envelope's).
    const photo = await pngImage(600, 600);
    const noise = await sharp(Buffer.alloc(300 * 300 * 3, 7), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(IMAGE_MAX);
    const tooBig = expectError(
      await upload(testApp, owner, `itineraries/${id}/photos/big.png`, noise),
      402,
      'storage/quota-exceeded',
    );
    expect(tooBig.error.message).toBe('A photo may be at most 0.05 MB');
    expect(tooBig.error.details).toEqual({
      reason: 'file-too-large',
      kind: 'image',
      limitBytes: Math.floor(IMAGE_MAX),
    });
    expect(
      (await upload(testApp, owner, `itineraries/${id}/photos/ok.png`, photo)).statusCode,
    ).toBe(200);
  });

  it('refuses an empty file as such (400), in one request or resumable', async () => {
    const id = await trip();
    const path = `itineraries/${id}/attachments/empty.pdf`;
    for (const response of [
      await upload(testApp, owner, path, Buffer.alloc(0)),
      await mediaUpload(owner, path, Buffer.alloc(0)),
      await send('POST', `/v0/b/jammy/o?name=${encodeURIComponent(path)}`, {
        user: owner,
        headers: {
          'content-type': 'application/json',
          'x-goog-upload-protocol': 'resumable',
          'x-goog-upload-command': 'start',
          'x-goog-upload-header-content-length': '0',
        },
        body: '{}',
      }),
    ]) {
      const body = expectError(response, 400, 'storage/invalid-argument');
      expect(body.error).toMatchObject({
        message: 'The file is empty',
        details: { reason: 'empty', issues: [{ field: 'file', message: 'is empty' }] },
      });
    }
  });

  it('keeps each traveller within the quota (402 storage/quota-exceeded)', async () => {
    const id = (await createItinerary(testApp, other)).id;
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await mediaUpload(
        other,
        `itineraries/${id}/attachments/${index}.pdf`,
        pdfDocument(90_000),
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 402) expectError(response, 402, 'storage/quota-exceeded');
    }
    expect(statuses).toEqual([200, 200, 200, 200, 402, 402]);
    expect(
      (
        await mediaUpload(other, `itineraries/${id}/attachments/more.pdf`, pdfDocument(90_000))
      ).json<{ error: { details: unknown } }>().error.details,
    ).toEqual({ reason: 'quota', quotaBytes: Math.floor(QUOTA) });
    const usage = expectStatus<{ usedBytes: number; quotaBytes: number }>(
      await api(other, 'GET', '/api/me/storage'),
      200,
    );
    expect(usage).toMatchObject({ usedBytes: 360_000, quotaBytes: Math.floor(QUOTA) });
  });

  it('checks the MD5 and the size the client sent', async () => {
    const id = await trip();
    const document = pdfDocument(3000);
    const wrongMd5 = await upload(testApp, owner, `itineraries/${id}/x/a.pdf`, document, {
      md5Hash: md5Base64(Buffer.from('something else')),
    });
    expectError(wrongMd5, 400, 'storage/invalid-checksum');
    const wrongSize = await upload(testApp, owner, `itineraries/${id}/x/b.pdf`, document, {
      size: 2999,
    });
    expectError(wrongSize, 400, 'storage/server-file-wrong-size');
    const right = await upload(testApp, owner, `itineraries/${id}/x/c.pdf`, document, {
      md5Hash: md5Base64(document),
      size: 3000,
    });
    expect(right.statusCode).toBe(200);
  });

  it('refuses paths that climb, hide control characters, are too long, or are the root (400)', async () => {
    const id = await trip();
    const bad = [
      `itineraries/${id}/../../users/${owner.id}/x.pdf`,
      `itineraries/${id}/./x.pdf`,
      `itineraries/${id}//x.pdf`,
      `itineraries/${id}/x\u0000.pdf`,
      `itineraries/${id}/x\n.pdf`,
      `itineraries/${id}/${'a'.repeat(256)}.pdf`,
      `itineraries/${id}/${'abcd/'.repeat(210)}x.pdf`,
      '/etc/passwd',
    ];
    for (const name of bad) {
      const response = await mediaUpload(owner, name, pdfDocument());
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ error: { code: string; details: unknown } }>().error).toMatchObject({
        code: 'storage/invalid-argument',
        details: { issues: [{ field: 'name' }] },
      });
    }
    expectError(await mediaUpload(owner, '', pdfDocument()), 400, 'storage/invalid-root-operation');
    const traversalRead = await send(
      'GET',
      `/v0/b/jammy/o/${encodeURIComponent(`itineraries/${id}/../x`)}`,
      { user: owner },
    );
    expectError(traversalRead, 400, 'storage/invalid-argument');
    expectError(
      await send('GET', objectUrl('x/y.pdf', '', 'other-bucket'), { user: owner }),
      404,
      'storage/bucket-not-found',
    );
  });

  it('keeps users/{uid}/… to that traveller', async () => {
    const mine = `users/${owner.id}/passport.pdf`;
    expect((await mediaUpload(owner, mine, pdfDocument())).statusCode).toBe(200);
    expect((await send('GET', objectUrl(mine), { user: owner })).statusCode).toBe(200);
    expectError(await send('GET', objectUrl(mine), { user: other }), 403, 'storage/unauthorized');
    expectError(await send('GET', objectUrl(mine)), 401, 'storage/unauthenticated');
    expectError(await mediaUpload(other, mine, pdfDocument()), 403, 'storage/unauthorized');
    expectError(
      await mediaUpload(owner, 'elsewhere/x.pdf', pdfDocument()),
      403,
      'storage/unauthorized',
    );
  });
});

describe('photos', () => {
  it('removes EXIF (place, camera) unless the traveller keeps it, and makes WebP variants', async () => {
    const id = await trip();
    const original = await jpegWithGps(400, 200);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stripped = await uploaded(testApp, owner, `itineraries/${id}/photos/a.jpg`, original);
    const kept = await uploaded(testApp, owner, `itineraries/${id}/photos/b.jpg`, original, {
      metadata: { keepExif: 'true' },
    });
    const bytesOf = async (meta: ObjectMetadata, query = '') =>
      (
        await send(
          'GET',
          objectUrl(meta.fullPath, `?alt=media&token=${meta.downloadTokens}${query}`),
        )
      ).rawPayload;
    expect((await sharp(await bytesOf(stripped)).metadata()).exif).toBeUndefined();
    expect((await sharp(await bytesOf(kept)).metadata()).exif).toBeDefined();
    expect(kept.md5Hash).toBe(md5Base64(original));
    const thumb = await sharp(await bytesOf(stripped, '&variant=thumb')).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 160 });
    const medium = await sharp(await bytesOf(stripped, '&variant=medium')).metadata();
    expect(medium).toMatchObject({ format: 'webp', width: 400 });
    // A document has no variants.
    const pdf = await uploaded(
      testApp,
      owner,
      `itineraries/${id}/attachments/a.pdf`,
      pdfDocument(),
    );
    const none = await send(
      'GET',
      objectUrl(pdf.fullPath, `?alt=media&token=${pdf.downloadTokens}&variant=thumb`),
    );
    expectError(none, 404, 'storage/object-not-found');
  });

  it('refuses a file that only claims to be a photo', async () => {
    const id = await trip();
    const broken = Buffer.concat([(await pngImage(50, 50)).subarray(0, 60), Buffer.alloc(200)]);
    expectError(
      await upload(testApp, owner, `itineraries/${id}/photos/x.png`, broken),
      415,
      'request/unsupported-media-type',
    );
  });
});

describe('downloads', () => {
  it('answers ranges, ETags and cache headers', async () => {
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

  it('opens with a download token, which rotating revokes', async () => {
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

  it('takes chunks by PUT with Content-Range (308 until complete), and answers how far it got', async () => {
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

  it('refuses at the first chunk a file of the wrong type, and a start above the limit', async () => {
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
  it('deletes an itinerary’s files when it leaves the trash for good', async () => {
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

  it('never shows a half-written blob, and clears temporary files at start', async () => {
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
