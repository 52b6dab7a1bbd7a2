import { idSchema } from '@jammy/shared/ids';
import { moveSchema, versionOnlySchema } from '@jammy/shared/itineraries';
import {
  createPhotoSchema,
  photoSchema,
  photosQuerySchema,
  updatePhotoSchema,
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
import { presentPhoto } from './media.presenter';
import {
  addPhoto,
  changePhoto,
  listPhotosFor,
  movePhoto,
  readPhoto,
  removePhoto,
  type PhotoWithFile,
} from './photos.service';

const TAGS = ['photos'];
const PATH = '/api/itineraries/:id/photos';
const ITEM = `${PATH}/:photoId`;
const collectionParams = z.object({ id: idSchema });
const itemParams = collectionParams.extend({ photoId: idSchema });
const writeErrors = [401, 403, 404, 409] as const;

const present = ({ photo, file }: PhotoWithFile) => presentPhoto(photo, file);

/** Photos: the galleries of a trip's stages and places, and of the trip itself. */
export function photoRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    PATH,
    {
      schema: {
        tags: TAGS,
        summary: 'Photos in order (of a stage or a place with ?stageId= or ?placeId=)',
        params: collectionParams,
        querystring: photosQuerySchema.extend({ share: shareTokenSchema.optional() }),
        security: [{ session: [] }, {}],
        response: replies(
          { 200: z.object({ items: z.array(photoSchema), nextCursor: z.null() }) },
          [401, 404],
        ),
      },
    },
    async (request) => {
      const { share, ...filter } = request.query;
      const reader = await authorizeReader(db, sessions, request, request.params.id, share);
      const photos = await listPhotosFor(db, reader, filter);
      return { items: photos.map(present), nextCursor: null };
    },
  );

  app.post(
    PATH,
    {
      schema: {
        tags: TAGS,
        summary:
          'Add an uploaded photo to the gallery of the trip, a stage or a place (at the end)',
        params: collectionParams,
        body: createPhotoSchema,
        response: replies({ 201: photoSchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const photo = await addPhoto(db, user.id, request.params.id, request.body);
      return reply.status(201).send(present(photo));
    },
  );

  app.get(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'One photo',
        params: itemParams,
        response: replies({ 200: photoSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { id, photoId } = request.params;
      return present(await readPhoto(db, user.id, id, photoId));
    },
  );

  app.patch(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'Change a photo’s caption, or move it to another stage or place',
        params: itemParams,
        body: updatePhotoSchema,
        response: replies({ 200: photoSchema }, writeErrors),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { id, photoId } = request.params;
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return present(await changePhoto(db, user.id, id, photoId, changes, expected));
    },
  );

  app.delete(
    ITEM,
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a photo (and its file)',
        params: itemParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, writeErrors),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { id, photoId } = request.params;
      const expected = expectedVersion(request, request.body?.version);
      await removePhoto(db, user.id, id, photoId, expected);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${ITEM}/move`,
    {
      schema: {
        tags: TAGS,
        summary: 'Move a photo after another of the same gallery (afterId null: first)',
        params: itemParams,
        body: moveSchema,
        response: replies({ 200: photoSchema }, writeErrors),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { id, photoId } = request.params;
      const expected = expectedVersion(request, request.body.version);
      return present(await movePhoto(db, user.id, id, photoId, request.body.afterId, expected));
    },
  );
}
