import { idSchema } from '@jammy/shared/ids';
import { pageSchema } from '@jammy/shared/fields';
import {
  TRASH_RETENTION_DAYS,
  createItinerarySchema,
  itinerarySchema,
  itinerarySummarySchema,
  itineraryTreeSchema,
  listItinerariesQuerySchema,
  updateItinerarySchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';
import { notModified, sendDocument } from '../../lib/http-cache';
import type { DocumentCache } from './document-cache';
import { AppError, invalidField } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { changeWithEvent } from './content.repository';
import { authorize, authorizeLink } from './access';
import { readItineraryDocument, readSharedItineraryDocument } from './itinerary-document';
import {
  createItinerary,
  decodeCursor,
  listItineraries,
  setTrashed,
  updateItinerary,
} from './itineraries.repository';
import { presentItinerary } from './presenters';
import type { ItineraryRow } from './access';
import type { ItineraryChanges } from './itineraries.repository';
import {
  deleteUnusedCover,
  findItineraryObject,
  findObjectById,
} from '../../storage/storage.repository';

export const itineraryParams = z.object({ id: idSchema });
/** `?share=<token>`: a read through a share link (the itinerary and its non-private notes). */
export const shareQuery = z.object({ share: shareTokenSchema.optional() });
const TAGS = ['itineraries'];

/** /api/itineraries: the caller's trips, one trip's whole tree, and the trash. */
export function itineraryRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; documents: DocumentCache; sweepFiles?: () => void },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, documents } = deps;
  const coverOf = async (row: ItineraryRow) =>
    row.coverFileId ? ((await findObjectById(db, row.coverFileId)) ?? null) : null;

  app.get(
    '/api/itineraries',
    {
      schema: {
        tags: TAGS,
        summary: 'My itineraries and those shared with me',
        querystring: listItinerariesQuerySchema,
        response: replies({ 200: pageSchema(itinerarySummarySchema) }, [401]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const query = request.query;
      const cursor = decodeCursor(query.cursor, query.sort);
      if (cursor === 'invalid') throw invalidField('cursor', 'is not a cursor of this list');
      const page = await listItineraries(db, {
        userId: user.id,
        q: query.q,
        sort: query.sort,
        cursor,
        limit: query.limit,
        trash: query.trash === 'true',
      });
      return {
        items: page.rows.map((row) => ({
          ...presentItinerary(row.itinerary, row.role, row.cover),
          stageCount: row.stageCount,
          placeCount: row.placeCount,
          stagesStartDate: row.stagesStartDate,
          stagesEndDate: row.stagesEndDate,
        })),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.post(
    '/api/itineraries',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an itinerary (with the client’s id when made offline: 409 if taken)',
        body: createItinerarySchema,
        response: replies({ 201: itinerarySchema }, [401, 409]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const row = await createItinerary(db, user.id, request.body);
      return reply.status(201).send(presentItinerary(row, 'owner'));
    },
  );

  app.get(
    '/api/itineraries/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'An itinerary with its stages and places, in order (members, or anyone with ?share=<token>)',
        params: itineraryParams,
        querystring: shareQuery,
        security: [{ session: [] }, {}],
        response: replies({ 200: itineraryTreeSchema, 304: notModified }, [401, 404]),
      },
      // The document is sent in the form the client prefers, compressed once and kept
      // (sendDocument); its errors are too small to compress.
      compress: false,
    },
    (request, reply) => {
      // A member's read that this process can answer from memory is answered at once,
      // without a promise; any other reads the session and the document as they come.
      const known = sessions.known(request);
      const cached = known && documents.get(request.params.id, known.user.id);
      if (cached) {
        sendDocument(request, reply, cached);
        return;
      }
      const read = async () => {
        const { share } = request.query;
        const itineraryId = request.params.id;
        const current = await sessions.find(request);
        if (!current && share === undefined) {
          throw new AppError('auth/unauthenticated', 'Sign in to continue');
        }
        let document = current
          ? await documents.load(itineraryId, current.user.id, () =>
              readItineraryDocument(db, itineraryId, current.user.id),
            )
          : undefined;
        if (!document && share !== undefined) {
          await authorizeLink(db, itineraryId, share);
          document = await documents.load(itineraryId, undefined, () =>
            readSharedItineraryDocument(db, itineraryId),
          );
        }
        if (!document) throw new AppError('itinerary/not-found', 'There is no such itinerary');
        sendDocument(request, reply, document);
      };
      return read();
    },
  );

  app.patch(
    '/api/itineraries/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change an itinerary',
        params: itineraryParams,
        body: updateItinerarySchema,
        response: replies({ 200: itinerarySchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, request.params.id, user.id, 'write');
      const { version, coverPath, ...fields } = request.body;
      const changes: ItineraryChanges = { ...fields };
      if (coverPath !== undefined)
        changes.coverFileId = await coverFileOf(access.itinerary.id, coverPath);
      const merged = { ...access.itinerary, ...changes };
      if (merged.startDate && merged.endDate && merged.endDate < merged.startDate) {
        throw new AppError('request/invalid', 'endDate: must not be before startDate', {
          issues: [{ field: 'endDate', message: 'must not be before startDate' }],
        });
      }
      const expected = expectedVersion(request, version);
      const row = await changeWithEvent(
        db,
        { itineraryId: access.itinerary.id, actorId: user.id },
        (tx) => updateItinerary(tx, access.itinerary.id, changes, expected),
        (updated) => ({
          kind: 'itinerary.updated',
          data: {
            title: updated.title,
            fields: Object.keys(request.body).filter((field) => field !== 'version'),
          },
        }),
        { touch: false },
      );
      if (!row) {
        throw conflict(
          presentItinerary(access.itinerary, access.role, await coverOf(access.itinerary)),
        );
      }
      const oldCover = access.itinerary.coverFileId;
      if (oldCover && oldCover !== row.coverFileId) {
        await deleteUnusedCover(db, oldCover);
        deps.sweepFiles?.();
      }
      return presentItinerary(row, access.role, await coverOf(row));
    },
  );

  app.delete(
    '/api/itineraries/:id',
    {
      schema: {
        tags: TAGS,
        summary: `Move an itinerary to the trash (restorable for ${TRASH_RETENTION_DAYS} days)`,
        params: itineraryParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 200: itinerarySchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, request.params.id, user.id, 'own');
      const version = expectedVersion(request, request.body?.version);
      if (version !== undefined && version !== access.itinerary.version) {
        throw conflict(
          presentItinerary(access.itinerary, access.role, await coverOf(access.itinerary)),
        );
      }
      const row = await changeWithEvent(
        db,
        { itineraryId: access.itinerary.id, actorId: user.id },
        (tx) => setTrashed(tx, access.itinerary.id, true),
        (trashed) => ({ kind: 'itinerary.trashed', data: { title: trashed.title } }),
        { touch: false, requires: 'own' },
      );
      if (!row) throw new AppError('itinerary/not-found', 'There is no such itinerary');
      return presentItinerary(row, access.role, await coverOf(row));
    },
  );

  app.post(
    '/api/itineraries/:id/restore',
    {
      schema: {
        tags: TAGS,
        summary: 'Restore an itinerary from the trash',
        params: itineraryParams,
        response: replies({ 200: itinerarySchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, request.params.id, user.id, 'own', {
        includeTrashed: true,
      });
      if (!access.itinerary.deletedAt) {
        return presentItinerary(access.itinerary, access.role, await coverOf(access.itinerary));
      }
      const row = await changeWithEvent(
        db,
        { itineraryId: access.itinerary.id, actorId: user.id },
        (tx) => setTrashed(tx, access.itinerary.id, false),
        (restored) => ({ kind: 'itinerary.restored', data: { title: restored.title } }),
        { touch: false, requires: 'own', includeTrashed: true },
      );
      if (!row) throw new AppError('itinerary/not-found', 'There is no such itinerary');
      return presentItinerary(row, access.role, await coverOf(row));
    },
  );

  /** The file a cover path names: a photo uploaded to this itinerary; 400 otherwise. */
  async function coverFileOf(itineraryId: string, path: string | null): Promise<string | null> {
    if (path === null) return null;
    const file = await findItineraryObject(db, itineraryId, path);
    if (!file || !file.contentType.startsWith('image/')) {
      throw invalidField('coverPath', 'is not a photo uploaded to this itinerary');
    }
    return file.id;
  }
}
