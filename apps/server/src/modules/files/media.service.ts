import type { Executor } from '../../db/client';
import { invalidField } from '../../lib/errors';
import type { Reader } from '../itineraries/access';
import { places, stages } from '../itineraries/content.repository';
import { isFileUsed } from './media.repository';
import { findItineraryObject, type FileObjectRow } from './objects.repository';

/**
 * What photos and attachments share: the uploaded file a request names, the stage or place it
 * belongs to, and who reads them.
 */

/** The itinerary a reader reads, and whether they are a member (not a link holder). */
export function readerOf(reader: Reader): { itineraryId: string; member: boolean } {
  return reader.kind === 'member'
    ? { itineraryId: reader.access.itinerary.id, member: true }
    : { itineraryId: reader.itinerary.id, member: false };
}

/**
 * The uploaded file a request names: an object of this itinerary, of the right kind, not yet
 * used by another photo or attachment; 400 naming `path` otherwise.
 */
export async function uploadedFile(
  tx: Executor,
  itineraryId: string,
  path: string,
  kind: 'photo' | 'document',
): Promise<FileObjectRow> {
  const file = await findItineraryObject(tx, itineraryId, path);
  if (!file) throw invalidField('path', 'is not a file uploaded to this itinerary');
  if (kind === 'photo' && !file.contentType.startsWith('image/')) {
    throw invalidField('path', 'is not a photo');
  }
  if (await isFileUsed(tx, file.id))
    throw invalidField('path', 'is already a photo or an attachment');
  return file;
}

/** The stage and place named must be this itinerary's (400 naming the field otherwise). */
export async function checkOwner(
  tx: Executor,
  itineraryId: string,
  owner: { stageId?: string | null | undefined; placeId?: string | null | undefined },
): Promise<void> {
  if (owner.stageId && !(await stages.find(tx, itineraryId, owner.stageId))) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
  if (owner.placeId && !(await places.find(tx, itineraryId, owner.placeId))) {
    throw invalidField('placeId', 'is not a place of this itinerary');
  }
}
