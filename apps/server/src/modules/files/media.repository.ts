import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { attachment, photo } from '../../db/schema/files';
import { fileObject } from '../../db/schema/itineraries';
import { rowStore } from '../itineraries/row-store';
import type { FileObjectRow } from './objects.repository';

export type PhotoRow = typeof photo.$inferSelect;
export type AttachmentRow = typeof attachment.$inferSelect;

export const photos = rowStore(photo, { scope: photo.itineraryId, position: photo.position });
export const attachments = rowStore(attachment, { scope: attachment.itineraryId });

/** Photos of one stage, one place, or of the trip itself: the siblings a photo is ordered among. */
export function sameGallery(owner: {
  stageId: string | null;
  placeId: string | null;
}): SQL | undefined {
  return and(
    owner.stageId === null ? isNull(photo.stageId) : eq(photo.stageId, owner.stageId),
    owner.placeId === null ? isNull(photo.placeId) : eq(photo.placeId, owner.placeId),
  );
}

/** The file of a photo or an attachment (always there: deleting the file deletes them). */
export async function fileOf(db: Executor, id: string): Promise<FileObjectRow> {
  const [row] = await db.select().from(fileObject).where(eq(fileObject.id, id));
  if (!row) throw new Error(`The file ${id} of a photo or attachment is missing`);
  return row;
}

/** Whether a photo or an attachment uses the file already. */
export async function isFileUsed(db: Executor, fileId: string): Promise<boolean> {
  const [photoUse] = await db.select({ id: photo.id }).from(photo).where(eq(photo.fileId, fileId));
  const [attachmentUse] = await db
    .select({ id: attachment.id })
    .from(attachment)
    .where(eq(attachment.fileId, fileId));
  return photoUse !== undefined || attachmentUse !== undefined;
}

/** An itinerary's photos with their files, in order (of a stage or a place when named). */
export function listPhotos(
  db: Executor,
  itineraryId: string,
  filter: { stageId?: string | undefined; placeId?: string | undefined },
) {
  return db
    .select({ photo, file: fileObject })
    .from(photo)
    .innerJoin(fileObject, eq(fileObject.id, photo.fileId))
    .where(
      and(
        eq(photo.itineraryId, itineraryId),
        filter.stageId ? eq(photo.stageId, filter.stageId) : undefined,
        filter.placeId ? eq(photo.placeId, filter.placeId) : undefined,
      ),
    )
    .orderBy(asc(photo.position), asc(photo.id));
}

/** An itinerary's attachments with their files, oldest first (of a place when named). */
export function listAttachments(
  db: Executor,
  itineraryId: string,
  filter: { placeId?: string | undefined; withPrivate: boolean },
) {
  return db
    .select({ attachment, file: fileObject })
    .from(attachment)
    .innerJoin(fileObject, eq(fileObject.id, attachment.fileId))
    .where(
      and(
        eq(attachment.itineraryId, itineraryId),
        filter.placeId ? eq(attachment.placeId, filter.placeId) : undefined,
        filter.withPrivate ? undefined : eq(attachment.private, false),
      ),
    )
    .orderBy(asc(attachment.createdAt), asc(attachment.id));
}
