import { idSchema } from '@jammy/shared/ids';
import {
  createNoteSchema,
  noteSchema,
  updateNoteSchema,
  versionOnlySchema,
} from '@jammy/shared/itineraries';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outsideDocument } from '../../events/document-parts';
import { noContent, replies } from '../../lib/contract';
import { expectedVersion } from '../../lib/versions';
import { authorizeReader } from './access';
import { presentNote } from './itinerary.presenter';
import { changeNote, createNote, deleteNote, readNote, readNotes } from './notes.service';
import {
  allOf,
  callerOf,
  CREATE_ERRORS,
  itineraryParams,
  READ_ERRORS,
  type RouteDeps,
  shareQuery,
  WRITE_ERRORS,
} from './route-parts';

const tags = ['notes'];
const noteParams = itineraryParams.extend({ noteId: idSchema });
// The itinerary's document holds no note: writing one keeps the cached document.
const config = { outsideDocument: outsideDocument('note') };

/** /api/itineraries/{id}/notes: a trip's notes (markdown), private or shared. */
export function noteRoutes(root: FastifyInstance, deps: RouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.get(
    '/api/itineraries/:id/notes',
    {
      schema: {
        tags,
        summary: 'Notes, pinned first (through a share link: only those not private)',
        params: itineraryParams,
        querystring: shareQuery,
        security: [{ session: [] }, {}],
        response: replies({ 200: allOf(noteSchema) }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id } = request.params;
      const reader = await authorizeReader(db, sessions, request, id, request.query.share);
      return { items: (await readNotes(db, reader)).map(presentNote), nextCursor: null };
    },
  );

  app.post(
    '/api/itineraries/:id/notes',
    {
      config,
      schema: {
        tags,
        summary: 'Write a note',
        params: itineraryParams,
        body: createNoteSchema,
        response: replies({ 201: noteSchema }, CREATE_ERRORS),
      },
    },
    async (request, reply) => {
      const caller = await callerOf(sessions, request, request.params.id);
      const row = await createNote(db, caller, request.body);
      return reply.status(201).send(presentNote(row));
    },
  );

  app.get(
    '/api/itineraries/:id/notes/:noteId',
    {
      schema: {
        tags,
        summary: 'One note',
        params: noteParams,
        response: replies({ 200: noteSchema }, READ_ERRORS),
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      const caller = await callerOf(sessions, request, id);
      return presentNote(await readNote(db, caller, noteId));
    },
  );

  app.patch(
    '/api/itineraries/:id/notes/:noteId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a note',
        params: noteParams,
        body: updateNoteSchema,
        response: replies({ 200: noteSchema }, WRITE_ERRORS),
      },
    },
    async (request) => {
      const { id, noteId } = request.params;
      const caller = await callerOf(sessions, request, id);
      const { version, ...changes } = request.body;
      const expected = expectedVersion(request, version);
      return presentNote(await changeNote(db, caller, noteId, changes, expected));
    },
  );

  app.delete(
    '/api/itineraries/:id/notes/:noteId',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a note',
        params: noteParams,
        body: versionOnlySchema.nullish(),
        response: replies({ 204: noContent }, WRITE_ERRORS),
      },
    },
    async (request, reply) => {
      const { id, noteId } = request.params;
      const caller = await callerOf(sessions, request, id);
      await deleteNote(db, caller, noteId, expectedVersion(request, request.body?.version));
      return reply.status(204).send(null);
    },
  );
}
