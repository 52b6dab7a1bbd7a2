import type {
  ItineraryTree,
  ListItem,
  Note,
  Page,
  Place,
  Stage,
  TripList,
} from '@jammy/shared/itineraries';
import { byPosition, positionBetween } from '@jammy/shared/positions';
import type { OutboxEntry } from './outbox-core';

/**
 * Changes waiting in the outbox, laid over what the server answers. A change made offline
 * shows at once (the mutation's optimistic update), but every fetch of the trip's data
 * replaced it with the server's, which does not have it yet: after reconnecting, a note
 * queued behind a change someone else overtook (which waits for the traveller's decision)
 * vanished until that was settled. Each fetch of a trip's tree, notes or lists now shows the
 * server's rows with the waiting changes applied in the order they were made: added rows
 * (under a temporary id of their own, so the page still says they wait), edits and deletes.
 * Moves keep the server's order until they are sent.
 */

type Row = Record<string, unknown> & { id: string };

/** The fields a change sets (its `version` is the one it was made from, not the row's). */
function changes(entry: OutboxEntry): Record<string, unknown> {
  if (typeof entry.body !== 'object' || entry.body === null) return {};
  const { version: _version, ...fields } = entry.body as Record<string, unknown>;
  return fields;
}

/** The temporary id of a row added by a waiting change: the same at every fetch. */
function pendingId(entry: OutboxEntry): string {
  return `temp-${entry.idempotencyKey}`;
}

function stamps(entry: OutboxEntry) {
  const at = new Date(entry.queuedAt).toISOString();
  return { createdAt: at, updatedAt: at, version: 1 };
}

/** What a change does to one collection of rows, known by the rest of its path. */
function applyTo<T extends Row>(
  rows: T[],
  entry: OutboxEntry,
  rest: string,
  added: (fields: Record<string, unknown>) => T,
): T[] {
  const rowId = rest.match(/^\/([^/]+)$/)?.[1];
  if (rest === '' && entry.method === 'POST') return [...rows, added(changes(entry))];
  if (!rowId) return rows;
  if (entry.method === 'DELETE') return rows.filter((row) => row.id !== rowId);
  if (entry.method === 'PATCH') {
    return rows.map((row) => (row.id === rowId ? { ...row, ...changes(entry) } : row));
  }
  return rows;
}

/** The waiting changes of one trip whose path starts with `prefix`, each with the rest of it. */
function waiting(entries: readonly OutboxEntry[], itineraryId: string, prefix: string) {
  const base = `/api/itineraries/${itineraryId}${prefix}`;
  return entries.flatMap((entry) =>
    entry.itineraryId === itineraryId && entry.path.startsWith(base)
      ? [{ entry, rest: entry.path.slice(base.length) }]
      : [],
  );
}

export function withPendingNotes(
  itineraryId: string,
  page: Page<Note>,
  entries: readonly OutboxEntry[],
): Page<Note> {
  let notes = page.items;
  for (const { entry, rest } of waiting(entries, itineraryId, '/notes')) {
    const next = applyTo(notes, entry, rest, (fields) => ({
      id: pendingId(entry),
      itineraryId,
      title: '',
      body: '',
      pinned: false,
      private: true,
      ...fields,
      ...stamps(entry),
    }));
    // A new note shows first, as when it was written.
    notes = next.length > notes.length ? [next.at(-1) as Note, ...notes] : next;
  }
  return notes === page.items ? page : { ...page, items: notes };
}

export function withPendingLists(
  itineraryId: string,
  page: Page<TripList>,
  entries: readonly OutboxEntry[],
): Page<TripList> {
  let lists = page.items;
  for (const { entry, rest } of waiting(entries, itineraryId, '/lists')) {
    const item = rest.match(/^\/([^/]+)\/items(\/[^/]+)?$/);
    if (item) {
      const [, listId, itemRest = ''] = item;
      lists = lists.map((list) =>
        list.id !== listId
          ? list
          : {
              ...list,
              items: applyTo<ListItem>(list.items, entry, itemRest, (fields) => ({
                id: pendingId(entry),
                listId,
                text: '',
                checked: false,
                position: positionBetween(list.items.at(-1)?.position ?? null, null),
                ...fields,
                updatedAt: stamps(entry).updatedAt,
                version: 1,
              })),
            },
      );
      continue;
    }
    lists = applyTo<TripList>(lists, entry, rest, (fields) => ({
      id: pendingId(entry),
      itineraryId,
      title: '',
      kind: 'todo',
      position: positionBetween(lists.at(-1)?.position ?? null, null),
      items: [],
      ...fields,
      ...stamps(entry),
    }));
  }
  return lists === page.items ? page : { ...page, items: lists };
}

export function withPendingTree(
  tree: ItineraryTree,
  entries: readonly OutboxEntry[],
): ItineraryTree {
  const itineraryId = tree.itinerary.id;
  let next = tree;
  for (const { entry, rest } of waiting(entries, itineraryId, '')) {
    if (rest === '' && entry.method === 'PATCH') {
      next = { ...next, itinerary: { ...next.itinerary, ...changes(entry) } };
    } else if (rest.startsWith('/stages')) {
      const stages = applyTo<Stage>(next.stages, entry, rest.slice('/stages'.length), (fields) => ({
        id: pendingId(entry),
        itineraryId,
        position: positionBetween(next.stages.at(-1)?.position ?? null, null),
        title: '',
        destinationName: null,
        lat: null,
        lng: null,
        countryCode: null,
        startDate: null,
        endDate: null,
        notes: '',
        ...fields,
        ...stamps(entry),
      }));
      next = { ...next, stages: stages.sort(byPosition) };
    } else if (rest.startsWith('/places')) {
      const places = applyTo<Place>(next.places, entry, rest.slice('/places'.length), (fields) => {
        const stageId = typeof fields.stageId === 'string' ? fields.stageId : null;
        const last = next.places.filter((place) => place.stageId === stageId).at(-1);
        return {
          id: pendingId(entry),
          itineraryId,
          stageId,
          position: positionBetween(last?.position ?? null, null),
          name: '',
          category: 'sight',
          lat: null,
          lng: null,
          address: null,
          url: null,
          day: null,
          time: null,
          durationMinutes: null,
          openingHours: null,
          costMinor: null,
          currency: null,
          notes: '',
          ...fields,
          ...stamps(entry),
        };
      });
      next = { ...next, places: places.sort(byPosition) };
    }
  }
  return next;
}
