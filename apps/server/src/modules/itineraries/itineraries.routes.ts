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
import { hasSessionCookie } from '../../auth/session-cookie';
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';
import { notModified, sendDocument } from '../../lib/http-cache';
import { hashToken } from '../../lib/tokens';
import { expectedVersion } from '../../lib/versions';
import type { DocumentCache } from './document-cache';
import {
  changeItinerary,
  listMyItineraries,
  listPageKey,
  newItinerary,
  itineraryDocument,
  readListPage,
  restoreItinerary,
  trashItinerary,
} from './itineraries.service';
import { createListCache } from './list-cache';
import { callerOf, itineraryParams, shareQuery } from './route-parts';

const TAGS = ['itineraries'];

/** /api/itineraries: the caller's trips, one trip's whole tree, and the trash. */
export function itineraryRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; documents: DocumentCache; sweepFiles?: () => void },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, documents } = deps;
  // A quarter of the document cache's bound (DOCUMENT_CACHE_MB; 0 turns both off).
  const lists = createListCache(documents, documents.maxBytes / 4);

  app.get(
    '/api/itineraries',
    {
      schema: {
        tags: TAGS,
        summary: 'My itineraries and those shared with me',
        querystring: listItinerariesQuerySchema,
        response: replies({ 200: pageSchema(itinerarySummarySchema), 304: notModified }, [401]),
      },
      // Kept pages are sent in the form the client prefers, compressed once (sendDocument).
      compress: false,
    },
    (request, reply) => {
      // A page this process keeps for a known session is answered at once, without a promise.
      const key = listPageKey(request.query);
      const known = sessions.known(request);
      const cached = known && !known.token?.trips && lists.get(known.user.id, key);
      if (cached) {
        sendDocument(request, reply, cached);
        return;
      }
      const read = async () => {
        const { user, token } = await requireSession(sessions, request);
        // A token limited to chosen trips lists only those: its pages are not kept.
        if (token?.trips) {
          return reply
            .header('cache-control', 'no-store')
            .send(await listMyItineraries(db, user.id, request.query, token.trips));
        }
        const page = await lists.load(user.id, key, () => readListPage(db, user.id, request.query));
        sendDocument(request, reply, page);
      };
      return read();
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
      const created = await newItinerary(db, user.id, request.body);
      // Its creator's next read of their list shows it, even before the NOTIFY comes back.
      lists.forget(user.id);
      return reply.status(201).send(created);
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
      // without a promise, and so is a share-link holder's without an account; any other
      // reads the session and the document as they come.
      const known = sessions.known(request);
      const { share } = request.query;
      const cached =
        (known && documents.get(request.params.id, known.user.id)) ||
        (share !== undefined && !hasSessionCookie(request.cookies)
          ? documents.getShared(request.params.id, hashToken(share))
          : undefined);
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
