import type { Attachment, Photo } from '@jammy/shared/media';
import type { AttachmentRow, PhotoRow } from './media.repository';
import type { FileObjectRow } from './objects.repository';
import { presentFileRef } from './storage.presenter';

export function presentPhoto(row: PhotoRow, file: FileObjectRow): Photo {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    stageId: row.stageId,
    placeId: row.placeId,
    caption: row.caption,
    position: row.position,
    file: presentFileRef(file),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentAttachment(row: AttachmentRow, file: FileObjectRow): Attachment {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    placeId: row.placeId,
    title: row.title,
    private: row.private,
    file: presentFileRef(file),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
