import type { ObjectMetadata } from '@jammy/shared/storage';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { type SignedInUser, type Traveller } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { objectUrl, pdfDocument, pngImage, upload, uploaded } from '../../../test/storage-helpers';
import { fileObject } from '../../db/schema/itineraries';

// Metadata that ends up in the headers of a download (Content-Disposition, Cache-Control,
// Content-Language, Content-Encoding) can never make a stored file unservable: names in any
// script are stored encoded (RFC 6266, RFC 8187), what cannot be a header is refused with a
// 400 naming the field, and rows stored before are made safe when served.

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let owner: Traveller;
let tripId: string;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  owner = await server.traveller({ label: 'owner' });
  tripId = (await createItinerary(owner)).id;
}, 60_000);

function send(
  method: 'GET' | 'PATCH',
  url: string,
  options: { user?: SignedInUser; body?: object } = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(options.user ? { cookie: options.user.cookie } : {}),
      origin: server.config.baseUrl.origin,
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** Every way the bytes are read: as the owner, by token, and the photo's variants. */
async function expectServable(meta: ObjectMetadata, variants: boolean) {
  const token = meta.downloadTokens.split(',')[0] ?? '';
  const reads = [
    send('GET', objectUrl(meta.fullPath, '?alt=media'), { user: owner }),
    send('GET', objectUrl(meta.fullPath, `?alt=media&token=${token}`)),
    ...(variants
      ? [
          send('GET', objectUrl(meta.fullPath, `?alt=media&token=${token}&variant=thumb`)),
          send('GET', objectUrl(meta.fullPath, '?alt=media&variant=medium'), { user: owner }),
        ]
      : []),
  ];
  const answers = await Promise.all(reads);
  for (const answer of answers) {
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    for (const value of Object.values(answer.headers)) {
      expect(String(value)).toMatch(/^[\t\x20-\x7e]*$/);
    }
  }
  return answers;
}

const TOKYO = 'inline; filename="??.png"; filename*=UTF-8\'\'%E6%9D%B1%E4%BA%AC.png';

describe('Content-Disposition', () => {
  test('stores a name in any script encoded, and serves it to everyone', async () => {
    const meta = await uploaded(
      server,
      owner,
      `itineraries/${tripId}/photos/tokyo.png`,
      await pngImage(),
      { contentDisposition: 'inline; filename="東京.png"' },
    );
    expect(meta.contentDisposition).toBe(TOKYO);
    const [read] = await expectServable(meta, true);
    expect(read?.headers['content-disposition']).toBe(TOKYO);
  });

  test('takes a change of it the same way (PATCH), line separators included', async () => {
    const meta = await uploaded(
      server,
      owner,
      `itineraries/${tripId}/attachments/a.pdf`,
      pdfDocument(),
    );
    const changed = expectStatus<ObjectMetadata>(
      await send('PATCH', objectUrl(meta.fullPath), {
        user: owner,
        body: { contentDisposition: 'attachment; filename="Zürich\u2028Genève.pdf"' },
      }),
      200,
    );
    expect(changed.contentDisposition).toBe(
      'attachment; filename="Z?rich?Gen?ve.pdf"; filename*=UTF-8\'\'Z%C3%BCrich%E2%80%A8Gen%C3%A8ve.pdf',
    );
    await expectServable(changed, false);
    // Sent already encoded, it is kept as it is; ASCII is kept too.
    for (const value of [TOKYO, 'attachment; filename="plan.pdf"']) {
      const kept = expectStatus<ObjectMetadata>(
        await send('PATCH', objectUrl(meta.fullPath), {
          user: owner,
          body: { contentDisposition: value },
        }),
        200,
      );
      expect(kept.contentDisposition).toBe(value);
      await expectServable(kept, false);
    }
  });

  test('refuses what is not a disposition, or holds control characters (400 naming it)', async () => {
    const path = `itineraries/${tripId}/photos/bad.png`;
    const image = await pngImage();
    const meta = await uploaded(server, owner, path, image);
    for (const value of [
      '東京.png',
      'inline; 名前="x"',
      'inline; filename="a\r\nSet-Cookie: x=1"',
      'inline; filename="a\u0085b.png"',
      'inline; filename="a\u0000b.png"',
    ]) {
      for (const response of [
        await upload(server, owner, path, image, { contentDisposition: value }),
        await send('PATCH', objectUrl(path), {
          user: owner,
          body: { contentDisposition: value },
        }),
      ]) {
        const body = expectError(response, 400, 'storage/invalid-argument');
        expect(body.error.details, JSON.stringify(value)).toMatchObject({
          issues: [{ field: 'contentDisposition' }],
        });
      }
    }
    await expectServable(meta, true);
  });
});

describe('Content-Encoding', () => {
  test('takes identity only: a file is served as it was stored', async () => {
    const path = `itineraries/${tripId}/attachments/encoded.pdf`;
    for (const coding of ['gzip', 'br', 'deflate', 'x-custom']) {
      for (const response of [
        await upload(server, owner, path, pdfDocument(), { contentEncoding: coding }),
        await send('PATCH', objectUrl(path), { user: owner, body: { contentEncoding: coding } }),
      ]) {
        const body = expectError(response, 400, 'storage/invalid-argument');
        expect(body.error.details).toMatchObject({ issues: [{ field: 'contentEncoding' }] });
      }
    }
    const meta = await uploaded(server, owner, path, pdfDocument(), {
      contentEncoding: 'identity',
    });
    expect(meta.contentEncoding).toBe('identity');
    expectError(
      await send('PATCH', objectUrl(path), { user: owner, body: { contentEncoding: 'gzip' } }),
      400,
      'storage/invalid-argument',
    );
    await expectServable(meta, false);
  });
});

describe('rows stored before these rules', () => {
  test('are still served, their header values made safe', async () => {
    const photo = await uploaded(
      server,
      owner,
      `itineraries/${tripId}/photos/old.png`,
      await pngImage(),
    );
    const document = await uploaded(
      server,
      owner,
      `itineraries/${tripId}/attachments/old.pdf`,
      pdfDocument(),
    );
    const { db } = server.database;
    await db
      .update(fileObject)
      .set({
        contentDisposition: 'inline; filename="東京\u2028.png"',
        contentEncoding: 'gzip',
        cacheControl: 'private, max-age=60\u00e9',
        contentLanguage: 'de\u2028',
      })
      .where(eq(fileObject.path, photo.fullPath));
    await db
      .update(fileObject)
      .set({ contentDisposition: '名前', contentEncoding: 'br' })
      .where(eq(fileObject.path, document.fullPath));
    const [photoRead] = await expectServable(photo, true);
    expect(photoRead?.headers['content-disposition']).toBe(
      'inline; filename="???.png"; filename*=UTF-8\'\'%E6%9D%B1%E4%BA%AC%E2%80%A8.png',
    );
    expect(photoRead?.headers['cache-control']).toBe('private, max-age=3600');
    expect(photoRead?.headers['content-language']).toBeUndefined();
    const [documentRead] = await expectServable(document, false);
    expect(documentRead?.headers['content-disposition']).toBe(
      'inline; filename="old.pdf"; filename*=UTF-8\'\'old.pdf',
    );
  });
});
