import type {
  createListItemSchema,
  createListSchema,
  moveSchema,
  updateListItemSchema,
  updateListSchema,
} from '@jammy/shared/itineraries';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Action, type Caller } from './access';
import { changeWithEvent } from './change-with-event';
import { authorizedRow, findOrFail, lastPosition, moveAfterSibling } from './child-rows';
import {
  itemsOfList,
  listItems,
  lists,
  loadLists,
  type ListItemRow,
  type ListRow,
} from './content.repository';
import { presentList, presentListItem } from './itinerary.presenter';

type NewList = z.output<typeof createListSchema>;
type ListChanges = Omit<z.output<typeof updateListSchema>, 'version'>;
type NewItem = z.output<typeof createListItemSchema>;
type ItemChanges = Omit<z.output<typeof updateListItemSchema>, 'version'>;
/** Where an item goes (after `afterId`; null: first), from the version the client read. */
type ItemMove = Pick<z.output<typeof moveSchema>, 'afterId'> & {
  expectedVersion: number | undefined;
};

/** An item, by its list's id and its own. */
type ItemIds = { listId: string; itemId: string };

/** A list as it is answered: with its items, in order. */
export interface ListWithItems {
  list: ListRow;
  items: ListItemRow[];
}

const listNotFound = () =>
  new AppError('list/not-found', 'There is no such list in this itinerary');
const itemNotFound = () =>
  new AppError('list-item/not-found', 'There is no such item in this list');

const listEvent = (row: ListRow) => ({ listId: row.id, title: row.title, kind: row.kind });
const itemEvent = (list: ListRow, row: ListItemRow) => ({
  listId: list.id,
  listTitle: list.title,
  itemId: row.id,
  text: row.text,
  checked: row.checked,
});

async function withItems(db: Db, list: ListRow): Promise<ListWithItems> {
  return { list, items: await itemsOfList(db, list.id) };
}

/** A write that matched no list: 409 with the list as it is now, or 404 once it is gone. */
async function missedList(db: Db, caller: Caller, listId: string): Promise<AppError> {
  const fresh = await lists.find(db, caller.itineraryId, listId);
  if (!fresh) return listNotFound();
  const { items } = await withItems(db, fresh);
  return conflict(presentList(fresh, items));
}

/** Lists with their items, in order, for a member. */
export async function readLists(db: Db, caller: Caller): Promise<ListWithItems[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const loaded = await loadLists(db, caller.itineraryId);
  return loaded.lists.map((list) => ({
    list,
    items: loaded.items.filter((item) => item.listId === list.id),
  }));
}

export async function readList(db: Db, caller: Caller, listId: string): Promise<ListWithItems> {
  return withItems(db, await authorizedRow(db, caller, 'read', lists, listId, listNotFound));
}

/** Starts a list, at the end (lists are ordered: who asks is checked before the lock). */
export async function createList(db: Db, caller: Caller, input: NewList): Promise<ListWithItems> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const row = await changeWithEvent(
    db,
    caller,
    async (tx) =>
      lists.insert(tx, {
        ...input,
        itineraryId: caller.itineraryId,
        position: await lastPosition(tx, lists, caller.itineraryId),
      }),
    (created) => ({ kind: 'list.created', data: listEvent(created) }),
  );
  return withItems(db, row);
}

export async function changeList(
  db: Db,
  caller: Caller,
  listId: string,
  changes: ListChanges,
  expectedVersion: number | undefined,
): Promise<ListWithItems> {
  const current = await authorizedRow(db, caller, 'write', lists, listId, listNotFound);
  const row = await changeWithEvent(
    db,
    caller,
    (tx) => lists.update(tx, caller.itineraryId, current.id, changes, expectedVersion),
    (updated) => ({
      kind: 'list.updated',
      data: { ...listEvent(updated), fields: Object.keys(changes) },
    }),
  );
  if (!row) throw await missedList(db, caller, current.id);
  return withItems(db, row);
}

/** Deletes a list and its items. */
export async function deleteList(
  db: Db,
  caller: Caller,
  listId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const current = await authorizedRow(db, caller, 'write', lists, listId, listNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => lists.remove(tx, caller.itineraryId, current.id, expectedVersion),
    () => ({ kind: 'list.deleted', data: listEvent(current) }),
  );
  if (!deleted) throw await missedList(db, caller, current.id);
}

// --- the items of a list ---

/** Under the itinerary's lock: the list may have been deleted since it was read (404 then). */
function listStillThere(tx: Executor, caller: Caller, list: ListRow): Promise<ListRow> {
  return findOrFail(tx, lists, caller.itineraryId, list.id, listNotFound);
}

/** A write that matched no item: 409 with the item as it is now, or 404 once it is gone. */
async function missedItem(db: Db, list: ListRow, itemId: string): Promise<AppError> {
  const fresh = await listItems.find(db, list.id, itemId);
  return fresh ? conflict(presentListItem(fresh)) : itemNotFound();
}

/** Load and authorise an item: the caller's right, then its list (404), then the item (404). */
async function authorizedItem(
  db: Db,
  caller: Caller,
  action: Action,
  ids: ItemIds,
): Promise<{ list: ListRow; item: ListItemRow }> {
  const list = await authorizedRow(db, caller, action, lists, ids.listId, listNotFound);
  return { list, item: await findOrFail(db, listItems, list.id, ids.itemId, itemNotFound) };
}

export async function readItem(db: Db, caller: Caller, ids: ItemIds): Promise<ListItemRow> {
  return (await authorizedItem(db, caller, 'read', ids)).item;
}

/** Adds an item at the end of its list. */
export async function createItem(
  db: Db,
  caller: Caller,
  listId: string,
  input: NewItem,
): Promise<ListItemRow> {
  const list = await authorizedRow(db, caller, 'write', lists, listId, listNotFound);
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      await listStillThere(tx, caller, list);
      return listItems.insert(tx, {
        ...input,
        listId: list.id,
        position: await lastPosition(tx, listItems, list.id),
      });
    },
    (created) => ({ kind: 'item.created', data: itemEvent(list, created) }),
  );
}

/** Changes or ticks an item. */
export async function changeItem(
  db: Db,
  caller: Caller,
  ids: ItemIds,
  changes: ItemChanges,
  expectedVersion: number | undefined,
): Promise<ListItemRow> {
  const { list, item: current } = await authorizedItem(db, caller, 'write', ids);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await listStillThere(tx, caller, list);
      return listItems.update(tx, list.id, current.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'item.updated',
      data: { ...itemEvent(list, updated), fields: Object.keys(changes) },
    }),
  );
  if (!changed) throw await missedItem(db, list, current.id);
  return changed;
}

export async function deleteItem(
  db: Db,
  caller: Caller,
  ids: ItemIds,
  expectedVersion: number | undefined,
): Promise<void> {
  const { list, item: current } = await authorizedItem(db, caller, 'write', ids);
  const deleted = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await listStillThere(tx, caller, list);
      return listItems.remove(tx, list.id, current.id, expectedVersion);
    },
    () => ({ kind: 'item.deleted', data: itemEvent(list, current) }),
  );
  if (!deleted) throw await missedItem(db, list, current.id);
}

/** Moves an item after another of its list (afterId null: first). */
export async function moveItem(
  db: Db,
  caller: Caller,
  ids: ItemIds,
  move: ItemMove,
): Promise<ListItemRow> {
  const { list, item: current } = await authorizedItem(db, caller, 'write', ids);
  const moved = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await listStillThere(tx, caller, list);
      return moveAfterSibling(tx, listItems, list.id, current.id, move);
    },
    (row) => ({ kind: 'item.moved', data: { ...itemEvent(list, row), afterId: move.afterId } }),
  );
  if (!moved) throw await missedItem(db, list, current.id);
  return moved;
}
