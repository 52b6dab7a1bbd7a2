import { idSchema } from '@jammy/shared/ids';
import { moveSchema, versionOnlySchema } from '@jammy/shared/itineraries';
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
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Writer } from '../itineraries/access';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { authorizeReader } from '../itineraries/access';
import {
  addAttachment,
  changeAttachment,
  listAttachmentsFor,
  readAttachment,
  removeAttachment,
  type AttachmentWithFile,
} from './attachments.service';
import { presentAttachment, presentPhoto } from './media.presenter';
import {
  addPhoto,
  changePhoto,
  listPhotosFor,
  movePhoto,
  readPhoto,
  removePhoto,
  type PhotoWithFile,
} from './photos.service';

const PHOTOS = '/api/itineraries/:id/photos';
const PHOTO = `${PHOTOS}/:photoId`;
const ATTACHMENTS = '/api/itineraries/:id/attachments';
const ATTACHMENT = `${ATTACHMENTS}/:attachmentId`;
const tripParams = z.object({ id: idSchema });
const photoParams = tripParams.extend({ photoId: idSchema });
const attachmentParams = tripParams.extend({ attachmentId: idSchema });
/** The lists are read by members and by share-link holders alike. */
const shareable: { security: Record<string, string[]>[] } = { security: [{ session: [] }, {}] };
const listOf = (item: z.ZodType) =>
  replies({ 200: z.object({ items: z.array(item), nextCursor: z.null() }) }, [401, 404]);
const writeErrors = [401, 403, 404, 409] as const;
/** A delete: the version read may come in the body (or as If-Match); 204 once it is gone. */
const versionedDelete = {
  body: versionOnlySchema.nullish(),
  response: replies({ 204: noContent }, writeErrors),
};

const photoOf = ({ photo, file }: PhotoWithFile) => presentPhoto(photo, file);
const attachmentOf = ({ attachment, file }: AttachmentWithFile) =>
  presentAttachment(attachment, file);

/**
 * Photos (the galleries of a trip's stages and places, and of the trip itself) and
 * attachments (the documents kept with a trip or one of its places: tickets, bookings).
 */
export function mediaRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  /** Who writes, and the version their write is based on (`version`, else If-Match). */
  async function writerOf(request: FastifyRequest, version: number | undefined) {
    const { user, token } = await requireSession(sessions, request);
    const writer: Writer = token ? { id: user.id, via: token.name } : { id: user.id };
    return { writer, expected: expectedVersion(request, version) };
  }

  app.get(
    PHOTOS,
    {
      schema: {
        tags: ['photos'],
        summary: 'Photos in order (of a stage or a place with ?stageId= or ?placeId=)',
        params: tripParams,
        querystring: photosQuerySchema.extend({ share: shareTokenSchema.optional() }),
        ...shareable,
        response: listOf(photoSchema),
      },
    },
    async (request) => {
      const { share, ...filter } = request.query;
      const reader = await authorizeReader(db, sessions, request, request.params.id, share);
      return { items: (await listPhotosFor(db, reader, filter)).map(photoOf), nextCursor: null };
    },
  );

  app.post(
    PHOTOS,
    {
      schema: {
        tags: ['photos'],
        summary:
          'Add an uploaded photo to the gallery of the trip, a stage or a place (at the end)',
        params: tripParams,
        body: createPhotoSchema,
        response: replies({ 201: photoSchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { writer } = await writerOf(request, undefined);
      const added = await addPhoto(db, writer, request.params.id, request.body);
      return reply.status(201).send(photoOf(added));
    },
  );

  app.get(
    PHOTO,
    {
      schema: {
        tags: ['photos'],
        summary: 'One photo',
        params: photoParams,
        response: replies({ 200: photoSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return photoOf(await readPhoto(db, user.id, request.params));
    },
  );

  app.patch(
    PHOTO,
    {
      schema: {
        tags: ['photos'],
        summary: 'Change a photo’s caption, or move it to another stage or place',
        params: photoParams,
        body: updatePhotoSchema,
        response: replies({ 200: photoSchema }, writeErrors),
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const { writer, expected } = await writerOf(request, version);
      return photoOf(await changePhoto(db, writer, request.params, changes, expected));
    },
  );

  app.delete(
    PHOTO,
    {
      schema: {
        tags: ['photos'],
        summary: 'Delete a photo (and its file)',
        params: photoParams,
        ...versionedDelete,
      },
    },
    async (request, reply) => {
      const { writer, expected } = await writerOf(request, request.body?.version);
      await removePhoto(db, writer, request.params, expected);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${PHOTO}/move`,
    {
      schema: {
        tags: ['photos'],
        summary: 'Move a photo after another of the same gallery (afterId null: first)',
        params: photoParams,
        body: moveSchema,
        response: replies({ 200: photoSchema }, writeErrors),
      },
    },
    async (request) => {
      const { afterId, version } = request.body;
      const { writer, expected } = await writerOf(request, version);
      return photoOf(await movePhoto(db, writer, request.params, afterId, expected));
    },
  );

  app.get(
    ATTACHMENTS,
    {
      schema: {
        tags: ['attachments'],
        summary: 'Attachments (through a share link: only those not private)',
        params: tripParams,
        querystring: attachmentsQuerySchema.extend({ share: shareTokenSchema.optional() }),
        ...shareable,
        response: listOf(attachmentSchema),
      },
    },
    async (request) => {
      const { share, placeId } = request.query;
      const reader = await authorizeReader(db, sessions, request, request.params.id, share);
      const attachments = await listAttachmentsFor(db, reader, { placeId });
      return { items: attachments.map(attachmentOf), nextCursor: null };
    },
  );

  app.post(
    ATTACHMENTS,
    {
      schema: {
        tags: ['attachments'],
        summary: 'Attach an uploaded document (a PDF or a photo) to the trip or a place',
        params: tripParams,
        body: createAttachmentSchema,
        response: replies({ 201: attachmentSchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { writer } = await writerOf(request, undefined);
      const created = await addAttachment(db, writer, request.params.id, request.body);
      return reply.status(201).send(attachmentOf(created));
    },
  );

  app.get(
    ATTACHMENT,
    {
      schema: {
        tags: ['attachments'],
        summary: 'One attachment',
        params: attachmentParams,
        response: replies({ 200: attachmentSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return attachmentOf(await readAttachment(db, user.id, request.params));
    },
  );

  app.patch(
    ATTACHMENT,
    {
      schema: {
        tags: ['attachments'],
        summary: 'Rename an attachment, move it to another place, or share it through links',
        params: attachmentParams,
        body: updateAttachmentSchema,
        response: replies({ 200: attachmentSchema }, writeErrors),
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      const { writer, expected } = await writerOf(request, version);
      return attachmentOf(await changeAttachment(db, writer, request.params, changes, expected));
    },
  );

  app.delete(
    ATTACHMENT,
    {
      schema: {
        tags: ['attachments'],
        summary: 'Delete an attachment (and its file)',
        params: attachmentParams,
        ...versionedDelete,
      },
    },
    async (request, reply) => {
      const { writer, expected } = await writerOf(request, request.body?.version);
      await removeAttachment(db, writer, request.params, expected);
      return reply.status(204).send(null);
    },
  );
}
