import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ObjectMetadata } from '@jammy/shared/storage';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  md5Base64,
  objectUrl,
  pdfDocument,
  pngImage,
  uploaded,
} from '../../../test/storage-helpers';
import type { TestServer } from '../../../test/server';
import { fileObject } from '../../db/schema/itineraries';

/**
 * The S3 backend against an S3-compatible server (s3rver, from npm) that the test starts on
 * the loopback: the same uploads, downloads and deletes as on disk, through the AWS SDK.
 */
const BUCKET = 'jammy-files';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3dir: string;
let s3: S3rver;
let client: S3Client;
let testApp: TestServer;
let owner: Traveller;
let tripId: string;

// The S3 server starts before the file's server, which stores its files there.
const test = serverTest(async () => {
  s3dir = await mkdtemp(path.join(os.tmpdir(), 'jammy-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  return {
    mail: 'outbox',
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    },
  };
});

test.beforeAll(async ({ server, owner: fileOwner }) => {
  testApp = server;
  owner = fileOwner;
  tripId = (await createItinerary(owner)).id;
}, 60_000);

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  if (s3dir) await rm(s3dir, { recursive: true, force: true });
});

async function keysInS3(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((entry) => entry.Key ?? '').sort();
}

function get(url: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, ...headers } });
}

describe('the S3 backend', () => {
  test('stores a photo and its variants in the bucket, and serves them', async () => {
    const meta = await uploaded(
      testApp,
      owner,
      `itineraries/${tripId}/photos/a.png`,
      await pngImage(900, 600),
    );
    const [row] = await testApp.database.db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, meta.fullPath));
    const keys = [row?.blobKey, row?.variants?.thumb?.key, row?.variants?.medium?.key];
    expect(await keysInS3()).toEqual(expect.arrayContaining(keys));
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: row?.blobKey }));
    expect(head.ContentLength).toBe(meta.size);

    const bytes = await get(objectUrl(meta.fullPath, '?alt=media'));
    expect(bytes.statusCode).toBe(200);
    expect(md5Base64(bytes.rawPayload)).toBe(meta.md5Hash);
    const thumb = await get(objectUrl(meta.fullPath, '?alt=media&variant=thumb'));
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
  });

  test('streams a large resumable upload into a multipart object, and serves ranges of it', async () => {
    const document = pdfDocument(6 * 1024 * 1024 + 123);
    const name = `itineraries/${tripId}/attachments/big.pdf`;
    const started = await testApp.app.inject({
      method: 'POST',
      url: `/v0/b/jammy/o?name=${encodeURIComponent(name)}`,
      headers: {
        cookie: owner.cookie,
        origin: testApp.config.baseUrl.origin,
        'content-type': 'application/json',
        'x-goog-upload-protocol': 'resumable',
        'x-goog-upload-command': 'start',
        'x-goog-upload-header-content-length': String(document.length),
      },
      payload: '{}',
    });
    const address = new URL(String(started.headers['x-goog-upload-url']));
    const chunk = 4 * 1024 * 1024;
    let last;
    for (let offset = 0; offset < document.length; offset += chunk) {
      const end = Math.min(offset + chunk, document.length);
      last = await testApp.app.inject({
        method: 'POST',
        url: `${address.pathname}${address.search}`,
        headers: {
          cookie: owner.cookie,
          origin: testApp.config.baseUrl.origin,
          'x-goog-upload-command': end === document.length ? 'upload, finalize' : 'upload',
          'x-goog-upload-offset': String(offset),
        },
        payload: document.subarray(offset, end),
      });
    }
    const meta = expectStatus<ObjectMetadata>(last ?? (await get('/')), 200);
    expect(meta).toMatchObject({ size: document.length, md5Hash: md5Base64(document) });
    // The chunks were cleared once the object was put together.
    await expect
      .poll(async () => (await keysInS3()).filter((key) => key.startsWith('uploads/')))
      .toEqual([]);

    const range = await get(objectUrl(name, '?alt=media'), { range: 'bytes=5000000-5000099' });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(document.subarray(5_000_000, 5_000_100))).toBe(true);
  });

  test('deletes the bytes from the bucket with the object', async () => {
    const meta = await uploaded(
      testApp,
      owner,
      `itineraries/${tripId}/photos/gone.png`,
      await pngImage(),
    );
    const [row] = await testApp.database.db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, meta.fullPath));
    const deleted = await testApp.app.inject({
      method: 'DELETE',
      url: objectUrl(meta.fullPath),
      headers: { cookie: owner.cookie, origin: testApp.config.baseUrl.origin },
    });
    expect(deleted.statusCode).toBe(204);
    await expect
      .poll(async () => (await keysInS3()).filter((key) => key.startsWith(`objects/${row?.id}/`)))
      .toEqual([]);
    expect((await get(objectUrl(meta.fullPath))).statusCode).toBe(404);
  });
});
