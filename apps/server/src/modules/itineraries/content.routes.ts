import { changedAt } from '../../db/clock';
import { idSchema } from '@jammy/shared/ids';
import {
  createListItemSchema,
  createListSchema,
  createNoteSchema,
  createPlaceSchema,
  createStageSchema,
  listItemSchema,
  noteSchema,
  placeSchema,
  stageSchema,
  tripListSchema,
  updateListItemSchema,
  updateListSchema,
  updateNoteSchema,
  updatePlaceSchema,
  updateStageSchema,
} from '@jammy/shared/itineraries';
import { eq, isNull, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { list, listItem, note, place, stage } from '../../db/schema/itineraries';
import { AppError, invalidField } from '../../lib/errors';
import { childRoutes, lastPosition, positionAfterSibling } from './child-routes';
import * as content from './content.repository';
import { listPlaces, listStages } from './itineraries.repository';
import {
  presentList,
  presentListItem,
  presentNote,
  presentPlace,
  presentStage,
} from './presenters';
import { rowStore } from './row-store';

export const stages = rowStore(stage, { scope: stage.itineraryId, position: stage.position });
export const places = rowStore(place, { scope: place.itineraryId, position: place.position });
export const notes = rowStore(note, { scope: note.itineraryId });
export const lists = rowStore(list, { scope: list.itineraryId, position: list.position });
export const listItems = rowStore(listItem, {
  scope: listItem.listId,
  position: listItem.position,
});

type ListRow = typeof list.$inferSelect;

/** Both dates of a stage or trip, after a change, must still be in order. */
function assertDatesInOrder(startDate: string | null, endDate: string | null) {
  if (startDate && endDate && endDate < startDate) {
    throw invalidField('endDate', 'must not be before startDate');
  }
}

/** The stage `stageId` names in this itinerary (null for none); 400 when not one of its stages. */
async function stageOf(tx: Executor, itineraryId: string, stageId: string | null | undefined) {
  if (!stageId) return null;
  const row = await stages.find(tx, itineraryId, stageId);
  if (!row) throw invalidField('stageId', 'is not a stage of this itinerary');
  return row;
}

/** Places of one stage, or of none. */
const inStage = (stageId: string | null) =>
  stageId === null ? isNull(place.stageId) : eq(place.stageId, stageId);

/**
 * Stages, places, notes, lists and list items: the content of an itinerary, each through the
 * one handler shape of `childRoutes`.
 */
export function contentRoutes(app: FastifyInstance, deps: { db: Db; sessions: Sessions }) {
  const { db } = deps;

  childRoutes(app, deps, {
    tag: 'stages',
    noun: 'stage',
    path: '/api/itineraries/:id/stages',
    idParam: 'stageId',
    store: stages,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('stage/not-found', 'There is no such stage in this itinerary'),
    schema: stageSchema,
    present: presentStage,
    event: 'stage',
    describe: (row) => ({ stageId: row.id, title: row.title }),
    list: {
      summary: 'The stages, in order',
      load: async ({ itineraryId }) => (await listStages(db, itineraryId)).map(presentStage),
    },
    create: {
      summary: 'Add a stage (after `afterId`, else at the end)',
      body: createStageSchema,
      values: async (tx, { afterId, ...values }, { itinerary }) => ({
        ...values,
        itineraryId: itinerary.id,
        position:
          afterId === undefined
            ? await lastPosition(tx, stages, itinerary.id)
            : positionAfterSibling(await stages.siblings(tx, itinerary.id), afterId),
      }),
    },
    update: {
      summary: 'Change a stage',
      body: updateStageSchema,
      values: async (_tx, changes, current) => {
        assertDatesInOrder(
          changes.startDate === undefined ? current.startDate : changes.startDate,
          changes.endDate === undefined ? current.endDate : changes.endDate,
        );
        return changes;
      },
    },
    remove: {
      summary: 'Delete a stage (its places stay in the itinerary, outside any stage)',
      // Its places join the places outside any stage, after them, in their own order: each
      // keeps a position of its own there (the foreign key alone would keep their old ones).
      before: async (tx, current, { itinerary }) => {
        const homeless = await places.siblings(tx, itinerary.id, inStage(current.id));
        if (homeless.length === 0) return;
        const last = (await places.siblings(tx, itinerary.id, inStage(null))).at(-1);
        const positions = generateNKeysBetween(last?.position ?? null, null, homeless.length);
        for (const [index, row] of homeless.entries()) {
          await tx
            .update(place)
            .set({
              stageId: null,
              position: positions[index] as string,
              version: sql`${place.version} + 1`,
              updatedAt: changedAt(),
            })
            .where(eq(place.id, row.id));
        }
      },
    },
    move: { summary: 'Move a stage after another' },
  });

  childRoutes(app, deps, {
    tag: 'places',
    noun: 'place',
    path: '/api/itineraries/:id/places',
    idParam: 'placeId',
    store: places,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('place/not-found', 'There is no such place in this itinerary'),
    schema: placeSchema,
    present: presentPlace,
    event: 'place',
    // The stage's title too: the activity says "added the Colosseum to Rome".
    describe: async (row, _context, tx) => ({
      placeId: row.id,
      name: row.name,
      stageId: row.stageId,
      stageTitle: row.stageId
        ? ((await stages.find(tx, row.itineraryId, row.stageId))?.title ?? null)
        : null,
    }),
    list: {
      summary: 'The places, in order (optionally of one stage)',
      querystring: z.strictObject({ stageId: idSchema.optional() }),
      load: async ({ itineraryId }, { stageId }) => {
        const rows = await listPlaces(db, itineraryId);
        return (stageId ? rows.filter((row) => row.stageId === stageId) : rows).map(presentPlace);
      },
    },
    create: {
      summary: 'Add a place (at the end of its stage, or of the places in none)',
      body: createPlaceSchema,
      values: async (tx, values, { itinerary }) => {
        const stageId = values.stageId ?? null;
        await stageOf(tx, itinerary.id, stageId);
        return {
          ...values,
          stageId,
          itineraryId: itinerary.id,
          position: await lastPosition(tx, places, itinerary.id, inStage(stageId)),
        };
      },
    },
    update: {
      summary: 'Change a place (a new stage puts it last there)',
      body: updatePlaceSchema,
      values: async (tx, changes, current, { itinerary }) => {
        const cost = changes.costMinor === undefined ? current.costMinor : changes.costMinor;
        const currency = changes.currency === undefined ? current.currency : changes.currency;
        if (cost !== null && !currency) throw invalidField('currency', 'is required with a cost');
        if (changes.stageId === undefined || changes.stageId === current.stageId) return changes;
        await stageOf(tx, itinerary.id, changes.stageId);
        const stageId = changes.stageId ?? null;
        return {
          ...changes,
          position: await lastPosition(tx, places, itinerary.id, inStage(stageId)),
        };
      },
    },
    remove: { summary: 'Delete a place' },
    move: {
      summary: 'Move a place after another, optionally into another stage',
      among: async (tx, current, body, { itinerary }) => {
        // Its stage as it is now, under the lock: the stage may have gone since it was read
        // (the place then stays, outside any stage).
        const now = await places.find(tx, itinerary.id, current.id);
        const stageId = body.stageId === undefined ? (now?.stageId ?? null) : body.stageId;
        await stageOf(tx, itinerary.id, stageId);
        return { where: inStage(stageId), changes: { stageId } };
      },
    },
  });

  childRoutes(app, deps, {
    tag: 'notes',
    noun: 'note',
    path: '/api/itineraries/:id/notes',
    idParam: 'noteId',
    store: notes,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('note/not-found', 'There is no such note in this itinerary'),
    schema: noteSchema,
    present: presentNote,
    event: 'note',
    // Never the text of a private note: events reach every member and the activity list.
    describe: (row) => ({
      noteId: row.id,
      private: row.private,
      ...(row.private ? {} : { title: row.title }),
    }),
    list: {
      summary: 'Notes, pinned first (through a share link: only those not private)',
      shareable: true,
      load: async ({ itineraryId, member }) => {
        const rows = await content.listNotes(db, itineraryId);
        return (member ? rows : rows.filter((row) => !row.private)).map(presentNote);
      },
    },
    create: { summary: 'Write a note', body: createNoteSchema },
    update: { summary: 'Change a note', body: updateNoteSchema },
    remove: { summary: 'Delete a note' },
  });

  const presentWithItems = async (row: ListRow) =>
    presentList(row, await content.listItems(db, row.id));

  childRoutes(app, deps, {
    tag: 'lists',
    noun: 'list',
    path: '/api/itineraries/:id/lists',
    idParam: 'listId',
    store: lists,
    scopeKey: 'itineraryId',
    notFound: listNotFound,
    schema: tripListSchema,
    present: presentWithItems,
    event: 'list',
    describe: (row) => ({ listId: row.id, title: row.title, kind: row.kind }),
    list: {
      summary: 'Lists with their items, in order',
      load: async ({ itineraryId }) => {
        const loaded = await content.loadLists(db, itineraryId);
        return loaded.lists.map((row) =>
          presentList(
            row,
            loaded.items.filter((item) => item.listId === row.id),
          ),
        );
      },
    },
    create: { summary: 'Start a list (at the end)', body: createListSchema },
    update: { summary: 'Rename a list', body: updateListSchema },
    remove: { summary: 'Delete a list and its items' },
  });

  childRoutes(app, deps, {
    tag: 'lists',
    noun: 'list item',
    path: '/api/itineraries/:id/lists/:listId/items',
    idParam: 'itemId',
    store: listItems,
    scopeKey: 'listId',
    parent: {
      params: z.object({ listId: idSchema }),
      load: async (tx, itineraryId, params) => {
        const row = await lists.find(tx, itineraryId, params.listId ?? '');
        if (!row) throw listNotFound();
        return row;
      },
      scopeId: (parent: ListRow) => parent.id,
    },
    notFound: () => new AppError('list-item/not-found', 'There is no such item in this list'),
    schema: listItemSchema,
    present: presentListItem,
    event: 'item',
    describe: (row, { parent }) => ({
      listId: parent.id,
      listTitle: parent.title,
      itemId: row.id,
      text: row.text,
      checked: row.checked,
    }),
    create: { summary: 'Add an item (at the end)', body: createListItemSchema },
    update: { summary: 'Change or tick an item', body: updateListItemSchema },
    remove: { summary: 'Delete an item' },
    move: { summary: 'Move an item after another' },
  });
}

function listNotFound(): AppError {
  return new AppError('list/not-found', 'There is no such list in this itinerary');
}
