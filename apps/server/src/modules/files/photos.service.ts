import type { z } from 'zod';
import type { createPhotoSchema, updatePhotoSchema } from '@jammy/shared/media';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Writer, type Reader } from '../itineraries/access';
import { lastPosition, positionAfterSibling } from '../itineraries/child-rows';
import { changeWithEvent } from '../itineraries/change-with-event';
import { presentPhoto } from './media.presenter';
import { fileOf, listPhotos, photos, sameGallery, type PhotoRow } from './media.repository';
import { checkOwner, readerOf, uploadedFile } from './media.service';
import type { FileObjectRow } from './objects.repository';

/** Which photo: of which itinerary (the address's `id`), and its own id. */
export interface PhotoAddress {
  id: string;
  photoId: string;
}

/** A photo with its file: what the presenter shows. */
export interface PhotoWithFile {
  photo: PhotoRow;
  file: FileObjectRow;
}

function photoNotFound(): AppError {
  return new AppError('photo/not-found', 'There is no such photo in this itinerary');
}

async function withFile(db: Db, row: PhotoRow): Promise<PhotoWithFile> {
  return { photo: row, file: await fileOf(db, row.fileId) };
}

/** The data of a photo's events: ids and its caption. */
function describe(row: PhotoRow) {
  return { photoId: row.id, stageId: row.stageId, placeId: row.placeId, title: row.caption };
}

// Photos are ordered: their writes hold the itinerary alone (changeWithEvent's default), and
// writers computing a position take turns.

async function currentPhoto(db: Db, itineraryId: string, id: string): Promise<PhotoRow> {
  const row = await photos.find(db, itineraryId, id);
  if (!row) throw photoNotFound();
  return row;
}

/** A photo the traveller may change: the trip checked (stranger 404, viewer 403), then the photo. */
async function photoToChange(db: Db, writer: Writer, address: PhotoAddress) {
  const { itinerary } = await authorize(db, address.id, writer.id, 'write');
  return {
    target: { itineraryId: itinerary.id, actorId: writer.id, via: writer.via },
    current: await currentPhoto(db, itinerary.id, address.photoId),
  };
}

/**
 * A write matched no row: gone meanwhile (404), or changed meanwhile (409 with the photo as it
 * is now, so the client can show both).
 */
async function missed(db: Db, itineraryId: string, id: string): Promise<AppError> {
  const fresh = await photos.find(db, itineraryId, id);
  if (!fresh) return photoNotFound();
  return conflict(presentPhoto(fresh, await fileOf(db, fresh.fileId)));
}

/** The photos a reader may see (a member, or a share-link holder), in order. */
export async function listPhotosFor(
  db: Db,
  reader: Reader,
  filter: { stageId?: string | undefined; placeId?: string | undefined },
): Promise<PhotoWithFile[]> {
  const rows = await listPhotos(db, readerOf(reader).itineraryId, filter);
  return rows.map((row) => ({ photo: row.photo, file: row.file }));
}

/** One photo of an itinerary the traveller may read. */
export async function readPhoto(
  db: Db,
  userId: string,
  address: PhotoAddress,
): Promise<PhotoWithFile> {
  const { itinerary } = await authorize(db, address.id, userId, 'read');
  return withFile(db, await currentPhoto(db, itinerary.id, address.photoId));
}

/** Adds an uploaded photo to the gallery of the trip, a stage or a place, at its end. */
export async function addPhoto(
  db: Db,
  writer: Writer,
  itineraryId: string,
  input: z.output<typeof createPhotoSchema>,
): Promise<PhotoWithFile> {
  const { itinerary } = await authorize(db, itineraryId, writer.id, 'write');
  const row = await changeWithEvent(
    db,
    { itineraryId: itinerary.id, actorId: writer.id, via: writer.via },
    async (tx) => {
      const owner = { stageId: input.stageId ?? null, placeId: input.placeId ?? null };
      await checkOwner(tx, itinerary.id, owner);
      const file = await uploadedFile(tx, itinerary.id, input.path, 'photo');
      return photos.insert(tx, {
        itineraryId: itinerary.id,
        ...owner,
        fileId: file.id,
        caption: input.caption ?? '',
        position: await lastPosition(tx, photos, itinerary.id, sameGallery(owner)),
      });
    },
    (created) => ({ kind: 'photo.created', data: describe(created) }),
  );
  return withFile(db, row);
}

/**
 * Changes a photo's caption, or moves it to another stage or place (last there: naming one
 * owner leaves the other, a photo belongs to one stage or place at most).
 */
export async function changePhoto(
  db: Db,
  writer: Writer,
  address: PhotoAddress,
  changes: Omit<z.output<typeof updatePhotoSchema>, 'version'>,
  expectedVersion: number | undefined,
): Promise<PhotoWithFile> {
  const { target, current } = await photoToChange(db, writer, address);
  const row = await changeWithEvent(
    db,
    target,
    async (tx) => {
      if (changes.stageId === undefined && changes.placeId === undefined) {
        return photos.update(tx, target.itineraryId, current.id, changes, expectedVersion);
      }
      const owner = {
        stageId: changes.stageId ?? (changes.placeId ? null : current.stageId),
        placeId: changes.placeId ?? (changes.stageId ? null : current.placeId),
      };
      await checkOwner(tx, target.itineraryId, owner);
      const position = await lastPosition(tx, photos, target.itineraryId, sameGallery(owner));
      return photos.update(
        tx,
        target.itineraryId,
        current.id,
        { ...changes, ...owner, position },
        expectedVersion,
      );
    },
    (updated) => ({
      kind: 'photo.updated',
      data: { ...describe(updated), fields: Object.keys(changes) },
    }),
  );
  if (!row) throw await missed(db, target.itineraryId, current.id);
  return withFile(db, row);
}

/** Deletes a photo (its file goes with it, by trigger). */
export async function removePhoto(
  db: Db,
  writer: Writer,
  address: PhotoAddress,
  expectedVersion: number | undefined,
): Promise<void> {
  const { target, current } = await photoToChange(db, writer, address);
  const deleted = await changeWithEvent(
    db,
    target,
    (tx) => photos.remove(tx, target.itineraryId, current.id, expectedVersion),
    () => ({ kind: 'photo.deleted', data: describe(current) }),
  );
  if (!deleted) throw await missed(db, target.itineraryId, current.id);
}

/** Moves a photo right after another of the same gallery (null: first); one row is written. */
export async function movePhoto(
  db: Db,
  writer: Writer,
  address: PhotoAddress,
  afterId: string | null,
  expectedVersion: number | undefined,
): Promise<PhotoWithFile> {
  const { target, current } = await photoToChange(db, writer, address);
  const moved = await changeWithEvent(
    db,
    target,
    async (tx) => {
      const siblings = (await photos.siblings(tx, target.itineraryId, sameGallery(current))).filter(
        (sibling) => sibling.id !== current.id,
      );
      const position = positionAfterSibling(siblings, afterId);
      return photos.update(tx, target.itineraryId, current.id, { position }, expectedVersion);
    },
    (row) => ({ kind: 'photo.moved', data: { ...describe(row), afterId } }),
  );
  if (!moved) throw await missed(db, target.itineraryId, current.id);
  return withFile(db, moved);
}
