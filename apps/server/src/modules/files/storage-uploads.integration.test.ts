import type { ObjectMetadata } from '@jammy/shared/storage';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import {
  jpegWithGps,
  md5Base64,
  objectUrl,
  pdfDocument,
  pngImage,
  upload,
  uploaded,
} from '../../../test/storage-helpers';
import {
  api,
  DOCUMENT_MAX,
  editor,
  IMAGE_MAX,
  other,
  owner,
  QUOTA,
  send,
  storageTest,
  testApp,
  trip,
} from './storage.test-helpers';

const test = storageTest();

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
  test('takes the raw bytes (uploadType=media) and decides the type from them', async () => {
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

  test('refuses a type the place does not take (415), and says which it found', async () => {
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

  test('answers a file above its limit with 402 storage/quota-exceeded naming the limit, before storing anything', async () => {
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

  test('refuses an empty file as such (400), in one request or resumable', async () => {
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

  test('keeps each traveller within the quota (402 storage/quota-exceeded)', async () => {
    const id = (await createItinerary(other)).id;
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

  test('checks the MD5 and the size the client sent', async () => {
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

  test('refuses paths that climb, hide control characters, are too long, or are the root (400)', async () => {
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

  test('keeps users/{uid}/… to that traveller', async () => {
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
  test('removes EXIF (place, camera) unless the traveller keeps it, and makes WebP variants', async () => {
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

  test('refuses a file that only claims to be a photo', async () => {
    const id = await trip();
    const broken = Buffer.concat([(await pngImage(50, 50)).subarray(0, 60), Buffer.alloc(200)]);
    expectError(
      await upload(testApp, owner, `itineraries/${id}/photos/x.png`, broken),
      415,
      'request/unsupported-media-type',
    );
  });
});
