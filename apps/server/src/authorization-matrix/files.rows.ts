import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { SignedInUser } from '../../test/clients';
import { expectStatus } from '../../test/expect';
import { pdfDocument, pngImage, upload, uploaded } from '../../test/storage-helpers';
import {
  linkRead,
  memberRead,
  memberWrite,
  signedIn,
  type Row,
  type Statuses,
  type World,
} from './matrix';

// --- storage (the protocol's callers get 403, not 404, on a path they may not use) ---
const storageRead: Statuses = [401, 403, 200, 200, 200, 200, 403];
const storageWrite = (ok: number): Statuses => [401, 403, 401, 403, ok, ok, 403];
const photoObject = async ({ server, users }: World, id: string) => {
  const path = `itineraries/${id}/photos/${uuidv7()}.png`;
  await uploaded(server, users.owner, path, await pngImage(16, 16));
  return { object: encodeURIComponent(path), objectPath: path };
};
const documentObject = async ({ server, users }: World, id: string) => {
  const path = `itineraries/${id}/attachments/${uuidv7()}.pdf`;
  await uploaded(server, users.owner, path, pdfDocument(512));
  return { objectPath: path };
};
const photoRow = async (world: World, id: string) => {
  const { objectPath } = await photoObject(world, id);
  const response = await world.api(world.users.owner, 'POST', `/api/itineraries/${id}/photos`, {
    payload: { path: objectPath },
  });
  return { photoId: expectStatus<{ id: string }>(response, 201).id };
};
const attachmentRow = async (world: World, id: string) => {
  const { objectPath } = await documentObject(world, id);
  const response = await world.api(
    world.users.owner,
    'POST',
    `/api/itineraries/${id}/attachments`,
    { payload: { path: objectPath } },
  );
  return { attachmentId: expectStatus<{ id: string }>(response, 201).id };
};
const CHUNK = pdfDocument(1000);
/** A resumable upload the owner started: only they may send its bytes. */
const uploadSession = async ({ server, users }: World, id: string) => {
  const path = `itineraries/${id}/attachments/${uuidv7()}.pdf`;
  const response = await server.app.inject({
    method: 'POST',
    url: `/v0/b/jammy/o?name=${encodeURIComponent(path)}`,
    headers: {
      cookie: users.owner.cookie,
      origin: server.origin,
      'content-type': 'application/json',
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(CHUNK.length),
    },
    payload: JSON.stringify({ name: path, contentType: 'application/pdf' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    uploadId:
      new URL(String(response.headers['x-goog-upload-url'])).searchParams.get('upload_id') ?? '',
  };
};
const sendChunk = async ({ server }: World, url: string, account: SignedInUser | null) => {
  const response = await server.app.inject({
    method: 'PUT',
    url,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      origin: server.origin,
      'content-type': 'application/octet-stream',
      'content-range': `bytes 0-${CHUNK.length - 1}/${CHUNK.length}`,
    },
    payload: CHUNK,
  });
  return response.statusCode;
};
const sendUpload = async ({ server }: World, url: string, account: SignedInUser | null) => {
  const name = new URL(url, 'http://x').searchParams.get('name') ?? '';
  const response = await upload(server, account, name, await pngImage(16, 16));
  return response.statusCode;
};

export const FILE_ROWS: readonly Row[] = [
  // --- photos and attachments ---
  { method: 'GET', path: '/api/itineraries/:id/photos', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/photos',
    expect: memberWrite(201),
    prepare: photoObject,
    payload: ({ objectPath = '' }) => ({ path: objectPath, caption: 'Mine' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberRead(),
    prepare: photoRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberWrite(200),
    prepare: photoRow,
    payload: () => ({ caption: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberWrite(204),
    prepare: photoRow,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/photos/:photoId/move',
    expect: memberWrite(200),
    prepare: photoRow,
    payload: () => ({ afterId: null }),
  },
  { method: 'GET', path: '/api/itineraries/:id/attachments', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/attachments',
    expect: memberWrite(201),
    prepare: documentObject,
    payload: ({ objectPath = '' }) => ({ path: objectPath }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberRead(),
    prepare: attachmentRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberWrite(200),
    prepare: attachmentRow,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberWrite(204),
    prepare: attachmentRow,
  },
  // --- file storage: the API side, and the protocol (/v0) ---
  { method: 'POST', path: '/api/storage/token', expect: signedIn(200) },
  { method: 'GET', path: '/api/me/storage', expect: signedIn(200) },
  {
    method: 'GET',
    path: '/v0/b/:bucket/o?prefix=itineraries/:id/',
    expect: storageRead,
  },
  {
    method: 'POST',
    path: '/v0/b/:bucket/o?name=itineraries/:id/photos/new.png',
    expect: storageWrite(200),
    send: sendUpload,
  },
  {
    method: 'PUT',
    path: '/v0/b/:bucket/o?upload_id=:uploadId',
    // Only the traveller who started an upload may send its bytes (and only while allowed).
    expect: [401, 403, 401, 403, 403, 200, 403],
    prepare: uploadSession,
    send: sendChunk,
  },
  { method: 'GET', path: '/v0/b/:bucket/o/:object', expect: storageRead, prepare: photoObject },
  {
    method: 'PATCH',
    path: '/v0/b/:bucket/o/:object',
    expect: storageWrite(200),
    prepare: photoObject,
    payload: () => ({ customMetadata: { rating: '5' } }),
  },
  {
    method: 'DELETE',
    path: '/v0/b/:bucket/o/:object',
    expect: storageWrite(204),
    prepare: photoObject,
  },
  {
    method: 'POST',
    path: '/v0/b/:bucket/o/:object?create_token=true',
    expect: storageWrite(200),
    prepare: photoObject,
  },
];
