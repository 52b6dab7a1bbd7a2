import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Attachment, Photo } from '@jammy/shared/media';
import type { Itinerary, ItinerarySummary, ItineraryTree } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { fileObject } from '../../db/schema/itineraries';
import type { Traveller } from '../../../test/clients';
import { conflictCurrent, expectFieldError, expectStatus } from '../../../test/expect';
import { createItinerary, createPlace, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import { pdfDocument, pngImage, uploaded } from '../../../test/storage-helpers';

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let owner: Traveller;
let viewer: Traveller;
let stranger: Traveller;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  [owner, viewer, stranger] = await Promise.all([
    server.traveller({ label: 'owner' }),
    server.traveller({ label: 'viewer' }),
    server.traveller({ label: 'stranger' }),
  ]);
}, 60_000);

async function trip(): Promise<string> {
  const created = await createItinerary(owner, { title: 'Photos' });
  await addMember(server, created.id, viewer.id, 'viewer');
  return created.id;
}

async function photoFile(id: string, name = `${crypto.randomUUID()}.png`) {
  return uploaded(server, owner, `itineraries/${id}/photos/${name}`, await pngImage(400, 300));
}

async function blobExists(path_: string): Promise<boolean> {
  const [row] = await server.database.db
    .select({ key: fileObject.blobKey })
    .from(fileObject)
    .where(eq(fileObject.path, path_));
  return row !== undefined && existsSync(path.join(server.config.dataDir, 'files', row.key));
}

async function tree(id: string, share?: string): Promise<ItineraryTree> {
  const url = `/api/itineraries/${id}${share ? `?share=${share}` : ''}`;
  return expectStatus<ItineraryTree>(await server.client(share ? null : owner).get(url), 200);
}

describe('photos', () => {
  test('puts uploaded photos in the galleries of a place, with captions, in order', async () => {
    const id = await trip();
    const place = await createPlace(owner, id, { name: 'Colosseum' });
    const first = await photoFile(id);
    const second = await photoFile(id);
    const a = expectStatus<Photo>(
      await owner.post(`/api/itineraries/${id}/photos`, {
        path: first.fullPath,
        placeId: place.id,
        caption: 'Morning light',
      }),
      201,
    );
    expect(a.file).toMatchObject({
      path: first.fullPath,
      contentType: 'image/png',
      width: 400,
      height: 300,
    });
    expect(a.file.thumbUrl).toMatch(/&variant=thumb$/);
    const b = expectStatus<Photo>(
      await owner.post(`/api/itineraries/${id}/photos`, {
        path: second.fullPath,
        placeId: place.id,
      }),
      201,
    );
    // The thumbnail address works in an <img>: no session needed, a WebP of 320 px at most.
    const thumb = await server.app.inject({ method: 'GET', url: a.file.thumbUrl ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const moved = expectStatus<Photo>(
      await owner.post(`/api/itineraries/${id}/photos/${b.id}/move`, { afterId: null }),
      200,
    );
    const listed = expectStatus<{ items: Photo[] }>(
      await viewer.get(`/api/itineraries/${id}/photos?placeId=${place.id}`),
      200,
    );
    expect(listed.items.map((photo) => photo.id)).toEqual([b.id, a.id]);
    expect((await tree(id)).photos.map((photo) => photo.id)).toEqual([b.id, a.id]);

    // Versions: a stale caption change is a 409 with the photo as it is.
    const stale = await owner.patch(`/api/itineraries/${id}/photos/${b.id}`, {
      caption: 'Late',
      version: 1,
    });
    expect(conflictCurrent<Photo>(stale).version).toBe(moved.version);
  });

  test('deleting a photo deletes its file and its bytes', async () => {
    const id = await trip();
    const file = await photoFile(id);
    const photo = expectStatus<Photo>(
      await owner.post(`/api/itineraries/${id}/photos`, { path: file.fullPath }),
      201,
    );
    expect(await blobExists(file.fullPath)).toBe(true);
    const [before] = await server.database.db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, file.fullPath));
    expect((await owner.delete(`/api/itineraries/${id}/photos/${photo.id}`)).statusCode).toBe(204);
    const meta = await owner.get(`/v0/b/jammy/o/${encodeURIComponent(file.fullPath)}`);
    expect(meta.statusCode).toBe(404);
    await expect
      .poll(() => existsSync(path.join(server.config.dataDir, 'files', before?.blobKey ?? '')))
      .toBe(false);
  });

  test('refuses a file that is not a photo of this trip, or already used', async () => {
    const id = await trip();
    const other = await trip();
    const document = await uploaded(
      server,
      owner,
      `itineraries/${id}/attachments/a.pdf`,
      pdfDocument(),
    );
    expectFieldError(
      await owner.post(`/api/itineraries/${id}/photos`, { path: document.fullPath }),
      'path',
    );
    const elsewhere = await photoFile(other);
    expectFieldError(
      await owner.post(`/api/itineraries/${id}/photos`, { path: elsewhere.fullPath }),
      'path',
    );
    expectFieldError(
      await owner.post(`/api/itineraries/${id}/photos`, { path: '../etc/passwd' }),
      'path',
    );
    const file = await photoFile(id);
    await owner.post(`/api/itineraries/${id}/photos`, { path: file.fullPath });
    expectFieldError(
      await owner.post(`/api/itineraries/${id}/photos`, { path: file.fullPath }),
      'path',
    );
    const stage = await createStage(owner, id);
    const place = await createPlace(owner, id);
    expectFieldError(
      await owner.post(`/api/itineraries/${id}/photos`, {
        path: (await photoFile(id)).fullPath,
        stageId: stage.id,
        placeId: place.id,
      }),
      'placeId',
    );
    expect((await stranger.get(`/api/itineraries/${id}/photos`)).statusCode).toBe(404);
    expect(
      (await viewer.post(`/api/itineraries/${id}/photos`, { path: file.fullPath })).statusCode,
    ).toBe(403);
  });
});

describe('attachments and the cover', () => {
  test('keeps attachments private to members unless shared; a link sees photos and shared ones', async () => {
    const id = await trip();
    const ticket = await uploaded(
      server,
      owner,
      `itineraries/${id}/attachments/ticket.pdf`,
      pdfDocument(),
    );
    const map = await uploaded(
      server,
      owner,
      `itineraries/${id}/attachments/map.pdf`,
      pdfDocument(),
    );
    const privateOne = expectStatus<Attachment>(
      await owner.post(`/api/itineraries/${id}/attachments`, { path: ticket.fullPath }),
      201,
    );
    expect(privateOne).toMatchObject({
      title: 'ticket.pdf',
      private: true,
      file: { contentType: 'application/pdf', thumbUrl: null },
    });
    await owner.post(`/api/itineraries/${id}/attachments`, {
      path: map.fullPath,
      title: 'Metro map',
      private: false,
    });
    const photo = await photoFile(id);
    await owner.post(`/api/itineraries/${id}/photos`, { path: photo.fullPath });

    const link = expectStatus<ShareLink>(
      await owner.post(`/api/itineraries/${id}/share-links`, {}),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    const shared = await tree(id, share);
    expect(shared.attachments.map((attachment) => attachment.title)).toEqual(['Metro map']);
    expect(shared.photos).toHaveLength(1);
    const listed = expectStatus<{ items: Attachment[] }>(
      await server.client(null).get(`/api/itineraries/${id}/attachments?share=${share}`),
      200,
    );
    expect(listed.items.map((attachment) => attachment.title)).toEqual(['Metro map']);
    // The link holder opens what the document gives them, and only that.
    const opened = await server.app.inject({
      method: 'GET',
      url: shared.attachments[0]?.file.url ?? '',
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    const guessed = await server.app.inject({
      method: 'GET',
      url: `/v0/b/jammy/o/${encodeURIComponent(ticket.fullPath)}?alt=media&share=${share}`,
    });
    expect(guessed.statusCode).toBe(401);
    expect((await tree(id)).attachments).toHaveLength(2);
  });

  test('sets, shows and replaces an uploaded cover; the old one goes', async () => {
    const id = await trip();
    const first = await uploaded(
      server,
      owner,
      `itineraries/${id}/cover/one.png`,
      await pngImage(800, 450),
    );
    const set = expectStatus<Itinerary>(
      await owner.patch(`/api/itineraries/${id}`, { coverPath: first.fullPath }),
      200,
    );
    expect(set.cover).toMatchObject({ path: first.fullPath, width: 800, height: 450 });
    const list = expectStatus<{ items: ItinerarySummary[] }>(
      await viewer.get('/api/itineraries'),
      200,
    );
    expect(list.items.find((item) => item.id === id)?.cover?.thumbUrl).toMatch(/variant=thumb/);
    expect((await tree(id)).itinerary.cover?.mediumUrl).toMatch(/variant=medium/);

    const second = await uploaded(
      server,
      owner,
      `itineraries/${id}/cover/two.png`,
      await pngImage(800, 450),
    );
    const replaced = expectStatus<Itinerary>(
      await owner.patch(`/api/itineraries/${id}`, { coverPath: second.fullPath }),
      200,
    );
    expect(replaced.cover?.path).toBe(second.fullPath);
    expect(
      (await owner.get(`/v0/b/jammy/o/${encodeURIComponent(first.fullPath)}`)).statusCode,
    ).toBe(404);
    const removed = expectStatus<Itinerary>(
      await owner.patch(`/api/itineraries/${id}`, { coverPath: null }),
      200,
    );
    expect(removed.cover).toBeNull();
    expectFieldError(
      await owner.patch(`/api/itineraries/${id}`, {
        coverPath: `itineraries/${id}/cover/none.png`,
      }),
      'coverPath',
    );
  });
});
