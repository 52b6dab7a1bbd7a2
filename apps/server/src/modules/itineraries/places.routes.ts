import { idSchema } from '@jammy/shared/ids';
import {
  createPlaceSchema,
  moveSchema,
  placeSchema,
  updatePlaceSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { presentPlace } from './itinerary.presenter';
import {
  changePlace,
  createPlace,
  deletePlace,
  movePlace,
  readPlace,
  readPlaces,
} from './places.service';
import {
  allOf,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  READ_ERRORS,
  type RouteDeps,
  WRITE_ERRORS,
} from './route-parts';

const tags = ['places'];
const placeParams = itineraryParams.extend({ placeId: idSchema });

/** /api/itineraries/{id}/places: the places of a trip, in its stages or in none. */
export function placeRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/places',
    {
      schema: {
        tags,
        summary: 'The places, in order (optionally of one stage)',
        params: itineraryParams,
        querystring: z.strictObject({ stageId: idSchema.optional() }),
        response: replies({ 200: allOf(placeSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const rows = await readPlaces(db, caller, request.query.stageId);
      return { items: rows.map(presentPlace), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/places',
    {
      schema: {
        tags,
        summary: 'Add a place (at the end of its stage, or of the places in none)',
        params: itineraryParams,
        body: createPlaceSchema,
        response: replies({ 201: placeSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createPlace(db, caller, request.body);
      return reply.status(201).send(presentPlace(row));
    },
  );

  app.get(
    '/api/itineraries/:id/places/:placeId',
    {
      schema: {
        tags,
        summary: 'One place',
        params: placeParams,
        response: replies({ 200: placeSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, placeId } = request.params;
      return presentPlace(await readPlace(db, await callerOf(sessions, request, id), placeId));
    },
  );

  app.patch(
    '/api/itineraries/:id/places/:placeId',
    {
      schema: {
        tags,
        summary: 'Change a place (a new stage puts it last there)',
        params: placeParams,
        body: updatePlaceSchema,
        response: replies({ 200: placeSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, placeId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentPlace(await changePlace(db, caller, placeId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/places/:placeId',
    {
      schema: {
        tags,
        summary: 'Delete a place',
        params: placeParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, placeId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deletePlace(db, caller, placeId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/places/:placeId/move',
    {
      schema: {
        tags,
        summary: 'Move a place after another, optionally into another stage',
        params: placeParams,
        body: moveSchema,
        response: replies({ 200: placeSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, placeId } = request.params;
      const { afterId, stageId, version } = request.body;
      const move = { afterId, stageId, expectedVersion: expectedVersion(request, version) };
      return presentPlace(
        await movePlace(db, await callerOf(sessions, request, id), placeId, move),
      );
    },
  );
}
