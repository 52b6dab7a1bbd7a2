import { bookingSchema, createBookingSchema, updateBookingSchema } from '@jammy/shared/bookings';
import { idSchema } from '@jammy/shared/ids';
import { versionOnlySchema } from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent, replies } from '../../lib/contract';
import { encodeDocument, notModified, sendDocument } from '../../lib/http-cache';
import { expectedVersion } from '../../lib/versions';
import { authorizeReader } from '../itineraries/access';
import { presentBooking } from '../itineraries/itinerary.presenter';
import {
  allOf,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  type KeptPartDeps,
  READ_ERRORS,
  shareQuery,
  WRITE_ERRORS,
} from '../itineraries/route-parts';
import {
  changeBooking,
  createBooking,
  deleteBooking,
  readBooking,
  readBookings,
} from './bookings.service';

const tags = ['bookings'];
const bookingParams = itineraryParams.extend({ bookingId: idSchema });

/** /api/itineraries/{id}/bookings: flights, trains, stays, tables… of a trip. */
export function bookingRoutes(root: FastifyInstance, deps: KeptPartDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, documents } = deps;

  app.get(
    '/api/itineraries/:id/bookings',
    {
      schema: {
        tags,
        summary:
          'Bookings by start (an all-day one from its first day), those without a time last (through a share link: without confirmation codes)',
        params: itineraryParams,
        querystring: shareQuery,
        security: [{ session: [] }, {}],
        response: replies({ 200: allOf(bookingSchema), 304: notModified }, READ_ERRORS),
      },
      // Sent in the form the client prefers, a member's compressed once (sendDocument).
      compress: false,
    },
    (request, reply) => {
      // Members read the same list, kept with the trip's document (docs/decisions/041): a known
      // session's goes at once, without a promise.
      const { id } = request.params;
      const known = sessions.known(request);
      const cached = known && documents.getPart(id, 'bookings', known.user.id);
      if (cached) {
        sendDocument(request, reply, cached);
        return;
      }
      const read = async () => {
        // Begun before the access check: a change of the trip meanwhile keeps nothing.
        const keep = documents.beginPart('bookings');
        const reader = await authorizeReader(db, sessions, request, id, request.query.share);
        const { rows, member } = await readBookings(db, reader);
        const json = JSON.stringify({
          items: rows.map((row) => presentBooking(row, member)),
          nextCursor: null,
        });
        const document =
          reader.kind === 'member'
            ? keep(id, { json, role: reader.access.role }, reader.userId)
            : encodeDocument(json);
        sendDocument(request, reply, document);
      };
      return read();
    },
  );

  app.post(
    '/api/itineraries/:id/bookings',
    {
      schema: {
        tags,
        summary: 'Add a booking',
        params: itineraryParams,
        body: createBookingSchema,
        response: replies({ 201: bookingSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createBooking(db, caller, request.body);
      return reply.status(201).send(presentBooking(row));
    },
  );

  app.get(
    '/api/itineraries/:id/bookings/:bookingId',
    {
      schema: {
        tags,
        summary: 'One booking',
        params: bookingParams,
        response: replies({ 200: bookingSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, bookingId } = request.params;
      const caller = await callerOf(sessions, request, id);
      return presentBooking(await readBooking(db, caller, bookingId));
    },
  );

  app.patch(
    '/api/itineraries/:id/bookings/:bookingId',
    {
      schema: {
        tags,
        summary: 'Change a booking',
        params: bookingParams,
        body: updateBookingSchema,
        response: replies({ 200: bookingSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, bookingId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentBooking(await changeBooking(db, caller, bookingId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/bookings/:bookingId',
    {
      schema: {
        tags,
        summary: 'Delete a booking',
        params: bookingParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, bookingId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteBooking(db, caller, bookingId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );
}
