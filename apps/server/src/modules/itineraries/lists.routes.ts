import { idSchema } from '@jammy/shared/ids';
import {
  createListItemSchema,
  createListSchema,
  listItemSchema,
  moveSchema,
  tripListSchema,
  updateListItemSchema,
  updateListSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outsideDocument } from '../../events/document-parts';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { presentList, presentListItem } from './itinerary.presenter';
import {
  changeItem,
  changeList,
  createItem,
  createList,
  deleteItem,
  deleteList,
  moveItem,
  readItem,
  readList,
  readLists,
  type ListWithItems,
} from './lists.service';
import {
  allOf,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  READ_ERRORS,
  type RouteDeps,
  WRITE_ERRORS,
} from './route-parts';

const tags = ['lists'];
const listParams = itineraryParams.extend({ listId: idSchema });
const itemsParams = z.object({ listId: idSchema, id: idSchema });
const itemParams = itemsParams.extend({ itemId: idSchema });
// The itinerary's document holds no list: writing one, or an item, keeps the cached document.
const listConfig = { outsideDocument: outsideDocument('list') };
const itemConfig = { outsideDocument: outsideDocument('item') };

const present = ({ list, items }: ListWithItems) => presentList(list, items);

/** /api/itineraries/{id}/lists: packing lists and to-dos, with their items in order. */
export function listRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/lists',
    {
      schema: {
        tags,
        summary: 'Lists with their items, in order',
        params: itineraryParams,
        response: replies({ 200: allOf(tripListSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const caller = await callerOf(sessions, request, request.params.id);
      return { items: (await readLists(db, caller)).map(present), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/lists',
    {
      config: listConfig,
      schema: {
        tags,
        summary: 'Start a list (at the end)',
        params: itineraryParams,
        body: createListSchema,
        response: replies({ 201: tripListSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      return reply.status(201).send(present(await createList(db, caller, request.body)));
    },
  );

  app.get(
    '/api/itineraries/:id/lists/:listId',
    {
      schema: {
        tags,
        summary: 'One list',
        params: listParams,
        response: replies({ 200: tripListSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, listId } = request.params;
      return present(await readList(db, await callerOf(sessions, request, id), listId));
    },
  );

  app.patch(
    '/api/itineraries/:id/lists/:listId',
    {
      config: listConfig,
      schema: {
        tags,
        summary: 'Rename a list',
        params: listParams,
        body: updateListSchema,
        response: replies({ 200: tripListSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, listId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return present(await changeList(db, caller, listId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/lists/:listId',
    {
      config: listConfig,
      schema: {
        tags,
        summary: 'Delete a list and its items',
        params: listParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, listId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteList(db, caller, listId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/lists/:listId/items',
    {
      config: itemConfig,
      schema: {
        tags,
        summary: 'Add an item (at the end)',
        params: itemsParams,
        body: createListItemSchema,
        response: replies({ 201: listItemSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, listId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const row = await createItem(db, caller, listId, request.body);
      return reply.status(201).send(presentListItem(row));
    },
  );

  app.get(
    '/api/itineraries/:id/lists/:listId/items/:itemId',
    {
      schema: {
        tags,
        summary: 'One list item',
        params: itemParams,
        response: replies({ 200: listItemSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, ...ids } = request.params;
      return presentListItem(await readItem(db, await callerOf(sessions, request, id), ids));
    },
  );

  app.patch(
    '/api/itineraries/:id/lists/:listId/items/:itemId',
    {
      config: itemConfig,
      schema: {
        tags,
        summary: 'Change or tick an item',
        params: itemParams,
        body: updateListItemSchema,
        response: replies({ 200: listItemSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, ...ids } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentListItem(await changeItem(db, caller, ids, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/lists/:listId/items/:itemId',
    {
      config: itemConfig,
      schema: {
        tags,
        summary: 'Delete an item',
        params: itemParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, ...ids } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteItem(db, caller, ids, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/itineraries/:id/lists/:listId/items/:itemId/move',
    {
      config: itemConfig,
      schema: {
        tags,
        summary: 'Move an item after another',
        params: itemParams,
        body: moveSchema.omit({ stageId: true }),
        response: replies({ 200: listItemSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, ...ids } = request.params;
      const { afterId, version } = request.body;
      const move = { afterId, expectedVersion: expectedVersion(request, version) };
      return presentListItem(await moveItem(db, await callerOf(sessions, request, id), ids, move));
    },
  );
}
