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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';
import { notModified, sendDocument } from '../../lib/http-cache';
import { expectedVersion } from '../../lib/versions';
import type { DocumentCache } from './document-cache';
import {
  changeItinerary,
  listMyItineraries,
  newItinerary,
  itineraryDocument,
  restoreItinerary,
  trashItinerary,
} from './itineraries.service';
import { callerOf, itineraryParams, shareQuery } from './route-parts';

const TAGS = ['itineraries'];

/** /api/itineraries: the caller's trips, one trip's whole tree, and the trash. */
export function itineraryRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; documents: DocumentCache; sweepFiles?: () => void },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, documents } = deps;

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
      return listMyItineraries(db, user.id, request.query);
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
      return reply.status(201).send(await newItinerary(db, user.id, request.body));
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
        const current = await sessions.find(request);
        const viewer = current ? current.user.id : undefined;
        const document = await itineraryDocument(
          db,
          documents,
          request.params.id,
          viewer,
          request.query.share,
        );
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
      const caller = await callerOf(sessions, request, request.params.id);
      const { version, ...input } = request.body;
      const expected = expectedVersion(request, version);
      return changeItinerary(db, caller, input, expected, deps.sweepFiles);
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
      const caller = await callerOf(sessions, request, request.params.id);
      return trashItinerary(db, caller, expectedVersion(request, request.body?.version));
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
      const caller = await callerOf(sessions, request, request.params.id);
      return restoreItinerary(db, caller);
    },
  );
}
