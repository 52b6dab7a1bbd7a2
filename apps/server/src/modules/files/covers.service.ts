import type { Executor } from '../../db/client';
import { invalidField } from '../../lib/errors';
import {
  deleteUnusedCover,
  findItineraryObject,
  findObjectById,
  type FileObjectRow,
} from './objects.repository';

/**
 * An itinerary's cover photo, as far as files are concerned: which uploaded file a cover path
 * names, the file of a cover, and what happens to the file of a cover replaced.
 */

/** The file a cover path names: a photo uploaded to this itinerary; 400 otherwise (null: none). */
export async function coverFileId(
  db: Executor,
  itineraryId: string,
  path: string | null,
): Promise<string | null> {
  if (path === null) return null;
  const file = await findItineraryObject(db, itineraryId, path);
  if (!file || !file.contentType.startsWith('image/')) {
    throw invalidField('coverPath', 'is not a photo uploaded to this itinerary');
  }
  return file.id;
}

/** The file of an itinerary's uploaded cover, when it has one. */
export async function coverFile(
  db: Executor,
  row: { coverFileId: string | null },
): Promise<FileObjectRow | null> {
  return row.coverFileId ? ((await findObjectById(db, row.coverFileId)) ?? null) : null;
}

/**
 * After a cover changed from `oldFileId`: that file goes when it sat in the itinerary's
 * `cover/` folder and nothing else uses it. True when it may have gone (its bytes are then
 * for the next sweep).
 */
export async function releaseCover(
  db: Executor,
  oldFileId: string | null,
  newFileId: string | null,
): Promise<boolean> {
  if (!oldFileId || oldFileId === newFileId) return false;
  await deleteUnusedCover(db, oldFileId);
  return true;
}
