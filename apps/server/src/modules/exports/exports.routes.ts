import {
  EXPORT_MEDIA_TYPES,
  calendarFeedSchema,
  calendarFeedStateSchema,
  createCalendarFeedSchema,
  itineraryExportSchema,
  type CalendarFeed,
  type ExportFormat,
  type ItineraryExport,
} from '@jammy/shared/exports';
import { itineraryTreeSchema } from '@jammy/shared/itineraries';
import { tokenSchema } from '@jammy/shared/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PUBLIC, answerOf, noContent, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { authorize, authorizeReader, type ItineraryRow } from '../itineraries/access';
import { listNotes, loadLists } from '../itineraries/content.repository';
import { readItineraryDocument } from '../itineraries/itinerary-document';
import { presentList, presentNote } from '../itineraries/itinerary.presenter';
import { newToken } from '../../lib/tokens';
import * as exportsRepository from './exports.repository';
import type { CalendarFeedRow } from './exports.repository';
import { buildGeoJson } from './geojson';
import { buildGpx } from './gpx';
import { buildCalendar } from './ics';
import { itineraryParams, shareQuery } from '../itineraries/route-parts';

const TAGS = ['exports'];
const feedParams = z.object({ token: tokenSchema });

const feedNotFound = () =>
  new AppError('calendar-feed/not-found', 'This calendar feed does not exist or was turned off');

/** A file name for the download: the trip's title, kept to safe characters. */
function fileName(title: string, format: ExportFormat): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${ascii || 'itinerary'}.${format}`;
}

/** Sends an export as a download (`Content-Disposition: attachment`). */
function download(reply: FastifyReply, row: ItineraryRow, format: ExportFormat, body: string) {
  const name = fileName(row.title, format);
  return reply
    .header('cache-control', 'private, no-cache')
    .header(
      'content-disposition',
      `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .type(`${EXPORT_MEDIA_TYPES[format]}; charset=utf-8`)
    .send(body);
}

/**
 * Exports of an itinerary (issue 14): ICS, GPX, GeoJSON (members, or through a share link,
 * then without confirmation codes), the whole trip as JSON (members), and members' private
 * calendar feeds, read by calendar apps without a session.
 */
export function exportRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; config: Config },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, config } = deps;
  const origin = config.baseUrl.origin;
  const host = config.baseUrl.hostname;

  function presentFeed(row: CalendarFeedRow, token?: string): CalendarFeed {
    return {
      id: row.id,
      itineraryId: row.itineraryId,
      createdAt: row.createdAt.toISOString(),
      lastReadAt: row.lastReadAt?.toISOString() ?? null,
      url: token ? `${origin}/api/calendar/${token}.ics` : null,
      includeConfirmationCodes: row.includeConfirmationCodes,
    };
  }

  /** The trip for a member, or for a share-link holder (`?share=`). */
  async function readTrip(
    request: FastifyRequest,
    id: string,
    share: string | undefined,
    options: { tracks: boolean },
  ) {
    const reader = await authorizeReader(db, sessions, request, id, share);
    const member = reader.kind === 'member';
    const row = member ? reader.access.itinerary : reader.itinerary;
    // Share-link holders never see confirmation codes.
    return exportsRepository.loadTrip(db, row, { confirmationCodes: member, ...options });
  }

  const fileAnswer = (format: ExportFormat, description: string) =>
    replies({ 200: answerOf(EXPORT_MEDIA_TYPES[format], description) }, [401, 404]);
  const shareable = { params: itineraryParams, querystring: shareQuery, tags: TAGS };
  const sharedSecurity = { security: [{ session: [] }, {}] as { [label: string]: string[] }[] };

  app.get(
    '/api/itineraries/:id/export.ics',
    {
      schema: {
        ...shareable,
        ...sharedSecurity,
        summary: 'The trip as a calendar file (iCalendar): dated stages, bookings, timed places',
        response: fileAnswer('ics', 'An iCalendar (RFC 5545) file'),
      },
    },
    async (request, reply) => {
      const trip = await readTrip(request, request.params.id, request.query.share, {
        tracks: false,
      });
      return download(reply, trip.itinerary, 'ics', buildCalendar(trip, host));
    },
  );

  app.get(
    '/api/itineraries/:id/export.gpx',
    {
      schema: {
        ...shareable,
        ...sharedSecurity,
        summary: 'The trip as GPX 1.1: places as waypoints, a route per stage, imported tracks',
        response: fileAnswer('gpx', 'A GPX 1.1 document'),
      },
    },
    async (request, reply) => {
      const trip = await readTrip(request, request.params.id, request.query.share, {
        tracks: true,
      });
      return download(reply, trip.itinerary, 'gpx', buildGpx(trip));
    },
  );

  app.get(
    '/api/itineraries/:id/export.geojson',
    {
      schema: {
        ...shareable,
        ...sharedSecurity,
        summary:
          'The trip as a GeoJSON FeatureCollection: stages, places, bookings, routes, tracks',
        response: fileAnswer('geojson', 'A GeoJSON (RFC 7946) FeatureCollection'),
      },
    },
    async (request, reply) => {
      const trip = await readTrip(request, request.params.id, request.query.share, {
        tracks: true,
      });
      return download(reply, trip.itinerary, 'geojson', JSON.stringify(buildGeoJson(trip)));
    },
  );

  app.get(
    '/api/itineraries/:id/export.json',
    {
      schema: {
        tags: TAGS,
        summary: 'The whole trip as JSON: the itinerary document, notes, lists and bookings',
        params: itineraryParams,
        response: replies({ 200: itineraryExportSchema }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'read');
      const [document, notes, lists] = await Promise.all([
        readItineraryDocument(db, itinerary.id, user.id),
        listNotes(db, itinerary.id),
        loadLists(db, itinerary.id),
      ]);
      if (!document) throw new AppError('itinerary/not-found', 'There is no such itinerary');
      const tree = itineraryTreeSchema.parse(JSON.parse(document.json));
      const body: ItineraryExport = {
        ...tree,
        notes: notes.map(presentNote),
        lists: lists.lists.map((row) =>
          presentList(
            row,
            lists.items.filter((item) => item.listId === row.id),
          ),
        ),
        exportedAt: new Date().toISOString(),
      };
      return download(reply, itinerary, 'json', JSON.stringify(body));
    },
  );

  app.get(
    '/api/itineraries/:id/calendar-feed',
    {
      schema: {
        tags: TAGS,
        summary: 'My calendar feed of this itinerary, if I made one (its address is not repeated)',
        params: itineraryParams,
        response: replies({ 200: calendarFeedStateSchema }, [401, 404]),
      },
    },
    async (request) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'read');
      const row = await exportsRepository.findFeed(db, itinerary.id, user.id);
      return { feed: row ? presentFeed(row) : null };
    },
  );

  app.post(
    '/api/itineraries/:id/calendar-feed',
    {
      schema: {
        tags: TAGS,
        summary:
          'Make my private calendar feed (or a new address for it): the address is answered only now',
        description:
          "Bookings' confirmation codes are in the feed only with includeConfirmationCodes: true " +
          '(whoever holds the address reads them); a new address is made with the choice sent then.',
        params: itineraryParams,
        // Without a body (as before there was a choice): no codes.
        body: createCalendarFeedSchema.nullish(),
        response: replies({ 201: calendarFeedSchema }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'read');
      const { token, hash } = newToken();
      const row = await exportsRepository.upsertFeed(db, {
        itineraryId: itinerary.id,
        userId: user.id,
        tokenHash: hash,
        includeConfirmationCodes: request.body?.includeConfirmationCodes ?? false,
      });
      return reply.status(201).send(presentFeed(row, token));
    },
  );

  app.delete(
    '/api/itineraries/:id/calendar-feed',
    {
      schema: {
        tags: TAGS,
        summary: 'Turn my calendar feed off (its address then answers 404)',
        params: itineraryParams,
        response: replies({ 204: noContent }, [401, 404]),
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(sessions, request);
      const { itinerary } = await authorize(db, request.params.id, user.id, 'read');
      await exportsRepository.deleteFeed(db, itinerary.id, user.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        tags: TAGS,
        summary: 'A calendar feed, for calendar apps (no session: the token is the key)',
        params: feedParams,
        ...PUBLIC,
        response: replies(
          { 200: answerOf('text/calendar', 'An iCalendar (RFC 5545) file') },
          [404],
        ),
      },
    },
    async (request, reply) => {
      const opened = await exportsRepository.openFeed(db, request.params.token);
      if (!opened) throw feedNotFound();
      // The creator is still a member (openFeed checks); the codes are there if they chose so.
      const trip = await exportsRepository.loadTrip(db, opened.itinerary, {
        confirmationCodes: opened.includeConfirmationCodes,
      });
      await exportsRepository.markFeedRead(db, opened.feedId);
      return reply
        .header('cache-control', 'private, no-cache')
        .type('text/calendar; charset=utf-8')
        .send(buildCalendar(trip, host));
    },
  );
}
