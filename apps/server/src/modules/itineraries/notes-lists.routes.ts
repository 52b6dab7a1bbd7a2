import { idSchema } from '@jammy/shared/ids';
import {
  createListItemSchema,
  createListSchema,
  createNoteSchema,
  moveSchema,
  updateListItemSchema,
  updateListSchema,
  updateNoteSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict, expectedVersion } from '../../lib/versions';
import { authorize, authorizeReader, type Action } from './access';
import * as content from './content.repository';
import type { NoteRow } from './content.repository';
import { itineraryParams, shareQuery } from './itineraries.routes';
import { positionAfter, positionBetween } from '@jammy/shared/positions';
import { presentList, presentListItem, presentNote } from './presenters';

const noteParams = itineraryParams.extend({ noteId: idSchema });
const listParams = itineraryParams.extend({ listId: idSchema });
const itemParams = listParams.extend({ itemId: idSchema });

const noteNotFound = () =>
  new AppError('note/not-found', 'There is no such note in this itinerary');
const listNotFound = () =>
  new AppError('list/not-found', 'There is no such list in this itinerary');
const itemNotFound = () =>
  new AppError('list-item/not-found', 'There is no such item in this list');

/** Markdown notes and lists (packing lists, to-dos) of an itinerary. */
export function noteAndListRoutes(root: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  async function access(request: FastifyRequest, itineraryId: string, action: Action) {
    const { user } = await requireSession(sessions, request);
    return { ...(await authorize(db, itineraryId, user.id, action)), actorId: user.id };
  }

  /** What an event may say about a note: never the text of a private one. */
  function noteData(row: NoteRow) {
    return { noteId: row.id, private: row.private, ...(row.private ? {} : { title: row.title }) };
  }

  // --- notes ---

  app.get(
    '/api/itineraries/:id/notes',
    {
      schema: {
        tags: ['notes'],
        summary: 'Notes, pinned first (through a share link: only those not private)',
        params: itineraryParams,
        querystring: shareQuery,
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
      const notes = await content.listNotes(db, itineraryId);
      return {
        items: (reader.kind === 'member' ? notes : notes.filter((row) => !row.private)).map(
          presentNote,
        ),
        nextCursor: null,
      };
    },
  );

  app.post(
    '/api/itineraries/:id/notes',
    {
      schema: {
        tags: ['notes'],
        summary: 'Write a note',
        params: itineraryParams,
        body: createNoteSchema,
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) => content.insertNote(tx, { ...request.body, itineraryId: itinerary.id }),
        (row) => ({
          kind: 'note.created',
          data: noteData(row),
        }),
      );
      return reply.status(201).send(presentNote(row));
    },
  );

  app.get(
    '/api/itineraries/:id/notes/:noteId',
    { schema: { tags: ['notes'], summary: 'One note', params: noteParams } },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const row = await content.findNote(db, itinerary.id, request.params.noteId);
      if (!row) throw noteNotFound();
      return presentNote(row);
    },
  );

  app.patch(
    '/api/itineraries/:id/notes/:noteId',
    {
      schema: {
        tags: ['notes'],
        summary: 'Change a note',
        params: noteParams,
        body: updateNoteSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findNote(db, itinerary.id, request.params.noteId);
      if (!current) throw noteNotFound();
      const { version, ...changes } = request.body;
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) =>
          content.updateNote(
            tx,
            itinerary.id,
            current.id,
            changes,
            expectedVersion(request, version),
          ),
        (row) => ({
          kind: 'note.updated',
          data: { ...noteData(row), fields: Object.keys(changes) },
        }),
      );
      if (!row) throw conflict(presentNote(current));
      return presentNote(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/notes/:noteId',
    {
      schema: {
        tags: ['notes'],
        summary: 'Delete a note',
        params: noteParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await content.findNote(db, itinerary.id, request.params.noteId);
      if (!current) throw noteNotFound();
      const deleted = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) =>
          content.deleteNote(
            tx,
            itinerary.id,
            current.id,
            expectedVersion(request, request.body?.version),
          ),
        () => ({
          kind: 'note.deleted',
          data: noteData(current),
        }),
      );
      if (!deleted) throw conflict(presentNote(current));
      return reply.status(204).send();
    },
  );

  // --- lists ---

  app.get(
    '/api/itineraries/:id/lists',
    {
      schema: {
        tags: ['lists'],
        summary: 'Lists with their items, in order',
        params: itineraryParams,
      },
    },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const { lists, items } = await content.loadLists(db, itinerary.id);
      return {
        items: lists.map((row) =>
          presentList(
            row,
            items.filter((item) => item.listId === row.id),
          ),
        ),
        nextCursor: null,
      };
    },
  );

  app.post(
    '/api/itineraries/:id/lists',
    {
      schema: {
        tags: ['lists'],
        summary: 'Start a list',
        params: itineraryParams,
        body: createListSchema,
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = await content.listSiblings(tx, itinerary.id);
          return content.insertList(tx, {
            ...request.body,
            itineraryId: itinerary.id,
            position: positionBetween(siblings.at(-1)?.position ?? null, null),
          });
        },
        (row) => ({
          kind: 'list.created',
          data: { listId: row.id, title: row.title, kind: row.kind },
        }),
      );
      return reply.status(201).send(presentList(row, []));
    },
  );

  async function listOf(itineraryId: string, listId: string) {
    const row = await content.findList(db, itineraryId, listId);
    if (!row) throw listNotFound();
    return row;
  }

  app.get(
    '/api/itineraries/:id/lists/:listId',
    { schema: { tags: ['lists'], summary: 'One list with its items', params: listParams } },
    async (request) => {
      const { itinerary } = await access(request, request.params.id, 'read');
      const row = await listOf(itinerary.id, request.params.listId);
      return presentList(row, await content.listItems(db, row.id));
    },
  );

  app.patch(
    '/api/itineraries/:id/lists/:listId',
    {
      schema: {
        tags: ['lists'],
        summary: 'Rename a list',
        params: listParams,
        body: updateListSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await listOf(itinerary.id, request.params.listId);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) => content.updateList(tx, itinerary.id, current.id, changes, expected),
        (updated) => ({
          kind: 'list.updated',
          data: { listId: updated.id, title: updated.title, fields: Object.keys(changes) },
        }),
      );
      const items = await content.listItems(db, current.id);
      if (!row) throw conflict(presentList(current, items));
      return presentList(row, items);
    },
  );

  app.delete(
    '/api/itineraries/:id/lists/:listId',
    {
      schema: {
        tags: ['lists'],
        summary: 'Delete a list',
        params: listParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const current = await listOf(itinerary.id, request.params.listId);
      const deleted = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) =>
          content.deleteList(
            tx,
            itinerary.id,
            current.id,
            expectedVersion(request, request.body?.version),
          ),
        () => ({
          kind: 'list.deleted',
          data: { listId: current.id, title: current.title },
        }),
      );
      if (!deleted) throw conflict(presentList(current, await content.listItems(db, current.id)));
      return reply.status(204).send();
    },
  );

  // --- list items ---

  app.post(
    '/api/itineraries/:id/lists/:listId/items',
    {
      schema: {
        tags: ['lists'],
        summary: 'Add an item',
        params: listParams,
        body: createListItemSchema,
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const parent = await listOf(itinerary.id, request.params.listId);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = await content.itemSiblings(tx, parent.id);
          return content.insertItem(tx, {
            ...request.body,
            listId: parent.id,
            position: positionBetween(siblings.at(-1)?.position ?? null, null),
          });
        },
        (row) => ({
          kind: 'item.created',
          data: { listId: parent.id, listTitle: parent.title, itemId: row.id, text: row.text },
        }),
      );
      return reply.status(201).send(presentListItem(row));
    },
  );

  app.patch(
    '/api/itineraries/:id/lists/:listId/items/:itemId',
    {
      schema: {
        tags: ['lists'],
        summary: 'Change or tick an item',
        params: itemParams,
        body: updateListItemSchema,
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const parent = await listOf(itinerary.id, request.params.listId);
      const current = await content.findItem(db, parent.id, request.params.itemId);
      if (!current) throw itemNotFound();
      const { version, ...changes } = request.body;
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) =>
          content.updateItem(tx, parent.id, current.id, changes, expectedVersion(request, version)),
        (row) => ({
          kind: 'item.updated',
          data: {
            listId: parent.id,
            listTitle: parent.title,
            itemId: row.id,
            text: row.text,
            checked: row.checked,
            fields: Object.keys(changes),
          },
        }),
      );
      if (!row) throw conflict(presentListItem(current));
      return presentListItem(row);
    },
  );

  app.delete(
    '/api/itineraries/:id/lists/:listId/items/:itemId',
    {
      schema: {
        tags: ['lists'],
        summary: 'Delete an item',
        params: itemParams,
        body: versionOnlySchema.nullish(),
      },
    },
    async (request, reply) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const parent = await listOf(itinerary.id, request.params.listId);
      const current = await content.findItem(db, parent.id, request.params.itemId);
      if (!current) throw itemNotFound();
      const deleted = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        (tx) =>
          content.deleteItem(
            tx,
            parent.id,
            current.id,
            expectedVersion(request, request.body?.version),
          ),
        () => ({
          kind: 'item.deleted',
          data: {
            listId: parent.id,
            listTitle: parent.title,
            itemId: current.id,
            text: current.text,
          },
        }),
      );
      if (!deleted) throw conflict(presentListItem(current));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/itineraries/:id/lists/:listId/items/:itemId/move',
    {
      schema: {
        tags: ['lists'],
        summary: 'Move an item after another',
        params: itemParams,
        body: moveSchema.omit({ stageId: true }),
      },
    },
    async (request) => {
      const { itinerary, actorId } = await access(request, request.params.id, 'write');
      const parent = await listOf(itinerary.id, request.params.listId);
      const current = await content.findItem(db, parent.id, request.params.itemId);
      if (!current) throw itemNotFound();
      const version = expectedVersion(request, request.body.version);
      const row = await content.changeWithEvent(
        db,
        { itineraryId: itinerary.id, actorId },
        async (tx) => {
          const siblings = (await content.itemSiblings(tx, parent.id)).filter(
            (item) => item.id !== current.id,
          );
          const position = positionAfter(siblings, request.body.afterId);
          if (position === null) {
            throw new AppError('request/invalid', 'afterId: is not an item of this list', {
              issues: [{ field: 'afterId', message: 'is not an item of this list' }],
            });
          }
          return content.updateItem(tx, parent.id, current.id, { position }, version);
        },
        (row) => ({
          kind: 'item.moved',
          data: {
            listId: parent.id,
            listTitle: parent.title,
            itemId: row.id,
            afterId: request.body.afterId,
          },
        }),
      );
      if (!row) throw conflict(presentListItem(current));
      return presentListItem(row);
    },
  );
}
