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
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { sharedGazetteer } from '../geo/gazetteer';
import { createGeocoder } from '../geo/geocoder';
import { authorize, authorizeReader } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { stages } from '../itineraries/content.repository';
import { createItinerary, setTrashed } from '../itineraries/itineraries.repository';
import {
  changesSince,
  findImport,
  insertImport,
  listStageRoutes,
  presentImportBatch,
  removeImported,
  type ImportBatchRow,
} from './imports.repository';
import {
  formatOf,
  lookupLines,
  SNIFFED_MEDIA_TYPES,
  unsupportedType,
  type ReadOptions,
} from './imports.service';
import { createImportReader } from './import-reader';
import { itineraryParams, shareQuery } from '../itineraries/route-parts';

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

/** An itinerary's first and last day, when it has both (a one-day trip: its start twice). */
function tripDates(row: { startDate: string | null; endDate: string | null }) {
  return row.startDate ? { start: row.startDate, end: row.endDate ?? row.startDate } : null;
}

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
  deps: { db: Db; sessions: Sessions; config: Config },
): Promise<void> {
  const { db, sessions } = deps;
  const geocoder = deps.config.geocoder ? createGeocoder(deps.config.geocoder) : undefined;
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

  async function commit(
    executor: Executor,
    itineraryId: string,
    actorId: string,
    fileName: string,
    content: ImportContent,
    createdItinerary: boolean,
  ): Promise<ImportBatchRow> {
    return changeWithEvent(
      executor,
      { itineraryId, actorId },
      async (tx) => {
        // The chosen stage may have gone since the dry run: look again under the lock.
        if (content.stage?.id && !(await stages.find(tx, itineraryId, content.stage.id))) {
          throw invalidField('stageId', 'is not a stage of this itinerary');
        }
        return insertImport(tx, { itineraryId, actorId, fileName, createdItinerary }, content);
      },
      (row) => {
        const batch = presentImportBatch(row);
        return {
          kind: 'import.created',
          data: {
            importId: row.id,
            format: row.format,
            title: row.fileName,
            stageId: row.stageId,
            stageTitle: content.stage?.title ?? '',
            ...batch.counts,
            count: batch.counts.places + batch.counts.bookings,
          },
        };
      },
    );
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
        const { user } = await requireSession(sessions, request);
        const access = await authorize(db, request.params.id, user.id, 'write');
        const query = request.query;
        const file = fileOf(request);
        const stage = query.stageId
          ? await stages.find(db, access.itinerary.id, query.stageId)
          : null;
        if (query.stageId && !stage)
          throw invalidField('stageId', 'is not a stage of this itinerary');
        const fileName = query.fileName || 'import';
        const content = await readFile(request, reply, user.id, file, {
          fileName,
          stage: stage ? { id: stage.id, title: stage.title } : null,
          stageTitle: query.stageTitle,
          zone: access.itinerary.timezone,
          dates: tripDates(access.itinerary),
        });
        if (!content) return reply.hijack();
        if (query.dryRun) return reply.status(200).send({ ...content, dryRun: true as const });
        const row = await commit(db, access.itinerary.id, user.id, fileName, content, false);
        return reply.status(201).send(presentImportBatch(row));
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
        const { user } = await requireSession(sessions, request);
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
        // The itinerary and its content are created together: a failure leaves neither.
        const row = await db.transaction(async (tx) => {
          const itinerary = await createItinerary(tx, user.id, { title });
          return commit(tx, itinerary.id, user.id, fileName, content, true);
        });
        return reply.status(201).send(presentImportBatch(row));
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
      await authorize(db, request.params.id, user.id, 'write');
      const gazetteer = () => sharedGazetteer(root.log);
      return lookupLines(
        { gazetteer, geocoder, log: request.log },
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
      const itineraryId =
        reader.kind === 'member' ? reader.access.itinerary.id : reader.itinerary.id;
      return { items: await listStageRoutes(db, itineraryId), nextCursor: null };
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
      const access = await authorize(db, request.params.id, user.id, 'read');
      const row = await findImport(db, access.itinerary.id, request.params.importId);
      if (!row) throw new AppError('import/not-found', 'There is no such import');
      return presentImportBatch(row);
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
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, request.params.id, user.id, 'write');
      const notFound = () => new AppError('import/not-found', 'There is no such import');
      await changeWithEvent(
        db,
        { itineraryId: access.itinerary.id, actorId: user.id },
        async (tx) => {
          const row = await findImport(tx, access.itinerary.id, request.params.importId);
          if (!row) throw notFound();
          if (row.undoneAt) throw notFound();
          const changes = await changesSince(tx, row);
          if (changes.length > 0) {
            throw conflict({ import: presentImportBatch(row), changes });
          }
          const undone = await removeImported(tx, row);
          // An itinerary the import created goes to the trash (restorable) with it.
          if (undone.createdItinerary) await setTrashed(tx, undone.itineraryId, true);
          return undone;
        },
        (row) => ({
          kind: 'import.undone',
          data: { importId: row.id, title: row.fileName, ...presentImportBatch(row).counts },
        }),
      );
      return reply.status(204).send(null);
    },
  );
}
