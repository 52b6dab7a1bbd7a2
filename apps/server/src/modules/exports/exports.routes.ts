import {
  EXPORT_MEDIA_TYPES,
  calendarFeedSchema,
  calendarFeedStateSchema,
  createCalendarFeedSchema,
  itineraryExportSchema,
  type ExportFormat,
} from '@jammy/shared/exports';
import { tokenSchema } from '@jammy/shared/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { PUBLIC, answerOf, noContent, replies } from '../../lib/contract';
import { authorizeReader, type ItineraryRow } from '../itineraries/access';
import { itineraryParams, shareQuery } from '../itineraries/route-parts';
import { fileName, presentFeed } from './exports.presenter';
import { makeFeed, myFeed, readFeed, tripFor, turnFeedOff, wholeTrip } from './exports.service';

// The formats are built by modules loaded with the first export rather than at start: their
// libraries (calendars, time zones, XML, great circles) take a tenth of a second to load.
const calendar = () => import('./ics');
const gpx = () => import('./gpx');
const geoJson = () => import('./geojson');

const TAGS = ['exports'];
const feedParams = z.object({ token: tokenSchema });

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
  deps: { db: Db; sessions: Sessions; baseUrl: URL },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const origin = deps.baseUrl.origin;
  const host = deps.baseUrl.hostname;

  /** The trip for a member, or for a share-link holder (`?share=`). */
  async function readTrip(
    request: FastifyRequest,
    id: string,
    share: string | undefined,
    tracks: boolean,
  ) {
    const reader = await authorizeReader(db, sessions, request, id, share);
    return tripFor(db, reader, { tracks });
  }

  const fileAnswer = (format: ExportFormat, description: string) =>
    replies({ 200: answerOf(EXPORT_MEDIA_TYPES[format], description) }, [401, 404]);
  const shareable = { params: itineraryParams, querystring: shareQuery, tags: TAGS };
  // A session, or none (a share link): OpenAPI's way to say the session is optional.
  const sharedSecurity: { security: Record<string, string[]>[] } = {
    security: [{ session: [] }, {}],
  };

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
      const trip = await readTrip(request, request.params.id, request.query.share, false);
      const { buildCalendar } = await calendar();
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
      const trip = await readTrip(request, request.params.id, request.query.share, true);
      const { buildGpx } = await gpx();
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
      const trip = await readTrip(request, request.params.id, request.query.share, true);
      const { buildGeoJson } = await geoJson();
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
      const { itinerary, body } = await wholeTrip(db, request.params.id, user.id);
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
      const row = await myFeed(db, request.params.id, user.id);
      return { feed: row ? presentFeed(row, origin) : null };
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
      const { row, token } = await makeFeed(
        db,
        request.params.id,
        user.id,
        request.body?.includeConfirmationCodes ?? false,
      );
      return reply.status(201).send(presentFeed(row, origin, token));
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
      await turnFeedOff(db, request.params.id, user.id);
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
      const trip = await readFeed(db, request.params.token);
      const { buildCalendar } = await calendar();
      return reply
        .header('cache-control', 'private, no-cache')
        .type('text/calendar; charset=utf-8')
        .send(buildCalendar(trip, host));
    },
  );
}
