import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
  type StorageError,
} from 'firebase/storage';
import { afterAll, describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import {
  md5Base64,
  pdfDocument,
  PDF_TEXT,
  pngImage,
  storageToken,
} from '../../../test/storage-helpers';

/**
 * Conformance with a client nobody here wrote: Google's own Firebase JS SDK
 * (`firebase/storage`), pointed at this server with `connectStorageEmulator`, the storage
 * token passed as `mockUserToken` (sent as `Authorization: Firebase <token>`).
 */
const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let port: number;
let owner: Traveller;
let viewer: Traveller;
let stranger: Traveller;
let tripId: string;
const apps: FirebaseApp[] = [];

function storageFor(token?: string): FirebaseStorage {
  const app = initializeApp(
    { projectId: 'demo-jammy', storageBucket: 'jammy', apiKey: 'x', appId: 'x' },
    `sdk-${apps.length}`,
  );
  apps.push(app);
  const storage = getStorage(app);
  connectStorageEmulator(storage, '127.0.0.1', port, token ? { mockUserToken: token } : {});
  return storage;
}

/** The StorageError code of a call (thrown at once or rejected later). */
async function errorCode(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    return (error as StorageError).code;
  }
  return 'no error';
}

let ownerStorage: FirebaseStorage;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as AddressInfo).port;
  [owner, viewer, stranger] = await Promise.all([
    server.traveller({ label: 'owner' }),
    server.traveller({ label: 'viewer' }),
    server.traveller({ label: 'stranger' }),
  ]);
  tripId = (await createItinerary(owner, { title: 'SDK trip' })).id;
  await addMember(server, tripId, viewer.id, 'viewer');
  ownerStorage = storageFor(await storageToken(server, owner));
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
});

describe('the Firebase Storage SDK against this server', () => {
  test('uploadBytes, getMetadata, getDownloadURL and getBytes round-trip a photo', async () => {
    const image = await pngImage(120, 80);
    const photo = ref(ownerStorage, `itineraries/${tripId}/photos/beach.png`);
    const uploaded = await uploadBytes(photo, image, {
      contentType: 'image/png',
      customMetadata: { takenOn: '2027-05-01' },
    });
    expect(uploaded.metadata).toMatchObject({
      bucket: 'jammy',
      fullPath: `itineraries/${tripId}/photos/beach.png`,
      name: 'beach.png',
      contentType: 'image/png',
      customMetadata: { takenOn: '2027-05-01' },
      metageneration: '1',
    });
    expect(typeof uploaded.metadata.size).toBe('number');

    const metadata = await getMetadata(photo);
    expect(metadata.md5Hash).toBe(uploaded.metadata.md5Hash);
    expect(metadata.generation).toBe(uploaded.metadata.generation);

    const url = await getDownloadURL(photo);
    expect(url).toMatch(
      new RegExp(
        `^http://127\\.0\\.0\\.1:${port}/v0/b/jammy/o/itineraries%2F.*\\?alt=media&token=`,
      ),
    );
    // The download address works without any session: the token is the permission.
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(md5Base64(bytes)).toBe(metadata.md5Hash);
    const viaSdk = new Uint8Array(await getBytes(photo));
    expect(md5Base64(viaSdk)).toBe(metadata.md5Hash);
  });

  test('uploadString in raw, base64, base64url and data_url form', async () => {
    const image = await pngImage(10, 10);
    const folder = `itineraries/${tripId}/strings`;
    const raw = await uploadString(ref(ownerStorage, `${folder}/raw.pdf`), PDF_TEXT, 'raw');
    expect(raw.metadata.contentType).toBe('application/pdf');
    expect(raw.metadata.size).toBe(Buffer.byteLength(PDF_TEXT));

    const base64 = await uploadString(
      ref(ownerStorage, `${folder}/b64.pdf`),
      Buffer.from(PDF_TEXT).toString('base64'),
      'base64',
    );
    expect(base64.metadata.md5Hash).toBe(raw.metadata.md5Hash);

    const base64url = await uploadString(
      ref(ownerStorage, `${folder}/b64url.pdf`),
      Buffer.from(PDF_TEXT).toString('base64url'),
      'base64url',
    );
    expect(base64url.metadata.md5Hash).toBe(raw.metadata.md5Hash);

    const dataUrl = await uploadString(
      ref(ownerStorage, `itineraries/${tripId}/photos/dot.png`),
      `data:image/png;base64,${image.toString('base64')}`,
      'data_url',
    );
    expect(dataUrl.metadata.contentType).toBe('image/png');

    // The SDK checks the string formats itself (spec §5).
    expect(
      await errorCode(() =>
        uploadString(ref(ownerStorage, `${folder}/bad`), 'not base64!', 'base64'),
      ),
    ).toBe('storage/invalid-format');
  });

  test('uploadBytesResumable sends a large file in chunks with progress events', async () => {
    const document = pdfDocument(1_300_000);
    const target = ref(ownerStorage, `itineraries/${tripId}/attachments/ticket.pdf`);
    const progress: number[] = [];
    const task = uploadBytesResumable(target, document, { contentType: 'application/pdf' });
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const done = await task;
    expect(done.metadata.size).toBe(document.length);
    expect(done.metadata.md5Hash).toBe(md5Base64(document));
    // 256 KB, then 512 KB chunks (the SDK doubles them): several progress steps.
    expect(new Set(progress).size).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(document.length);
    expect(md5Base64(new Uint8Array(await getBytes(target)))).toBe(md5Base64(document));
  });

  test('updateMetadata changes the metadata and bumps the metageneration', async () => {
    const target = ref(ownerStorage, `itineraries/${tripId}/notes/plan.pdf`);
    await uploadString(target, PDF_TEXT, 'raw', { customMetadata: { a: '1', b: '2' } });
    const updated = await updateMetadata(target, {
      cacheControl: 'public, max-age=60',
      contentLanguage: 'it',
      customMetadata: { b: '3', c: '4' },
    });
    expect(updated.metageneration).toBe('2');
    expect(updated.cacheControl).toBe('public, max-age=60');
    expect(updated.contentLanguage).toBe('it');
    expect(updated.customMetadata).toEqual({ a: '1', b: '3', c: '4' });
    expect((await getMetadata(target)).customMetadata).toEqual({ a: '1', b: '3', c: '4' });
  });

  test('list and listAll page through files and folders', async () => {
    const folder = `itineraries/${tripId}/listing`;
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf', 'sub/d.pdf', 'sub/deeper/e.pdf', 'zed/f.pdf']) {
      await uploadString(ref(ownerStorage, `${folder}/${name}`), PDF_TEXT, 'raw');
    }
    const all = await listAll(ref(ownerStorage, folder));
    expect(all.items.map((item) => item.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(all.prefixes.map((prefix) => prefix.fullPath)).toEqual([
      `${folder}/sub`,
      `${folder}/zed`,
    ]);

    const first = await list(ref(ownerStorage, folder), { maxResults: 2 });
    expect(first.items.map((item) => item.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(first.nextPageToken).toBeTruthy();
    const second = await list(ref(ownerStorage, folder), {
      maxResults: 2,
      pageToken: first.nextPageToken,
    });
    expect(second.items.map((item) => item.name)).toEqual(['c.pdf']);
    expect(second.prefixes.map((prefix) => prefix.name)).toEqual(['sub']);
  });

  test('deleteObject removes the object; afterwards it is storage/object-not-found', async () => {
    const target = ref(ownerStorage, `itineraries/${tripId}/notes/gone.pdf`);
    await uploadString(target, PDF_TEXT, 'raw');
    await deleteObject(target);
    expect(await errorCode(() => getMetadata(target))).toBe('storage/object-not-found');
    expect(await errorCode(() => getBytes(target))).toBe('storage/object-not-found');
    expect(await errorCode(() => deleteObject(target))).toBe('storage/object-not-found');
  });

  test('answers a forbidden path with storage/unauthorized', async () => {
    const viewerStorage = storageFor(await storageToken(server, viewer));
    const strangerStorage = storageFor(await storageToken(server, stranger));
    const target = `itineraries/${tripId}/photos/private.png`;
    await uploadBytes(ref(ownerStorage, target), await pngImage(8, 8));
    // A viewer reads but does not write; a stranger does neither.
    expect((await getMetadata(ref(viewerStorage, target))).fullPath).toBe(target);
    const image = await pngImage(8, 8);
    const mine = ref(viewerStorage, `itineraries/${tripId}/photos/mine.png`);
    expect(await errorCode(() => uploadBytes(mine, image))).toBe('storage/unauthorized');
    expect(await errorCode(() => getMetadata(ref(strangerStorage, target)))).toBe(
      'storage/unauthorized',
    );
    expect(
      await errorCode(() =>
        uploadString(ref(strangerStorage, `users/${owner.id}/x.pdf`), PDF_TEXT),
      ),
    ).toBe('storage/unauthorized');
  });

  test('answers a call without sign-in with storage/unauthenticated', async () => {
    const anonymous = storageFor();
    const target = `itineraries/${tripId}/photos/beach.png`;
    expect(await errorCode(() => getMetadata(ref(anonymous, target)))).toBe(
      'storage/unauthenticated',
    );
    expect(
      await errorCode(() => uploadString(ref(anonymous, `users/${owner.id}/x.pdf`), PDF_TEXT)),
    ).toBe('storage/unauthenticated');
    // A token that is not ours is no sign-in either.
    const forged = storageFor('forged.token');
    expect(await errorCode(() => getMetadata(ref(forged, target)))).toBe('storage/unauthenticated');
  });

  test('reports a file above the limit as storage/quota-exceeded, in one request or in chunks', async () => {
    // The SDK names an error by its status alone (401, 402, 403, 404); its message is its own,
    // and in Node it keeps nothing of the answer's body: 402 is the one status it reads as
    // "too much". (What the answer says is checked in storage.integration.test.ts.)
    const limit = server.config.storage.imageMaxBytes;
    // A PNG's signature, then more bytes than a photo may have.
    const big = Buffer.alloc(limit + 1024 * 1024);
    (await pngImage(8, 8)).copy(big);
    const refusals: { code: string; status: number }[] = [];
    for (const send of [
      () => uploadBytes(ref(ownerStorage, `itineraries/${tripId}/photos/big.png`), big),
      () => uploadBytesResumable(ref(ownerStorage, `itineraries/${tripId}/photos/big2.png`), big),
    ]) {
      await send().catch((error: StorageError) => {
        refusals.push({ code: error.code, status: error.status });
      });
    }
    expect(refusals).toEqual([
      { code: 'storage/quota-exceeded', status: 402 },
      { code: 'storage/quota-exceeded', status: 402 },
    ]);
    // The connection the refused upload used is still good for the next call.
    const small = await uploadBytes(
      ref(ownerStorage, `itineraries/${tripId}/photos/small.png`),
      await pngImage(8, 8),
    );
    expect(small.metadata.size).toBeGreaterThan(0);
  });

  test('serves a file whose disposition names it in another script', async () => {
    const target = ref(ownerStorage, `itineraries/${tripId}/photos/kyoto.png`);
    await uploadBytes(target, await pngImage(8, 8), {
      contentDisposition: 'inline; filename="京都.png"',
    });
    const download = await fetch(await getDownloadURL(target));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'inline; filename="??.png"; filename*=UTF-8\'\'%E4%BA%AC%E9%83%BD.png',
    );
  });

  test('refuses an upload to the root (the SDK itself, before any request)', async () => {
    expect(await errorCode(() => uploadString(ref(ownerStorage), PDF_TEXT))).toBe(
      'storage/invalid-root-operation',
    );
  });
});
