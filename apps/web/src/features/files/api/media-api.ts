import type { Itinerary } from '@jammy/shared/itineraries';
import type { Attachment, Photo } from '@jammy/shared/media';
import { apiRequest } from '../../../lib/api-client';

/**
 * The product's side of files (after the bytes are uploaded with the storage client): the
 * cover, photos and attachments of an itinerary. Each write carries the version it read.
 */
const base = (itineraryId: string) => `/api/itineraries/${itineraryId}`;

/** Where uploads of each use go; a fresh name per file keeps replaced files apart. */
export function uploadPath(
  itineraryId: string,
  use: 'cover' | 'photos' | 'attachments',
  fileName: string,
): string {
  const id = crypto.randomUUID();
  if (use === 'attachments')
    return `itineraries/${itineraryId}/attachments/${id}/${safeName(fileName)}`;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(fileName)?.[0]?.toLowerCase() ?? '';
  return `itineraries/${itineraryId}/${use}/${id}${extension}`;
}

/** A file name as an object path segment: no slashes, control characters or brackets. */
function safeName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is taken out
    .replace(/[\u0000-\u001F\u007F-\u009F/\\#[\]*?]/g, '_')
    .trim();
  return (cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned).slice(0, 200);
}

export function setCover(itineraryId: string, coverPath: string | null, version?: number) {
  return apiRequest<Itinerary>(base(itineraryId), {
    method: 'PATCH',
    body: { coverPath, version },
  });
}

export function addPhoto(
  itineraryId: string,
  input: { path: string; stageId?: string | null; placeId?: string | null; caption?: string },
) {
  return apiRequest<Photo>(`${base(itineraryId)}/photos`, { method: 'POST', body: input });
}

export function updatePhoto(
  itineraryId: string,
  photoId: string,
  changes: { caption?: string; stageId?: string | null; placeId?: string | null; version?: number },
) {
  return apiRequest<Photo>(`${base(itineraryId)}/photos/${photoId}`, {
    method: 'PATCH',
    body: changes,
  });
}

export function movePhoto(
  itineraryId: string,
  photoId: string,
  afterId: string | null,
  version?: number,
) {
  return apiRequest<Photo>(`${base(itineraryId)}/photos/${photoId}/move`, {
    method: 'POST',
    body: { afterId, version },
  });
}

export function deletePhoto(itineraryId: string, photoId: string, version?: number) {
  return apiRequest<undefined>(`${base(itineraryId)}/photos/${photoId}`, {
    method: 'DELETE',
    body: { version },
  });
}

export function addAttachment(
  itineraryId: string,
  input: { path: string; placeId?: string | null; title?: string; private?: boolean },
) {
  return apiRequest<Attachment>(`${base(itineraryId)}/attachments`, {
    method: 'POST',
    body: input,
  });
}

export function updateAttachment(
  itineraryId: string,
  attachmentId: string,
  changes: { title?: string; placeId?: string | null; private?: boolean; version?: number },
) {
  return apiRequest<Attachment>(`${base(itineraryId)}/attachments/${attachmentId}`, {
    method: 'PATCH',
    body: changes,
  });
}

export function deleteAttachment(itineraryId: string, attachmentId: string, version?: number) {
  return apiRequest<undefined>(`${base(itineraryId)}/attachments/${attachmentId}`, {
    method: 'DELETE',
    body: { version },
  });
}
