import {
  attachmentSchema,
  attachmentsQuerySchema,
  createAttachmentSchema,
  createPhotoSchema,
  photoSchema,
  photosQuerySchema,
  updateAttachmentSchema,
  updatePhotoSchema,
} from '@jammy/shared/media';
import { baseName } from '@jammy/shared/storage';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { attachment, photo } from '../../db/schema/files';
import { fileObject } from '../../db/schema/itineraries';
import { AppError, invalidField } from '../../lib/errors';
import { findItineraryObject, type FileObjectRow } from './objects.repository';
import { childRoutes, lastPosition } from '../itineraries/child-routes';
import { places, stages } from '../itineraries/content.routes';
import { presentAttachment, presentPhoto } from '../itineraries/presenters';
import { rowStore } from '../itineraries/row-store';

export const photos = rowStore(photo, { scope: photo.itineraryId, position: photo.position });
export const attachments = rowStore(attachment, { scope: attachment.itineraryId });

type PhotoRow = typeof photo.$inferSelect;

/** Photos of one stage, one place, or of the trip itself: the siblings a photo is ordered among. */
function sameOwner(owner: { stageId: string | null; placeId: string | null }): SQL | undefined {
  return and(
    owner.stageId === null ? isNull(photo.stageId) : eq(photo.stageId, owner.stageId),
    owner.placeId === null ? isNull(photo.placeId) : eq(photo.placeId, owner.placeId),
  );
}

async function fileOf(tx: Executor, id: string): Promise<FileObjectRow> {
  const [row] = await tx.select().from(fileObject).where(eq(fileObject.id, id));
  if (!row) throw new Error(`The file ${id} of a photo or attachment is missing`);
  return row;
}

/**
 * The uploaded file a request names: an object of this itinerary, of the right kind, not yet
 * used by another photo or attachment; 400 naming `path` otherwise.
 */
async function uploadedFile(
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
  const [photoUse] = await tx.select({ id: photo.id }).from(photo).where(eq(photo.fileId, file.id));
  const [attachmentUse] = await tx
    .select({ id: attachment.id })
    .from(attachment)
    .where(eq(attachment.fileId, file.id));
  if (photoUse || attachmentUse) throw invalidField('path', 'is already a photo or an attachment');
  return file;
}

async function checkOwner(
  tx: Executor,
  itineraryId: string,
  owner: { stageId?: string | null; placeId?: string | null },
) {
  if (owner.stageId && !(await stages.find(tx, itineraryId, owner.stageId))) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
  if (owner.placeId && !(await places.find(tx, itineraryId, owner.placeId))) {
    throw invalidField('placeId', 'is not a place of this itinerary');
  }
}

/** Photos (galleries of stages, places and the trip) and attachments (tickets, bookings). */
export function mediaRoutes(app: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const { db } = deps;

  childRoutes(app, deps, {
    tag: 'photos',
    noun: 'photo',
    path: '/api/itineraries/:id/photos',
    idParam: 'photoId',
    store: photos,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('photo/not-found', 'There is no such photo in this itinerary'),
    schema: photoSchema,
    present: async (row) => presentPhoto(row, await fileOf(db, row.fileId)),
    event: 'photo',
    describe: (row) => ({
      photoId: row.id,
      stageId: row.stageId,
      placeId: row.placeId,
      title: row.caption,
    }),
    list: {
      summary: 'Photos in order (of a stage or a place with ?stageId= or ?placeId=)',
      shareable: true,
      querystring: photosQuerySchema,
      load: async ({ itineraryId }, { stageId, placeId }) => {
        const rows = await db
          .select({ photo, file: fileObject })
          .from(photo)
          .innerJoin(fileObject, eq(fileObject.id, photo.fileId))
          .where(
            and(
              eq(photo.itineraryId, itineraryId),
              stageId ? eq(photo.stageId, stageId) : undefined,
              placeId ? eq(photo.placeId, placeId) : undefined,
            ),
          )
          .orderBy(asc(photo.position), asc(photo.id));
        return rows.map((row) => presentPhoto(row.photo, row.file));
      },
    },
    create: {
      summary: 'Add an uploaded photo to the gallery of the trip, a stage or a place (at the end)',
      body: createPhotoSchema,
      values: async (tx, input, { itinerary }) => {
        const owner = { stageId: input.stageId ?? null, placeId: input.placeId ?? null };
        await checkOwner(tx, itinerary.id, owner);
        const file = await uploadedFile(tx, itinerary.id, input.path, 'photo');
        return {
          itineraryId: itinerary.id,
          ...owner,
          fileId: file.id,
          caption: input.caption ?? '',
          position: await lastPosition(tx, photos, itinerary.id, sameOwner(owner)),
        };
      },
    },
    update: {
      summary: 'Change a photo’s caption, or move it to another stage or place',
      body: updatePhotoSchema,
      values: async (tx, changes, current: PhotoRow, { itinerary }) => {
        if (changes.stageId === undefined && changes.placeId === undefined) return changes;
        // Naming one owner leaves the other: a photo belongs to one stage or place at most.
        const owner = {
          stageId: changes.stageId ?? (changes.placeId ? null : current.stageId),
          placeId: changes.placeId ?? (changes.stageId ? null : current.placeId),
        };
        await checkOwner(tx, itinerary.id, owner);
        return {
          ...changes,
          ...owner,
          position: await lastPosition(tx, photos, itinerary.id, sameOwner(owner)),
        };
      },
    },
    remove: { summary: 'Delete a photo (and its file)' },
    move: {
      summary: 'Move a photo after another of the same gallery (afterId null: first)',
      among: async (_tx, current) => ({ where: sameOwner(current) }),
    },
  });

  childRoutes(app, deps, {
    tag: 'attachments',
    noun: 'attachment',
    path: '/api/itineraries/:id/attachments',
    idParam: 'attachmentId',
    store: attachments,
    scopeKey: 'itineraryId',
    notFound: () =>
      new AppError('attachment/not-found', 'There is no such attachment in this itinerary'),
    schema: attachmentSchema,
    present: async (row) => presentAttachment(row, await fileOf(db, row.fileId)),
    event: 'attachment',
    // Never a private attachment's title: events reach every member and the activity.
    describe: (row) => ({
      attachmentId: row.id,
      placeId: row.placeId,
      private: row.private,
      ...(row.private ? {} : { title: row.title }),
    }),
    list: {
      summary: 'Attachments (through a share link: only those not private)',
      shareable: true,
      querystring: attachmentsQuerySchema,
      load: async ({ itineraryId, member }, { placeId }) => {
        const rows = await db
          .select({ attachment, file: fileObject })
          .from(attachment)
          .innerJoin(fileObject, eq(fileObject.id, attachment.fileId))
          .where(
            and(
              eq(attachment.itineraryId, itineraryId),
              placeId ? eq(attachment.placeId, placeId) : undefined,
              member ? undefined : eq(attachment.private, false),
            ),
          )
          .orderBy(asc(attachment.createdAt), asc(attachment.id));
        return rows.map((row) => presentAttachment(row.attachment, row.file));
      },
    },
    create: {
      summary: 'Attach an uploaded document (a PDF or a photo) to the trip or a place',
      body: createAttachmentSchema,
      values: async (tx, input, { itinerary }) => {
        await checkOwner(tx, itinerary.id, { placeId: input.placeId });
        const file = await uploadedFile(tx, itinerary.id, input.path, 'document');
        return {
          itineraryId: itinerary.id,
          placeId: input.placeId ?? null,
          fileId: file.id,
          title: input.title || baseName(input.path),
          private: input.private ?? true,
        };
      },
    },
    update: {
      summary: 'Rename an attachment, move it to another place, or share it through links',
      body: updateAttachmentSchema,
      values: async (tx, changes, _current, { itinerary }) => {
        await checkOwner(tx, itinerary.id, { placeId: changes.placeId });
        return changes;
      },
    },
    remove: { summary: 'Delete an attachment (and its file)' },
  });
}
