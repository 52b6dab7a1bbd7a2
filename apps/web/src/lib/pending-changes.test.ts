import type { Note, Page, TripList } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from './outbox-core';
import { withPendingLists, withPendingNotes, withPendingTree } from './pending-changes';
import { aTree, anItinerary } from './trip-rows.test-helpers';

const TRIP = '01a22500-0000-7000-8000-000000000001';
const stamp = '2027-01-01T00:00:00.000Z';
let counter = 0;

function entry(method: string, path: string, body: unknown, itineraryId = TRIP): OutboxEntry {
  counter += 1;
  return {
    idempotencyKey: `key-${counter}`,
    method,
    path: `/api/itineraries/${itineraryId}${path}`,
    body,
    baseVersion: null,
    itineraryId,
    queuedAt: Date.parse(stamp),
  };
}

function note(id: string, title: string): Note {
  return {
    id,
    itineraryId: TRIP,
    title,
    body: '',
    pinned: false,
    private: true,
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
  };
}

const page = <T>(items: T[]): Page<T> => ({ items, nextCursor: null });

describe('withPendingNotes', () => {
  it('lays waiting adds, edits and deletes over the server’s notes, in order', () => {
    const added = entry('POST', '/notes', { title: 'Ferry', body: '08:00' });
    const entries = [
      entry('PATCH', '/notes/n1', { title: 'Mine', version: 3 }),
      added,
      entry('DELETE', '/notes/n2', { version: 1 }),
      entry('POST', '/notes', { title: 'Elsewhere' }, '01a22500-0000-7000-8000-000000000002'),
    ];
    const result = withPendingNotes(
      TRIP,
      page([note('n1', 'Theirs'), note('n2', 'Gone')]),
      entries,
    );
    expect(result.items.map((n) => [n.id, n.title, n.version])).toEqual([
      [`temp-${added.idempotencyKey}`, 'Ferry', 1],
      ['n1', 'Mine', 1],
    ]);
    // The same temporary id at every fetch: the page keeps its card.
    expect(withPendingNotes(TRIP, page([]), [added]).items[0]?.id).toBe(
      `temp-${added.idempotencyKey}`,
    );
  });

  it('answers the same page when nothing waits for this trip', () => {
    const served = page([note('n1', 'Theirs')]);
    expect(withPendingNotes(TRIP, served, [])).toBe(served);
  });
});

describe('withPendingLists', () => {
  it('adds a waiting item to its list and ticks another', () => {
    const list: TripList = {
      id: 'l1',
      itineraryId: TRIP,
      title: 'Carry-on',
      kind: 'packing',
      position: 'a0',
      items: [
        {
          id: 'i1',
          listId: 'l1',
          text: 'Passport',
          checked: false,
          position: 'a0',
          updatedAt: stamp,
          version: 1,
        },
      ],
      createdAt: stamp,
      updatedAt: stamp,
      version: 1,
    };
    const result = withPendingLists(TRIP, page([list]), [
      entry('PATCH', '/lists/l1/items/i1', { checked: true, version: 1 }),
      entry('POST', '/lists/l1/items', { text: 'Sunscreen' }),
    ]);
    expect(result.items[0]?.items.map((item) => [item.text, item.checked])).toEqual([
      ['Passport', true],
      ['Sunscreen', false],
    ]);
  });
});

describe('withPendingTree', () => {
  it('adds a waiting place to its stage and edits the trip', () => {
    const tree = aTree({ itinerary: anItinerary({ id: TRIP, title: 'Azores', version: 2 }) });
    const result = withPendingTree(tree, [
      entry('PATCH', '', { title: 'Azores by ferry', version: 2 }),
      entry('POST', '/places', { name: 'Lagoa do Fogo', stageId: 's1', lat: 37.76, lng: -25.47 }),
    ]);
    expect(result.itinerary).toMatchObject({ title: 'Azores by ferry', version: 2 });
    expect(result.places.map((place) => [place.name, place.stageId, place.lat])).toEqual([
      ['Lagoa do Fogo', 's1', 37.76],
    ]);
    expect(result.places[0]?.id).toMatch(/^temp-/);
  });
});
