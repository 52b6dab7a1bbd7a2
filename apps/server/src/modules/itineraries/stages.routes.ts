import { idSchema } from '@jammy/shared/ids';
import {
  createPlaceSchema,
  createStageSchema,
  moveSchema,
  updatePlaceSchema,
  updateStageSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { authorize, type Action } from './access';
import * as content from './content.repository';
import { listPlaces, listStages } from './itineraries.repository';
import { itineraryParams } from './itineraries.routes';
import { positionAfter, positionBetween } from '@jammy/shared/positions';
import { presentPlace, presentStage } from './presenters';

const stageParams = itineraryParams.extend({ stageId: idSchema });
const placeParams = itineraryParams.extend({ placeId: idSchema });
const placesQuery = z.strictObject({ stageId: idSchema.optional() });

function stageNotFound(): AppError {
  return new AppError('stage/not-found', 'There is no such stage in this itinerary');
}
function placeNotFound(): AppError {
  return new AppError('place/not-found', 'There is no such place in this itinerary');
}
function badMoveTarget(): AppError {
  return new AppError('request/invalid', 'afterId: is not a sibling of this item', {
    issues: [{ field: 'afterId', message: 'is not a sibling of this item' }],
  });
}

/** Checks that both dates of a stage, after a change, are still in order. */
function assertDatesInOrder(startDate: string | null, endDate: string | null) {
  if (startDate && endDate && endDate < startDate) {
    throw new AppError('request/invalid', 'endDate: must not be before startDate', {
      issues: [{ field: 'endDate', message: 'must not be before startDate' }],
    });
  }
}

/** Stages and places of an itinerary: ordered by fractional position; a move writes one row. */
export function stageAndPlaceRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  async function access(request: FastifyRequest, itineraryId: string, action: Action) {
    const { user } = await requireSession(sessions, request);
    return { ...(await authorize(db, itineraryId, user.id, action)), actorId: user.id };
  }

  // --- stages ---

  app.get(
    '/api/itineraries/:id/stages',
    { schema: { tags: ['stages'], summary: 'The stages, in order', params: itineraryParams } },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const stages = await listStages(db, itinerary.id);
      return { items: stages.map(presentStage), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/stages',
    {
      schema: {
        tags: ['stages'],
        summary: 'Add a stage',
        params: itineraryParams,
        body: createStageSchema,
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const { afterId, ...values } = request.body;
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = await content.stageSiblings(tx, itinerary.id);
          const position =
            afterId === undefined
              ? positionBetween(siblings.at(-1)?.position ?? null, null)
              : positionAfter(siblings, afterId);
          if (position === null) throw badMoveTarget();
          return content.insertStage(tx, { ...values, itineraryId: itinerary.id, position });
        },
        (created) => ({
          kind: 'stage.created',
          data: { stageId: created.id, title: created.title },
        }),
      );
      return reply.status(201).send(presentStage(row));
    },
  );

  app.get(
    '/api/itineraries/:id/stages/:stageId',
    { schema: { tags: ['stages'], summary: 'One stage', params: stageParams } },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const row = await content.findStage(db, itinerary.id, request.params.stageId);
      if (!row) throw stageNotFound();
      return presentStage(row);
    },
  );

  app.patch(
    '/api/itineraries/:id/stages/:stageId',
    {
      schema: {
        tags: ['stages'],
        summary: 'Change a stage',
        params: stageParams,
        body: updateStageSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findStage(db, itinerary.id, request.params.stageId);
      if (!current) throw stageNotFound();
      const { version, ...changes } = request.body;
      assertDatesInOrder(
        changes.startDate === undefined ? current.startDate : changes.startDate,
        changes.endDate === undefined ? current.endDate : changes.endDate,
      );
      const expected = expectedVersion(request, version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) => content.updateStage(tx, itinerary.id, current.id, changes, expected),
        (updated) => ({
          kind: 'stage.updated',
          data: { stageId: updated.id, title: updated.title, fields: Object.keys(changes) },
        }),
      );
      if (!row) throw conflict(presentStage(current));
      return presentStage(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/stages/:stageId',
    {
      schema: {
        tags: ['stages'],
        summary: 'Delete a stage (its places stay in the itinerary, outside any stage)',
        params: stageParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findStage(db, itinerary.id, request.params.stageId);
      if (!current) throw stageNotFound();
      const expected = expectedVersion(request, request.body?.version);
      const deleted = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) => content.deleteStage(tx, itinerary.id, current.id, expected),
        () => ({ kind: 'stage.deleted', data: { stageId: current.id, title: current.title } }),
      );
      if (!deleted) throw conflict(presentStage(current));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/itineraries/:id/stages/:stageId/move',
    {
      schema: {
        tags: ['stages'],
        summary: 'Move a stage after another',
        params: stageParams,
        body: moveSchema.omit({ stageId: true }),
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findStage(db, itinerary.id, request.params.stageId);
      if (!current) throw stageNotFound();
      const version = expectedVersion(request, request.body.version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = (await content.stageSiblings(tx, itinerary.id)).filter(
            (s) => s.id !== current.id,
          );
          const position = positionAfter(siblings, request.body.afterId);
          if (position === null) throw badMoveTarget();
          return content.updateStage(tx, itinerary.id, current.id, { position }, version);
        },
        (moved) => ({
          kind: 'stage.moved',
          data: { stageId: moved.id, title: moved.title, afterId: request.body.afterId },
        }),
      );
      if (!row) throw conflict(presentStage(current));
      return presentStage(row);
    },
  );

  // --- places ---

  app.get(
    '/api/itineraries/:id/places',
    {
      schema: {
        tags: ['places'],
        summary: 'The places, in order (optionally of one stage)',
        params: itineraryParams,
        querystring: placesQuery,
      },
    },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const places = await listPlaces(db, itinerary.id);
      const { stageId } = request.query;
      const selected = stageId ? places.filter((row) => row.stageId === stageId) : places;
      return { items: selected.map(presentPlace), nextCursor: null };
    },
  );

  /** The stage `stageId` names in this itinerary (undefined for none); 400 when not one of its stages. */
  async function assertStageOf(itineraryId: string, stageId: string | null | undefined) {
    if (!stageId) return undefined;
    const stage = await content.findStage(db, itineraryId, stageId);
    if (!stage) {
      throw new AppError('request/invalid', 'stageId: is not a stage of this itinerary', {
        issues: [{ field: 'stageId', message: 'is not a stage of this itinerary' }],
      });
    }
    return stage;
  }

  app.post(
    '/api/itineraries/:id/places',
    {
      schema: {
        tags: ['places'],
        summary: 'Add a place',
        params: itineraryParams,
        body: createPlaceSchema,
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const { cost, ...values } = request.body;
      const stageId = values.stageId ?? null;
      const stage = await assertStageOf(itinerary.id, stageId);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = await content.placeSiblings(tx, itinerary.id, stageId);
          return content.insertPlace(tx, {
            ...values,
            ...(cost === undefined ? {} : { cost: cost === null ? null : cost.toFixed(2) }),
            stageId,
            itineraryId: itinerary.id,
            position: positionBetween(siblings.at(-1)?.position ?? null, null),
          });
        },
        (created) => ({
          kind: 'place.created',
          data: {
            placeId: created.id,
            name: created.name,
            stageId,
            stageTitle: stage?.title ?? null,
          },
        }),
      );
      return reply.status(201).send(presentPlace(row));
    },
  );

  app.get(
    '/api/itineraries/:id/places/:placeId',
    { schema: { tags: ['places'], summary: 'One place', params: placeParams } },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const row = await content.findPlace(db, itinerary.id, request.params.placeId);
      if (!row) throw placeNotFound();
      return presentPlace(row);
    },
  );

  app.patch(
    '/api/itineraries/:id/places/:placeId',
    {
      schema: {
        tags: ['places'],
        summary: 'Change a place',
        params: placeParams,
        body: updatePlaceSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findPlace(db, itinerary.id, request.params.placeId);
      if (!current) throw placeNotFound();
      const { version, cost, ...changes } = request.body;
      await assertStageOf(itinerary.id, changes.stageId);
      const nextCost = cost === undefined ? current.cost : cost === null ? null : cost.toFixed(2);
      const nextCurrency = changes.currency === undefined ? current.currency : changes.currency;
      if (nextCost !== null && !nextCurrency) {
        throw new AppError('request/invalid', 'currency: is required with a cost', {
          issues: [{ field: 'currency', message: 'is required with a cost' }],
        });
      }
      const stageChanged = changes.stageId !== undefined && changes.stageId !== current.stageId;
      const expected = expectedVersion(request, version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          // Moved to another stage: it goes last there.
          const position = stageChanged
            ? positionBetween(
                (await content.placeSiblings(tx, itinerary.id, changes.stageId ?? null)).at(-1)
                  ?.position ?? null,
                null,
              )
            : undefined;
          return content.updatePlace(
            tx,
            itinerary.id,
            current.id,
            {
              ...changes,
              ...(cost === undefined ? {} : { cost: nextCost }),
              ...(position ? { position } : {}),
            },
            expected,
          );
        },
        (updated) => ({
          kind: 'place.updated',
          data: {
            placeId: updated.id,
            name: updated.name,
            stageId: updated.stageId,
            fields: Object.keys(request.body).filter((key) => key !== 'version'),
          },
        }),
      );
      if (!row) throw conflict(presentPlace(current));
      return presentPlace(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/places/:placeId',
    {
      schema: {
        tags: ['places'],
        summary: 'Delete a place',
        params: placeParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findPlace(db, itinerary.id, request.params.placeId);
      if (!current) throw placeNotFound();
      const expected = expectedVersion(request, request.body?.version);
      const deleted = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) => content.deletePlace(tx, itinerary.id, current.id, expected),
        () => ({
          kind: 'place.deleted',
          data: { placeId: current.id, name: current.name, stageId: current.stageId },
        }),
      );
      if (!deleted) throw conflict(presentPlace(current));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/itineraries/:id/places/:placeId/move',
    {
      schema: {
        tags: ['places'],
        summary: 'Move a place after another, optionally into another stage',
        params: placeParams,
        body: moveSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findPlace(db, itinerary.id, request.params.placeId);
      if (!current) throw placeNotFound();
      const stageId = request.body.stageId === undefined ? current.stageId : request.body.stageId;
      await assertStageOf(itinerary.id, stageId);
      const version = expectedVersion(request, request.body.version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = (await content.placeSiblings(tx, itinerary.id, stageId)).filter(
            (p) => p.id !== current.id,
          );
          const position = positionAfter(siblings, request.body.afterId);
          if (position === null) throw badMoveTarget();
          return content.updatePlace(tx, itinerary.id, current.id, { position, stageId }, version);
        },
        (moved) => ({
          kind: 'place.moved',
          data: {
            placeId: moved.id,
            name: moved.name,
            stageId: moved.stageId,
            afterId: request.body.afterId,
          },
        }),
      );
      if (!row) throw conflict(presentPlace(current));
      return presentPlace(row);
    },
  );
}
