import { createHash, randomBytes } from 'node:crypto';
import type { ObjectMetadata, StorageToken } from '@jammy/shared/storage';
import sharp from 'sharp';
import { call, expectStatus, type SignedInUser } from './itinerary-helpers';
import type { TestApp } from './test-app';

/** A storage token for `user` (POST /api/storage/token), for `Authorization: Firebase …`. */
export async function storageToken(testApp: TestApp, user: SignedInUser): Promise<string> {
  const response = await call(testApp, user, 'POST', '/api/storage/token');
  return expectStatus<StorageToken>(response, 200).token;
}

/** A real PNG of `width`×`height` (solid colour with a stripe, so it is not trivially tiny). */
export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .composite([
      {
        input: {
          create: { width: Math.max(1, width >> 2), height, channels: 3, background: '#d33' },
        },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and an orientation (rotated 90°). */
export async function jpegWithGps(width = 200, height = 100): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#48c' } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Jammy 1', Orientation: '6' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 53/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '12/1 29/1 0/1',
      },
    })
    .toBuffer();
}

/** A PDF of about `size` bytes: a real header and trailer around random filler. */
export function pdfDocument(size = 2048): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
    'latin1',
  );
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const filler = randomBytes(Math.max(0, size - head.length - tail.length));
  return Buffer.concat([head, filler, tail]);
}

/** A small PDF as text, for raw upload strings. */
export const PDF_TEXT =
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

export function md5Base64(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('base64');
}

/** `/v0/b/{bucket}/o/{path}` (the path encoded as one segment, as the SDK does). */
export function objectUrl(path: string, query = '', bucket = 'jammy'): string {
  return `/v0/b/${bucket}/o/${encodeURIComponent(path)}${query}`;
}

/** A multipart/related upload body (JSON metadata + data), as the Firebase SDK builds it. */
export function relatedBody(
  metadata: object,
  data: Buffer,
  dataType = 'application/octet-stream',
): { body: Buffer; contentType: string } {
  const boundary = `b${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: ${dataType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
  return { body, contentType: `multipart/related; boundary=${boundary}` };
}

/** Uploads `data` to `path` as `user` (multipart/related, session cookie); the raw answer. */
export function upload(
  testApp: TestApp,
  user: SignedInUser | null,
  path: string,
  data: Buffer,
  metadata: object = {},
) {
  const { body, contentType } = relatedBody({ name: path, ...metadata }, data);
  return testApp.app.inject({
    method: 'POST',
    url: `/v0/b/jammy/o?name=${encodeURIComponent(path)}`,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      origin: testApp.config.baseUrl.origin,
      'content-type': contentType,
    },
    payload: body,
  });
}

/** Uploads and fails the test unless it was stored; the object's metadata. */
export async function uploaded(
  testApp: TestApp,
  user: SignedInUser,
  path: string,
  data: Buffer,
  metadata: object = {},
): Promise<ObjectMetadata> {
  return expectStatus<ObjectMetadata>(await upload(testApp, user, path, data, metadata), 200);
}
