import { idSchema } from '@jammy/shared/ids';
import {
  copyPresetSchema,
  listPresetsQuerySchema,
  presetDetailSchema,
  presetLanguageQuerySchema,
  presetPageSchema,
  publishPresetSchema,
  updatePresetSchema,
} from '@jammy/shared/presets';
import { itinerarySchema, versionOnlySchema } from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { presentItinerary } from '../itineraries/itinerary.presenter';
import { presentAdminDetail } from './presets.presenter';
import {
  copyPreset,
  listPresetPage,
  publishPreset,
  readPreset,
  removePreset,
  updatePreset,
} from './presets.service';
import { languageHints, readerLanguage, viewerOf } from './reader';

const TAGS = ['presets'];
const presetParams = z.object({ id: idSchema });

/** The origin travellers reach Jammy at: PUBLIC_URL, else the request's own. */
function publicOrigin(request: FastifyRequest, configured: URL | undefined): URL {
  return configured ?? new URL(`${request.protocol}://${request.host}`);
}

/** Public answers are the same for every anonymous reader of a language; a traveller's are theirs. */
function cacheFor(reply: FastifyReply, signedIn: boolean): void {
  if (signedIn) reply.header('cache-control', 'private, no-cache');
  else
    reply.header('cache-control', 'public, max-age=60').header('vary', 'Accept-Language, Cookie');
}

/** The language of an admin's answer when a preset's own is not one Jammy speaks. */
function fallbackLanguage(request: FastifyRequest) {
  return readerLanguage(languageHints(request), null);
}

/**
 * /api/presets: Jammy itineraries (the provider's presets). Browsing is public and localized;
 * copying needs an account; publishing, editing and removing are for admins.
 */
export function presetRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; publicUrl: URL | undefined },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/presets',
    {
      schema: {
        tags: TAGS,
        summary:
          'Jammy itineraries, filtered; recommended first (shared interests) for a signed-in reader',
        description:
          'Public. Text is in the reader’s language (profile, then the i18n_redirected cookie, ' +
          'then Accept-Language), falling back to the preset’s own. `all=true` lists unpublished ' +
          'ones too, for admins.',
        querystring: listPresetsQuerySchema,
        security: [{ session: [] }, {}],
        response: replies({ 200: presetPageSchema }),
      },
    },
    async (request, reply) => {
      const current = await sessions.find(request);
      const hints = languageHints(request, request.query.lang);
      const page = await listPresetPage(db, current && viewerOf(current), hints, request.query);
      cacheFor(reply, current !== null);
      return page;
    },
  );

  app.get(
    '/api/presets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A Jammy itinerary with its stages and places, localized',
        params: presetParams,
        querystring: presetLanguageQuerySchema,
        security: [{ session: [] }, {}],
        response: replies({ 200: presetDetailSchema }, [404]),
      },
    },
    async (request, reply) => {
      const current = await sessions.find(request);
      const hints = languageHints(request, request.query.lang);
      const detail = await readPreset(db, request.params.id, current && viewerOf(current), hints);
      cacheFor(reply, current !== null);
      return detail;
    },
  );

  app.post(
    '/api/presets/:id/copy',
    {
      schema: {
        tags: TAGS,
        summary: 'Copy a Jammy itinerary into a new itinerary of mine, starting on startDate',
        params: presetParams,
        querystring: presetLanguageQuerySchema,
        body: copyPresetSchema,
        response: replies({ 201: itinerarySchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const current = await requireSession(sessions, request);
      const itinerary = await copyPreset(
        db,
        request.params.id,
        viewerOf(current),
        languageHints(request, request.query.lang),
        request.body,
        publicOrigin(request, deps.publicUrl),
      );
      return reply.status(201).send(presentItinerary(itinerary, 'owner'));
    },
  );

  app.post(
    '/api/presets',
    {
      schema: {
        tags: TAGS,
        summary: 'Publish one of my itineraries as a Jammy itinerary (admins; a snapshot)',
        body: publishPresetSchema,
        response: replies({ 201: presetDetailSchema }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const current = await requireAdmin(sessions, request);
      const row = await publishPreset(db, viewerOf(current), languageHints(request), request.body);
      return reply.status(201).send(presentAdminDetail(row, fallbackLanguage(request)));
    },
  );

  app.patch(
    '/api/presets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a Jammy itinerary’s listing, text, publication or premium flag (admins)',
        params: presetParams,
        body: updatePresetSchema,
        response: replies({ 200: presetDetailSchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      const fallback = fallbackLanguage(request);
      const row = await updatePreset(db, request.params.id, request.body, fallback);
      return presentAdminDetail(row, fallback);
    },
  );

  app.delete(
    '/api/presets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Remove a Jammy itinerary an admin published (catalogue ones: unpublish instead)',
        params: presetParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, [401, 403, 404, 409]),
      },
    },
    async (request, reply) => {
      await requireAdmin(sessions, request);
      const version = expectedVersion(request, request.body?.version);
      await removePreset(db, request.params.id, version, fallbackLanguage(request));
      return reply.status(204).send(null);
    },
  );
}
