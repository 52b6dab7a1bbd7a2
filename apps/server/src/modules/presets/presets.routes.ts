import { idSchema } from '@jammy/shared/ids';
import { isLanguage } from '@jammy/shared/languages';
import {
  PREMIUM_NOT_AVAILABLE_MESSAGE,
  copyPresetSchema,
  listPresetsQuerySchema,
  presetDetailSchema,
  presetLanguageQuerySchema,
  presetPageSchema,
  publishPresetSchema,
  updatePresetSchema,
} from '@jammy/shared/presets';
import { itinerarySchema, versionOnlySchema } from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  requireAdmin,
  requireSession,
  type CurrentSession,
  type Sessions,
} from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { presentItinerary } from '../itineraries/itinerary.presenter';
import {
  contentOf,
  orderSummaries,
  presentDetail,
  presentSummary,
  readerLanguage,
  textOf,
  type Reader,
} from './presets.presenter';
import {
  deletePublishedPreset,
  findOwnedItineraryContent,
  findPreset,
  findPresetForReader,
  findUserLanguage,
  insertCopy,
  insertPreset,
  listPresets,
  updatePreset,
  type PresetChanges,
  type PresetRow,
} from './presets.repository';
import { planCopy, snapshotItinerary } from './presets.service';
import { unlockedPresetIds } from '../shop/unlocks.repository';

const TAGS = ['presets'];
const presetParams = z.object({ id: idSchema });

/** A page's position in the list, as an opaque cursor; null when the cursor is not one. */
function encodeOffset(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}
const offsetCursor = z.strictObject({ offset: z.number().int().min(0).max(1_000_000) });
function decodeOffset(cursor: string | undefined): number | null {
  if (cursor === undefined) return 0;
  try {
    const parsed = offsetCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data.offset : null;
  } catch {
    return null;
  }
}

function notFound(): AppError {
  return new AppError('preset/not-found', 'There is no such Jammy itinerary');
}

function readerOf(
  request: FastifyRequest,
  current: CurrentSession | null,
  profile: { readerLanguage: string | null; readerInterests: string[] | null } | undefined,
): Reader {
  return {
    language: readerLanguage(request, current ? (profile?.readerLanguage ?? null) : null),
    interests: current ? (profile?.readerInterests ?? []) : [],
    signedIn: current !== null,
    admin: current?.user.role === 'admin',
  };
}

/** The origin travellers reach Jammy at: PUBLIC_URL, else the request's own. */
function publicOrigin(request: FastifyRequest, configured: URL | undefined): URL {
  return configured ?? new URL(`${request.protocol}://${request.host}`);
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
      const admin = current?.user.role === 'admin';
      const { interest, region, length, all, limit } = request.query;
      const offset = decodeOffset(request.query.cursor);
      if (offset === null) throw invalidField('cursor', 'is not a cursor of this list');
      const rows = await listPresets(db, {
        readerId: current?.user.id ?? null,
        interest,
        region,
        length,
        includeUnpublished: admin && all === 'true',
      });
      const reader = readerOf(request, current, rows[0]);
      if (current) reader.unlocked = await unlockedPresetIds(db, current.user.id);
      const summaries = orderSummaries(
        rows.map((row) => presentSummary(row, reader)),
        reader,
      );
      if (current) reply.header('cache-control', 'private, no-cache');
      else
        reply
          .header('cache-control', 'public, max-age=60')
          .header('vary', 'Accept-Language, Cookie');
      // The catalogue is curated (dozens of trips): ordered whole in the reader's language,
      // then cut into pages; the cursor is the position of the next page.
      const items = summaries.slice(offset, offset + limit);
      const next = offset + limit < summaries.length ? encodeOffset(offset + limit) : null;
      return { items, nextCursor: next };
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
      const row = await findPresetForReader(db, request.params.id, current?.user.id ?? null);
      const reader = readerOf(request, current, row);
      if (!row || (!row.preset.published && !reader.admin)) throw notFound();
      if (current) reader.unlocked = await unlockedPresetIds(db, current.user.id, [row.preset.id]);
      if (current) reply.header('cache-control', 'private, no-cache');
      else
        reply
          .header('cache-control', 'public, max-age=60')
          .header('vary', 'Accept-Language, Cookie');
      return presentDetail(
        { ...row.preset, stageCount: row.stageCount, placeCount: row.placeCount },
        reader,
      );
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
      const row = await findPresetForReader(db, request.params.id, current.user.id);
      const reader = readerOf(request, current, row);
      if (!row || (!row.preset.published && !reader.admin)) throw notFound();
      // A paid order unlocks future copies; a refund revokes that (copies made stay).
      if (
        row.preset.premium &&
        !reader.admin &&
        !(await unlockedPresetIds(db, current.user.id, [row.preset.id])).has(row.preset.id)
      ) {
        throw new AppError('preset/premium', PREMIUM_NOT_AVAILABLE_MESSAGE);
      }
      const plan = planCopy(row.preset, {
        language: reader.language,
        startDate: request.body.startDate,
        title: request.body.title,
        publicOrigin: publicOrigin(request, deps.publicUrl),
      });
      const itinerary = await insertCopy(db, current.user.id, plan);
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
      const { itineraryId, region, interests, premium } = request.body;
      const source = await findOwnedItineraryContent(db, itineraryId, current.user.id);
      if (!source) throw new AppError('itinerary/not-found', 'There is no such itinerary');
      // The snapshot's text is the admin's, in their language: the preset's own language.
      const language = readerLanguage(request, await findUserLanguage(db, current.user.id));
      const snapshot = snapshotItinerary(source, language);
      const row = await insertPreset(db, {
        sourceItineraryId: source.itinerary.id,
        publishedBy: current.user.id,
        published: true,
        premium,
        region,
        days: snapshot.days,
        interests: [...new Set(interests)],
        coverUrl: source.itinerary.coverUrl,
        defaultLanguage: language,
        text: snapshot.text,
        content: snapshot.content,
      });
      return reply.status(201).send(presentAdminDetail(row, request));
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
      const row = await findPreset(db, request.params.id);
      if (!row) throw notFound();
      const { version, title, description, interests, ...flags } = request.body;
      const changes: PresetChanges = { ...flags };
      if (interests) changes.interests = [...new Set(interests)];
      if (title !== undefined || description !== undefined) {
        const text = textOf(row);
        const language = isLanguage(row.defaultLanguage) ? row.defaultLanguage : 'en';
        const own = text[language] ?? { title: '', description: '' };
        changes.text = {
          ...text,
          [language]: { title: title ?? own.title, description: description ?? own.description },
        };
      }
      const updated = await updatePreset(db, row.id, changes, version);
      if (!updated) throw conflict(presentAdminDetail(row, request));
      return presentAdminDetail(updated, request);
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
      const row = await findPreset(db, request.params.id);
      if (!row) throw notFound();
      if (row.slug !== null) {
        throw new AppError(
          'preset/catalogue',
          'This Jammy itinerary ships with Jammy and cannot be deleted; unpublish it instead',
        );
      }
      const version = expectedVersion(request, request.body?.version);
      if (version !== undefined && version !== row.version) {
        throw conflict(presentAdminDetail(row, request));
      }
      const deleted = await deletePublishedPreset(db, row.id, version);
      if (!deleted) throw notFound();
      return reply.status(204).send(null);
    },
  );
}

/** An admin's view of a preset in its own language (answers of the admin writes). */
function presentAdminDetail(row: PresetRow, request: FastifyRequest) {
  const content = contentOf(row);
  return presentDetail(
    {
      ...row,
      stageCount: content.stages.length,
      placeCount: content.stages.reduce((sum, stage) => sum + stage.places.length, 0),
    },
    {
      language: isLanguage(row.defaultLanguage)
        ? row.defaultLanguage
        : readerLanguage(request, null),
      interests: [],
      signedIn: true,
      admin: true,
    },
  );
}
