import { baseName } from '@jammy/shared/storage';
import type { createAttachmentSchema, updateAttachmentSchema } from '@jammy/shared/media';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Writer, type Reader } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { presentAttachment } from './media.presenter';
import { attachments, fileOf, listAttachments, type AttachmentRow } from './media.repository';
import { checkOwner, readerOf, uploadedFile } from './media.service';
import type { FileObjectRow } from './objects.repository';

/** Which attachment: of which itinerary (the address's `id`), and its own id. */
export interface AttachmentAddress {
  id: string;
  attachmentId: string;
}

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

/** An attachment the traveller may change: the trip checked (stranger 404, viewer 403), then it. */
async function attachmentToChange(db: Db, writer: Writer, address: AttachmentAddress) {
  const { itinerary } = await authorize(db, address.id, writer.id, 'write');
  return {
    target: { itineraryId: itinerary.id, actorId: writer.id, via: writer.via },
    current: await currentAttachment(db, itinerary.id, address.attachmentId),
  };
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
  address: AttachmentAddress,
): Promise<AttachmentWithFile> {
  const { itinerary } = await authorize(db, address.id, userId, 'read');
  return withFile(db, await currentAttachment(db, itinerary.id, address.attachmentId));
}

/**
 * Attaches an uploaded document (a PDF or a photo) to the trip or a place. The traveller's
 * right is checked under the itinerary's lock only, so a stranger never holds it alone.
 */
export async function addAttachment(
  db: Db,
  writer: Writer,
  itineraryId: string,
  input: z.output<typeof createAttachmentSchema>,
): Promise<AttachmentWithFile> {
  const row = await changeWithEvent(
    db,
    { itineraryId, actorId: writer.id, via: writer.via },
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
  writer: Writer,
  address: AttachmentAddress,
  changes: Omit<z.output<typeof updateAttachmentSchema>, 'version'>,
  expectedVersion: number | undefined,
): Promise<AttachmentWithFile> {
  const { target, current } = await attachmentToChange(db, writer, address);
  const row = await changeWithEvent(
    db,
    target,
    async (tx) => {
      await checkOwner(tx, target.itineraryId, { placeId: changes.placeId });
      return attachments.update(tx, target.itineraryId, current.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'attachment.updated',
      data: { ...describe(updated), fields: Object.keys(changes) },
    }),
    SHARED,
  );
  if (!row) throw await missed(db, target.itineraryId, current.id);
  return withFile(db, row);
}

/** Deletes an attachment (its file goes with it, by trigger). */
export async function removeAttachment(
  db: Db,
  writer: Writer,
  address: AttachmentAddress,
  expectedVersion: number | undefined,
): Promise<void> {
  const { target, current } = await attachmentToChange(db, writer, address);
  const deleted = await changeWithEvent(
    db,
    target,
    (tx) => attachments.remove(tx, target.itineraryId, current.id, expectedVersion),
    () => ({ kind: 'attachment.deleted', data: describe(current) }),
    SHARED,
  );
  if (!deleted) throw await missed(db, target.itineraryId, current.id);
}
