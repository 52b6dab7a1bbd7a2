import { idSchema } from '@jammy/shared/ids';
import {
  createStageSchema,
  moveSchema,
  stageSchema,
  updateStageSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { presentStage } from './itinerary.presenter';
import {
  allOf,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  READ_ERRORS,
  type RouteDeps,
  WRITE_ERRORS,
} from './route-parts';
import {
  changeStage,
  createStage,
  deleteStage,
  moveStage,
  readStage,
  readStages,
} from './stages.service';

const tags = ['stages'];
const stageParams = itineraryParams.extend({ stageId: idSchema });

/** /api/itineraries/{id}/stages: the legs or days of a trip, in order. */
export function stageRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/stages',
    {
      schema: {
        tags,
        summary: 'The stages, in order',
        params: itineraryParams,
        response: replies({ 200: allOf(stageSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const rows = await readStages(db, caller);
      return { items: rows.map(presentStage), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/stages',
    {
      schema: {
        tags,
        summary: 'Add a stage (after `afterId`, else at the end)',
        params: itineraryParams,
        body: createStageSchema,
        response: replies({ 201: stageSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createStage(db, caller, request.body);
      return reply.status(201).send(presentStage(row));
    },
  );

  app.get(
    '/api/itineraries/:id/stages/:stageId',
    {
      schema: {
        tags,
        summary: 'One stage',
        params: stageParams,
        response: replies({ 200: stageSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId } = request.params;
      return presentStage(await readStage(db, await callerOf(sessions, request, id), stageId));
    },
  );

  app.patch(
    '/api/itineraries/:id/stages/:stageId',
    {
      schema: {
        tags,
        summary: 'Change a stage',
        params: stageParams,
        body: updateStageSchema,
        response: replies({ 200: stageSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentStage(await changeStage(db, caller, stageId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/stages/:stageId',
    {
      schema: {
        tags,
        summary: 'Delete a stage (its places stay in the itinerary, outside any stage)',
        params: stageParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, stageId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteStage(db, caller, stageId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/stages/:stageId/move',
    {
      schema: {
        tags,
        summary: 'Move a stage after another',
        params: stageParams,
        body: moveSchema.omit({ stageId: true }),
        response: replies({ 200: stageSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, stageId } = request.params;
      const { afterId, version } = request.body;
      const move = { afterId, expectedVersion: expectedVersion(request, version) };
      return presentStage(
        await moveStage(db, await callerOf(sessions, request, id), stageId, move),
      );
    },
  );
}
