import { baseName } from '@jammy/shared/storage';
import type { createAttachmentSchema, updateAttachmentSchema } from '@jammy/shared/media';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Reader } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/content.repository';
import { presentAttachment } from './media.presenter';
import { attachments, fileOf, listAttachments, type AttachmentRow } from './media.repository';
import { checkOwner, readerOf, uploadedFile } from './media.service';
import type { FileObjectRow } from './objects.repository';

/** An attachment with its file: what the presenter shows. */
export interface AttachmentWithFile {
  attachment: AttachmentRow;
  file: FileObjectRow;
}

// Attachments keep no order among themselves: their writes hold the itinerary shared
// (`FOR KEY SHARE`), and other such writers go on at once.
const SHARED = { shared: true };

function attachmentNotFound(): AppError {
  return new AppError('attachment/not-found', 'There is no such attachment in this itinerary');
}

async function withFile(db: Db, row: AttachmentRow): Promise<AttachmentWithFile> {
  return { attachment: row, file: await fileOf(db, row.fileId) };
}

/** The data of an attachment's events: never a private one's title (events reach every member and the activity). */
function describe(row: AttachmentRow) {
  return {
    attachmentId: row.id,
    placeId: row.placeId,
    private: row.private,
    ...(row.private ? {} : { title: row.title }),
  };
}

async function currentAttachment(db: Db, itineraryId: string, id: string): Promise<AttachmentRow> {
  const row = await attachments.find(db, itineraryId, id);
  if (!row) throw attachmentNotFound();
  return row;
}

/** A write matched no row: gone meanwhile (404), or changed meanwhile (409 with it as it is). */
async function missed(db: Db, itineraryId: string, id: string): Promise<AppError> {
  const fresh = await attachments.find(db, itineraryId, id);
  if (!fresh) return attachmentNotFound();
  return conflict(presentAttachment(fresh, await fileOf(db, fresh.fileId)));
}

/** The attachments a reader may see: a share-link holder only those not private. */
export async function listAttachmentsFor(
  db: Db,
  reader: Reader,
  filter: { placeId?: string | undefined },
): Promise<AttachmentWithFile[]> {
  const { itineraryId, member } = readerOf(reader);
  const rows = await listAttachments(db, itineraryId, { ...filter, withPrivate: member });
  return rows.map((row) => ({ attachment: row.attachment, file: row.file }));
}

/** One attachment of an itinerary the traveller may read. */
export async function readAttachment(
  db: Db,
  userId: string,
  itineraryId: string,
  attachmentId: string,
): Promise<AttachmentWithFile> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'read');
  return withFile(db, await currentAttachment(db, itinerary.id, attachmentId));
}

/**
 * Attaches an uploaded document (a PDF or a photo) to the trip or a place. The traveller's
 * right is checked under the itinerary's lock only, so a stranger never holds it alone.
 */
export async function addAttachment(
  db: Db,
  userId: string,
  itineraryId: string,
  input: z.output<typeof createAttachmentSchema>,
): Promise<AttachmentWithFile> {
  const row = await changeWithEvent(
    db,
    { itineraryId, actorId: userId },
    async (tx) => {
      await checkOwner(tx, itineraryId, { placeId: input.placeId });
      const file = await uploadedFile(tx, itineraryId, input.path, 'document');
      return attachments.insert(tx, {
        itineraryId,
        placeId: input.placeId ?? null,
        fileId: file.id,
        title: input.title || baseName(input.path),
        private: input.private ?? true,
      });
    },
    (created) => ({ kind: 'attachment.created', data: describe(created) }),
    SHARED,
  );
  return withFile(db, row);
}

/** Renames an attachment, moves it to another place, or shares it through links (or not). */
export async function changeAttachment(
  db: Db,
  userId: string,
  itineraryId: string,
  attachmentId: string,
  changes: Omit<z.output<typeof updateAttachmentSchema>, 'version'>,
  expectedVersion: number | undefined,
): Promise<AttachmentWithFile> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'write');
  const current = await currentAttachment(db, itinerary.id, attachmentId);
  const row = await changeWithEvent(
    db,
    { itineraryId: itinerary.id, actorId: userId },
    async (tx) => {
      await checkOwner(tx, itinerary.id, { placeId: changes.placeId });
      return attachments.update(tx, itinerary.id, current.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'attachment.updated',
      data: { ...describe(updated), fields: Object.keys(changes) },
    }),
    SHARED,
  );
  if (!row) throw await missed(db, itinerary.id, current.id);
  return withFile(db, row);
}

/** Deletes an attachment (its file goes with it, by trigger). */
export async function removeAttachment(
  db: Db,
  userId: string,
  itineraryId: string,
  attachmentId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'write');
  const current = await currentAttachment(db, itinerary.id, attachmentId);
  const deleted = await changeWithEvent(
    db,
    { itineraryId: itinerary.id, actorId: userId },
    (tx) => attachments.remove(tx, itinerary.id, current.id, expectedVersion),
    () => ({ kind: 'attachment.deleted', data: describe(current) }),
    SHARED,
  );
  if (!deleted) throw await missed(db, itinerary.id, current.id);
}
