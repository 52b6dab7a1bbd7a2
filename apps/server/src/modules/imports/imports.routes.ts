import { idSchema } from '@jammy/shared/ids';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MEDIA_TYPES,
  importBatchSchema,
  importPreviewSchema,
  importQuerySchema,
  lookupRequestSchema,
  lookupResultSchema,
  newItineraryImportQuerySchema,
  stageRoutesSchema,
  type ImportContent,
} from '@jammy/shared/imports';
import { LANGUAGES } from '@jammy/shared/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { GeocoderConfig } from '../../config/services';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { sharedGazetteer } from '../geo/gazetteer';
import { createGeocoder } from '../geo/geocoder';
import { authorizeReader } from '../itineraries/access';
import { itineraryParams, shareQuery } from '../itineraries/route-parts';
import { createImportReader } from './import-reader';
import {
  importAsNewItinerary,
  importIntoItinerary,
  importOptions,
  importTarget,
  lookUpPasted,
  readImportBatch,
  stageRoutesFor,
  undoImport,
} from './imports.service';
import { formatOf, SNIFFED_MEDIA_TYPES, unsupportedType, type ReadOptions } from './read-import';

const TAGS = ['imports'];
const MEDIA_TYPES = [
  ...new Set([...Object.values(IMPORT_MEDIA_TYPES).flat(), ...SNIFFED_MEDIA_TYPES]),
];
const FILE_BODY =
  'The file is the request body, sent with its media type: application/gpx+xml (GPX), ' +
  'application/vnd.google-earth.kml+xml (KML), application/vnd.google-earth.kmz (KMZ), ' +
  'application/geo+json or application/json (GeoJSON), text/calendar (iCalendar); ' +
  'application/xml, text/xml and application/octet-stream are read by their first bytes. ' +
  `At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB (413 above). With dryRun=true nothing is ` +
  'created and the answer (200) is what would be; otherwise everything is created in one ' +
  'transaction (201), recorded as one import that DELETE …/imports/{importId} undoes. ' +
  'Files are read in turn: a person may have 3 files waiting or being read (429 ' +
  'import/too-many with Retry-After beyond), and the queue is bounded (503 with Retry-After).';

const importParams = itineraryParams.extend({ importId: idSchema });
const lookupQuery = z.strictObject({
  lang: z.enum(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`).optional(),
});

const TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB, the most an import takes`;

/** The media type of a request, without parameters. */
function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function fileOf(request: FastifyRequest): Buffer {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw invalidField('file', 'is missing: send the file as the request body');
  }
  return body;
}

/**
 * Aborts when the client goes away before its answer is sent. (Fastify's `request.signal`
 * aborts as soon as the body has been read, answer or not: it cannot tell.)
 */
function clientGone(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  if (request.raw.socket?.destroyed) controller.abort();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * Imports: GPX, KML, KMZ, GeoJSON and iCalendar files into an itinerary (or a new one), a
 * dry run first, then one transaction recorded as an undoable import; and the pasted list's
 * look-up (its reviewed choice is committed as GeoJSON through the same route).
 */
export async function importRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; geocoder: GeocoderConfig | undefined },
): Promise<{ queueDepth: () => { waiting: number; reading: number } }> {
  const { db, sessions } = deps;
  const geocoder = deps.geocoder ? createGeocoder(deps.geocoder) : undefined;
  // Files are read on threads of their own (a big GPX takes seconds to parse), people in turn.
  const reader = createImportReader();
  root.addHook('onClose', () => reader.close());

  /**
   * What the file holds, read for `who`; null when the client went away before it was read:
   * then it is not read at all, and there is nobody to answer.
   */
  async function readFile(
    request: FastifyRequest,
    reply: FastifyReply,
    who: string,
    file: Buffer,
    options: ReadOptions,
  ): Promise<ImportContent | null> {
    const format = formatOf(mediaTypeOf(request), file);
    const gone = clientGone(request, reply);
    try {
      return await reader.read(who, format, file, options, gone);
    } catch (error) {
      if (gone.aborted) return null;
      throw error;
    }
  }

  await root.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // In this scope bodies are the file's bytes, whatever their media type says.
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(
      MEDIA_TYPES,
      { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onRequest', async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > IMPORT_MAX_BYTES) throw new AppError('request/too-large', TOO_LARGE);
    });
    scope.addHook('preValidation', async (request) => {
      const type = mediaTypeOf(request);
      if (type !== '' && !MEDIA_TYPES.includes(type)) throw unsupportedType();
    });

    app.post(
      '/api/itineraries/:id/imports',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags: TAGS,
          summary: 'Import a GPX, KML, KMZ, GeoJSON or iCalendar file into the itinerary (editors)',
          description: FILE_BODY,
          params: itineraryParams,
          querystring: importQuerySchema,
          response: replies(
            { 200: importPreviewSchema, 201: importBatchSchema },
            [401, 403, 404, 413, 415, 429],
          ),
        },
      },
      async (request, reply) => {
        const { user, token } = await requireSession(sessions, request);
        const itinerary = await importTarget(db, request.params.id, user.id);
        const query = request.query;
        const file = fileOf(request);
        const fileName = query.fileName || 'import';
        const options = await importOptions(db, itinerary, { ...query, fileName });
        const content = await readFile(request, reply, user.id, file, options);
        if (!content) return reply.hijack();
        if (query.dryRun) return reply.status(200).send({ ...content, dryRun: true as const });
        const writer = { id: user.id, via: token?.name };
        const batch = await importIntoItinerary(db, itinerary.id, writer, fileName, content);
        return reply.status(201).send(batch);
      },
    );

    app.post(
      '/api/imports',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags: TAGS,
          summary: 'Import a GPX, KML, KMZ, GeoJSON or iCalendar file as a new itinerary',
          description: FILE_BODY,
          querystring: newItineraryImportQuerySchema,
          response: replies(
            { 200: importPreviewSchema, 201: importBatchSchema },
            [401, 413, 415, 429],
          ),
        },
      },
      async (request, reply) => {
        const { user, token } = await requireSession(sessions, request);
        const query = request.query;
        const file = fileOf(request);
        const fileName = query.fileName || 'import';
        const content = await readFile(request, reply, user.id, file, {
          fileName,
          stage: null,
          stageTitle: query.stageTitle,
          zone: null,
          dates: null,
        });
        if (!content) return reply.hijack();
        if (query.dryRun) return reply.status(200).send({ ...content, dryRun: true as const });
        const title = query.title || content.stage?.title || fileName;
        const writer = { id: user.id, via: token?.name };
        const batch = await importAsNewItinerary(db, writer, title, fileName, content);
        return reply.status(201).send(batch);
      },
    );
  });

  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/itineraries/:id/imports/lookup',
    {
      schema: {
        tags: TAGS,
        summary:
          'Candidates for pasted place names and Google Maps links, one a line (nothing is saved)',
        description:
          'Names are looked up with the place search; links are read offline (`/maps/place/Name/@lat,lng`, ' +
          '`?q=lat,lng`). Short links (goo.gl) cannot be resolved offline: their line says so. ' +
          'Commit the reviewed choice as GeoJSON through POST /api/itineraries/{id}/imports.',
        params: itineraryParams,
        querystring: lookupQuery,
        body: lookupRequestSchema,
        response: replies({ 200: lookupResultSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const gazetteer = () => sharedGazetteer(root.log);
      return lookUpPasted(
        db,
        { gazetteer, geocoder, log: request.log },
        { id: request.params.id, userId: user.id },
        request.body.text,
        request.query.lang ?? 'en',
      );
    },
  );

  // Not part of the itinerary document: a route may hold hundreds of points, and only the
  // maps need them, so the hot (cached) document stays small.
  app.get(
    '/api/itineraries/:id/routes',
    {
      schema: {
        tags: TAGS,
        summary: "The stages' routes (imported tracks) to draw on the map",
        params: itineraryParams,
        querystring: shareQuery,
        security: [{ session: [] }, {}],
        response: replies({ 200: stageRoutesSchema }, [401, 404]),
      },
    },
    async (request) => {
      const reader = await authorizeReader(
        db,
        sessions,
        request,
        request.params.id,
        request.query.share,
      );
      return { items: await stageRoutesFor(db, reader), nextCursor: null };
    },
  );

  app.get(
    '/api/itineraries/:id/imports/:importId',
    {
      schema: {
        tags: TAGS,
        summary: 'One import: what it created, and whether it was undone',
        params: importParams,
        response: replies({ 200: importBatchSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      return readImportBatch(db, request.params.id, user.id, request.params.importId);
    },
  );

  app.delete(
    '/api/itineraries/:id/imports/:importId',
    {
      schema: {
        tags: TAGS,
        summary:
          'Undo an import: remove what it created, if none of it changed since (409 otherwise)',
        params: importParams,
        response: replies({ 204: noContent }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      const { user, token } = await requireSession(sessions, request);
      const writer = { id: user.id, via: token?.name };
      await undoImport(db, request.params.id, writer, request.params.importId);
      return reply.status(204).send(null);
    },
  );
  return { queueDepth: () => reader.depth() };
}
