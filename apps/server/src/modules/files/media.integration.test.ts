import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Attachment, Photo } from '@jammy/shared/media';
import type { Itinerary, ItinerarySummary, ItineraryTree } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileObject } from '../../db/schema/itineraries';
import {
  addMember,
  apiFor,
  conflictCurrent,
  createItinerary,
  createPlace,
  createSignedInUser,
  createStage,
  expectFieldError,
  expectStatus,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { pdfDocument, pngImage, uploaded } from '../../../test/storage-helpers';

let test: ItineraryTest;
let api: Api;
let owner: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  test = await startItineraryTest();
  api = apiFor(test.testApp);
  [owner, viewer, stranger] = await Promise.all([
    createSignedInUser(test.testApp, 'owner'),
    createSignedInUser(test.testApp, 'viewer'),
    createSignedInUser(test.testApp, 'stranger'),
  ]);
}, 60_000);

afterAll(async () => {
  await test?.close();
});

async function trip(): Promise<string> {
  const created = await createItinerary(test.testApp, owner, { title: 'Photos' });
  await addMember(test.testApp, created.id, viewer.id, 'viewer');
  return created.id;
}

async function photoFile(id: string, name = `${crypto.randomUUID()}.png`) {
  return uploaded(
    test.testApp,
    owner,
    `itineraries/${id}/photos/${name}`,
    await pngImage(400, 300),
  );
}

async function blobExists(path_: string): Promise<boolean> {
  const [row] = await test.testApp.database.db
    .select({ key: fileObject.blobKey })
    .from(fileObject)
    .where(eq(fileObject.path, path_));
  return row !== undefined && existsSync(path.join(test.testApp.config.dataDir, 'files', row.key));
}

async function tree(id: string, share?: string): Promise<ItineraryTree> {
  const url = `/api/itineraries/${id}${share ? `?share=${share}` : ''}`;
  return expectStatus<ItineraryTree>(await api(share ? null : owner, 'GET', url), 200);
}

describe('photos', () => {
  it('puts uploaded photos in the galleries of a place, with captions, in order', async () => {
    const id = await trip();
    const place = await createPlace(test.testApp, owner, id, { name: 'Colosseum' });
    const first = await photoFile(id);
    const second = await photoFile(id);
    const a = expectStatus<Photo>(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: first.fullPath, placeId: place.id, caption: 'Morning light' },
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
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: second.fullPath, placeId: place.id },
      }),
      201,
    );
    // The thumbnail address works in an <img>: no session needed, a WebP of 320 px at most.
    const thumb = await test.testApp.app.inject({ method: 'GET', url: a.file.thumbUrl ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const moved = expectStatus<Photo>(
      await api(owner, 'POST', `/api/itineraries/${id}/photos/${b.id}/move`, {
        payload: { afterId: null },
      }),
      200,
    );
    const listed = expectStatus<{ items: Photo[] }>(
      await api(viewer, 'GET', `/api/itineraries/${id}/photos?placeId=${place.id}`),
      200,
    );
    expect(listed.items.map((photo) => photo.id)).toEqual([b.id, a.id]);
    expect((await tree(id)).photos.map((photo) => photo.id)).toEqual([b.id, a.id]);

    // Versions: a stale caption change is a 409 with the photo as it is.
    const stale = await api(owner, 'PATCH', `/api/itineraries/${id}/photos/${b.id}`, {
      payload: { caption: 'Late', version: 1 },
    });
    expect(conflictCurrent<Photo>(stale).version).toBe(moved.version);
  });

  it('deleting a photo deletes its file and its bytes', async () => {
    const id = await trip();
    const file = await photoFile(id);
    const photo = expectStatus<Photo>(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: file.fullPath },
      }),
      201,
    );
    expect(await blobExists(file.fullPath)).toBe(true);
    const [before] = await test.testApp.database.db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, file.fullPath));
    expect(
      (await api(owner, 'DELETE', `/api/itineraries/${id}/photos/${photo.id}`)).statusCode,
    ).toBe(204);
    const meta = await api(owner, 'GET', `/v0/b/jammy/o/${encodeURIComponent(file.fullPath)}`);
    expect(meta.statusCode).toBe(404);
    await expect
      .poll(() =>
        existsSync(path.join(test.testApp.config.dataDir, 'files', before?.blobKey ?? '')),
      )
      .toBe(false);
  });

  it('refuses a file that is not a photo of this trip, or already used', async () => {
    const id = await trip();
    const other = await trip();
    const document = await uploaded(
      test.testApp,
      owner,
      `itineraries/${id}/attachments/a.pdf`,
      pdfDocument(),
    );
    expectFieldError(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: document.fullPath },
      }),
      'path',
    );
    const elsewhere = await photoFile(other);
    expectFieldError(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: elsewhere.fullPath },
      }),
      'path',
    );
    expectFieldError(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: '../etc/passwd' },
      }),
      'path',
    );
    const file = await photoFile(id);
    await api(owner, 'POST', `/api/itineraries/${id}/photos`, { payload: { path: file.fullPath } });
    expectFieldError(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: file.fullPath },
      }),
      'path',
    );
    const stage = await createStage(test.testApp, owner, id);
    const place = await createPlace(test.testApp, owner, id);
    expectFieldError(
      await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
        payload: { path: (await photoFile(id)).fullPath, stageId: stage.id, placeId: place.id },
      }),
      'placeId',
    );
    expect((await api(stranger, 'GET', `/api/itineraries/${id}/photos`)).statusCode).toBe(404);
    expect(
      (
        await api(viewer, 'POST', `/api/itineraries/${id}/photos`, {
          payload: { path: file.fullPath },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('attachments and the cover', () => {
  it('keeps attachments private to members unless shared; a link sees photos and shared ones', async () => {
    const id = await trip();
    const ticket = await uploaded(
      test.testApp,
      owner,
      `itineraries/${id}/attachments/ticket.pdf`,
      pdfDocument(),
    );
    const map = await uploaded(
      test.testApp,
      owner,
      `itineraries/${id}/attachments/map.pdf`,
      pdfDocument(),
    );
    const privateOne = expectStatus<Attachment>(
      await api(owner, 'POST', `/api/itineraries/${id}/attachments`, {
        payload: { path: ticket.fullPath },
      }),
      201,
    );
    expect(privateOne).toMatchObject({
      title: 'ticket.pdf',
      private: true,
      file: { contentType: 'application/pdf', thumbUrl: null },
    });
    await api(owner, 'POST', `/api/itineraries/${id}/attachments`, {
      payload: { path: map.fullPath, title: 'Metro map', private: false },
    });
    const photo = await photoFile(id);
    await api(owner, 'POST', `/api/itineraries/${id}/photos`, {
      payload: { path: photo.fullPath },
    });

    const link = expectStatus<ShareLink>(
      await api(owner, 'POST', `/api/itineraries/${id}/share-links`, { payload: {} }),
      201,
    );
    const share = new URL(link.url ?? '').searchParams.get('share') ?? '';
    const shared = await tree(id, share);
    expect(shared.attachments.map((attachment) => attachment.title)).toEqual(['Metro map']);
    expect(shared.photos).toHaveLength(1);
    const listed = expectStatus<{ items: Attachment[] }>(
      await api(null, 'GET', `/api/itineraries/${id}/attachments?share=${share}`),
      200,
    );
    expect(listed.items.map((attachment) => attachment.title)).toEqual(['Metro map']);
    // The link holder opens what the document gives them, and only that.
    const opened = await test.testApp.app.inject({
      method: 'GET',
      url: shared.attachments[0]?.file.url ?? '',
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    const guessed = await test.testApp.app.inject({
      method: 'GET',
      url: `/v0/b/jammy/o/${encodeURIComponent(ticket.fullPath)}?alt=media&share=${share}`,
    });
    expect(guessed.statusCode).toBe(401);
    expect((await tree(id)).attachments).toHaveLength(2);
  });

  it('sets, shows and replaces an uploaded cover; the old one goes', async () => {
    const id = await trip();
    const first = await uploaded(
      test.testApp,
      owner,
      `itineraries/${id}/cover/one.png`,
      await pngImage(800, 450),
    );
    const set = expectStatus<Itinerary>(
      await api(owner, 'PATCH', `/api/itineraries/${id}`, {
        payload: { coverPath: first.fullPath },
      }),
      200,
    );
    expect(set.cover).toMatchObject({ path: first.fullPath, width: 800, height: 450 });
    const list = expectStatus<{ items: ItinerarySummary[] }>(
      await api(viewer, 'GET', '/api/itineraries'),
      200,
    );
    expect(list.items.find((item) => item.id === id)?.cover?.thumbUrl).toMatch(/variant=thumb/);
    expect((await tree(id)).itinerary.cover?.mediumUrl).toMatch(/variant=medium/);

    const second = await uploaded(
      test.testApp,
      owner,
      `itineraries/${id}/cover/two.png`,
      await pngImage(800, 450),
    );
    const replaced = expectStatus<Itinerary>(
      await api(owner, 'PATCH', `/api/itineraries/${id}`, {
        payload: { coverPath: second.fullPath },
      }),
      200,
    );
    expect(replaced.cover?.path).toBe(second.fullPath);
    expect(
      (await api(owner, 'GET', `/v0/b/jammy/o/${encodeURIComponent(first.fullPath)}`)).statusCode,
    ).toBe(404);
    const removed = expectStatus<Itinerary>(
      await api(owner, 'PATCH', `/api/itineraries/${id}`, { payload: { coverPath: null } }),
      200,
    );
    expect(removed.cover).toBeNull();
    expectFieldError(
      await api(owner, 'PATCH', `/api/itineraries/${id}`, {
        payload: { coverPath: `itineraries/${id}/cover/none.png` },
      }),
      'coverPath',
    );
  });
});
