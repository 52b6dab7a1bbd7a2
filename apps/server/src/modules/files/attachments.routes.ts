import { idSchema } from '@jammy/shared/ids';
import { versionOnlySchema } from '@jammy/shared/itineraries';
import {
  attachmentSchema,
  attachmentsQuerySchema,
  createAttachmentSchema,
  updateAttachmentSchema,
} from '@jammy/shared/media';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
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
import { presentAttachment } from './media.presenter';

const TAGS = ['attachments'];
const PATH = '/api/itineraries/:id/attachments';
const ITEM = `${PATH}/:attachmentId`;
const collectionParams = z.object({ id: idSchema });
const itemParams = collectionParams.extend({ attachmentId: idSchema });
const writeErrors = [401, 403, 404, 409] as const;

const present = ({ attachment, file }: AttachmentWithFile) => presentAttachment(attachment, file);

/** Attachments: the documents kept with a trip or one of its places (tickets, bookings). */
export function attachmentRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Attachments (through a share link: only those not private)',
        params: collectionParams,
        querystring: attachmentsQuerySchema.extend({ share: shareTokenSchema.optional() }),
        security: [{ session: [] }, {}],
        response: replies(
          { 200: z.object({ items: z.array(attachmentSchema), nextCursor: z.null() }) },
          [401, 404],
        ),
      },
    },
    async (request) => {
      const { share, ...filter } = request.query;
      const reader = await authorizeReader(db, sessions, request, request.params.id, share);
      const attachments = await listAttachmentsFor(db, reader, filter);
      return { items: attachments.map(present), nextCursor: null };
    },
  );

  app.post(
    PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Attach an uploaded document (a PDF or a photo) to the trip or a place',
        params: collectionParams,
        body: createAttachmentSchema,
        response: replies({ 201: attachmentSchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const attachment = await addAttachment(db, user.id, request.params.id, request.body);
      return reply.status(201).send(present(attachment));
    },
  );

  app.get(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'One attachment',
        params: itemParams,
        response: replies({ 200: attachmentSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { id, attachmentId } = request.params;
      return present(await readAttachment(db, user.id, id, attachmentId));
    },
  );

  app.patch(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'Rename an attachment, move it to another place, or share it through links',
        params: itemParams,
        body: updateAttachmentSchema,
        response: replies({ 200: attachmentSchema }, writeErrors),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { id, attachmentId } = request.params;
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return present(await changeAttachment(db, user.id, id, attachmentId, changes, expected));
    },
  );

  app.delete(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'Delete an attachment (and its file)',
        params: itemParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, writeErrors),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { id, attachmentId } = request.params;
      const expected = expectedVersion(request, request.body?.version);
      await removeAttachment(db, user.id, id, attachmentId, expected);
      return reply.status(204).send(null);
    },
  );
}
