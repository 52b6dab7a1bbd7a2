import type { Itinerary, ListItem, TripList } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import type { Client } from '../../../test/clients';
import {
  conflictCurrent,
  eachStaleWrite,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createList, createListItem, getLists } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';

const test = serverTest();

const listsUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/lists`;
const listUrl = (trip: Itinerary, list: TripList) => `${listsUrl(trip)}/${list.id}`;
const itemUrl = (trip: Itinerary, list: TripList, item: ListItem) =>
  `${listUrl(trip, list)}/items/${item.id}`;
const lists = (owner: Client, trip: Itinerary) => getLists(owner, trip.id);
const listAsShown = async (owner: Client, trip: Itinerary, list: TripList) =>
  (await lists(owner, trip)).find((row) => row.id === list.id);
const itemTexts = async (owner: Client, trip: Itinerary, list: TripList) =>
  (await listAsShown(owner, trip, list))?.items.map((item) => item.text);

describe('lists', () => {
  test('POST starts a list; GET answers the lists in order with their items', async ({
    owner,
    trip,
  }) => {
    const response = await owner.post(listsUrl(trip), { title: 'Packing', kind: 'packing' });
    const packing = expectStatus<TripList>(response, 201);
    expect(packing).toMatchObject({
      itineraryId: trip.id,
      title: 'Packing',
      kind: 'packing',
      items: [],
      version: 1,
    });
    const todo = await createList(owner, trip.id, { title: 'To do', kind: 'todo' });
    const item = await createListItem(owner, trip.id, packing.id, 'Passport');
    expect(await lists(owner, trip)).toEqual([{ ...packing, items: [item] }, todo]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', { kind: 'todo' }, 'title'],
    ['a title too long', { title: 'x'.repeat(121), kind: 'todo' }, 'title'],
    ['no kind', { title: 'x' }, 'kind'],
    ['an unknown kind', { title: 'x', kind: 'shopping' }, 'kind'],
    ['an unknown field', { title: 'x', kind: 'todo', colour: 'red' }, 'colour'],
  ];
  test.for(invalid)(
    'POST: 400 naming the field for %s',
    async ([, payload, field], { owner, trip }) => {
      expectFieldError(await owner.post(listsUrl(trip), payload), field);
    },
  );

  test('PATCH renames the list and bumps its version', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const response = await owner.patch(listUrl(trip, list), { title: 'Carry-on', version: 1 });
    expect(expectStatus<TripList>(response, 200)).toMatchObject({ title: 'Carry-on', version: 2 });
    expect(await listAsShown(owner, trip, list)).toMatchObject({ title: 'Carry-on', version: 2 });
  });

  test.for([
    ['a blank title', { title: '' }, 'title'],
    ['the kind (not changeable)', { kind: 'todo' }, 'kind'],
    ['an unknown field', { items: [] }, 'items'],
  ] as const)('PATCH: 400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    const list = await createList(owner, trip.id);
    expectFieldError(await owner.patch(listUrl(trip, list), payload), field);
  });

  // The answer to a PATCH is the whole list as GET shows it, items included, so a client can
  // replace its copy with it.
  test('PATCH answers the list with its items', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    await createListItem(owner, trip.id, list.id, 'Socks');
    const response = await owner.patch(listUrl(trip, list), { title: 'New' });
    expect(expectStatus<TripList>(response, 200)).toEqual(await listAsShown(owner, trip, list));
  });

  test('PATCH and DELETE: 409 on a stale version (body or If-Match)', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const url = listUrl(trip, list);
    expectStatus(await owner.patch(url, { title: 'v2' }), 200);
    const now = await listAsShown(owner, trip, list);
    await eachStaleWrite(owner, url, (response) => {
      // details.current is the list as GET shows it.
      expect(conflictCurrent<TripList>(response)).toEqual(now);
    });
  });

  // details.current is what the client resolves the conflict against: it must carry the items.
  test('409 details.current is the list with its items', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    await createListItem(owner, trip.id, list.id);
    const response = await owner.patch(listUrl(trip, list), { title: 'lost', version: 9 });
    expect(conflictCurrent<TripList>(response)).toEqual(await listAsShown(owner, trip, list));
  });

  // DESIGN §2a maps `/lists[/{listId}…]`: like stages, places and notes, one list can be read.
  test('GET one list answers it with its items', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    expect(expectStatus<TripList>(await owner.get(listUrl(trip, list)), 200)).toEqual(
      await listAsShown(owner, trip, list),
    );
  });

  test('DELETE removes the list and its items', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    const response = await owner.request('DELETE', listUrl(trip, list), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(await lists(owner, trip)).toEqual([]);
    const gone = await owner.patch(itemUrl(trip, list, item), { text: 'x' });
    expectError(gone, 404, 'list/not-found');
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  test('DELETE without a body removes the list', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    expect((await owner.delete(listUrl(trip, list))).statusCode).toBe(204);
  });

  test('404 for a list that does not exist', async ({ owner, trip }) => {
    const url = `${listsUrl(trip)}/${missingId()}`;
    expectError(await owner.patch(url, { title: 'x' }), 404, 'list/not-found');
    expectError(await owner.request('DELETE', url, { payload: {} }), 404, 'list/not-found');
    const addTo = await owner.post(`${url}/items`, { text: 'x' });
    expectError(addTo, 404, 'list/not-found');
    expectError(await owner.delete(`${listsUrl(trip)}/nope`), 404, 'route/not-found');
  });
});

describe('list items', () => {
  test('POST adds items at the end; PATCH changes and ticks one', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const response = await owner.post(`${listUrl(trip, list)}/items`, { text: '  Passport  ' });
    const passport = expectStatus<ListItem>(response, 201);
    expect(passport).toMatchObject({
      listId: list.id,
      text: 'Passport',
      checked: false,
      version: 1,
    });
    await createListItem(owner, trip.id, list.id, 'Charger');
    expect(await itemTexts(owner, trip, list)).toEqual(['Passport', 'Charger']);

    const ticked = await owner.patch(itemUrl(trip, list, passport), {
      checked: true,
      text: 'Passports',
      version: 1,
    });
    const changed = expectStatus<ListItem>(ticked, 200);
    expect(changed).toMatchObject({ text: 'Passports', checked: true, version: 2 });
    expect((await listAsShown(owner, trip, list))?.items[0]).toEqual(changed);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no text', {}, 'text'],
    ['a blank text', { text: '  ' }, 'text'],
    ['a text too long', { text: 'x'.repeat(301) }, 'text'],
    ['an unknown field', { text: 'x', checked: true }, 'checked'],
  ];
  test.for(invalid)(
    'POST: 400 naming the field for %s',
    async ([, payload, field], { owner, trip }) => {
      const list = await createList(owner, trip.id);
      expectFieldError(await owner.post(`${listUrl(trip, list)}/items`, payload), field);
    },
  );

  test.for([
    ['a blank text', { text: '' }, 'text'],
    ['checked that is not a boolean', { checked: 'yes' }, 'checked'],
    ['an unknown field', { listId: missingId() }, 'listId'],
  ] as const)('PATCH: 400 naming the field for %s', async ([, payload, field], { owner, trip }) => {
    const list = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    expectFieldError(await owner.patch(itemUrl(trip, list, item), payload), field);
  });

  test('DELETE removes an item', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id, 'gone');
    await createListItem(owner, trip.id, list.id, 'kept');
    const response = await owner.request('DELETE', itemUrl(trip, list, item), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(await itemTexts(owner, trip, list)).toEqual(['kept']);
    const again = await owner.request('DELETE', itemUrl(trip, list, item), { payload: {} });
    expectError(again, 404, 'list-item/not-found');
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  test('DELETE without a body removes an item', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    expect((await owner.delete(itemUrl(trip, list, item))).statusCode).toBe(204);
  });

  test('move reorders items, writing only the moved one', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const items: ListItem[] = [];
    for (const text of ['i1', 'i2', 'i3', 'i4']) {
      items.push(await createListItem(owner, trip.id, list.id, text));
    }
    const [i1, i2, i3, i4] = items as [ListItem, ListItem, ListItem, ListItem];
    const move = async (item: ListItem, afterId: string | null) =>
      expectStatus<ListItem>(
        await owner.post(`${itemUrl(trip, list, item)}/move`, { afterId }),
        200,
      );
    const moved = await move(i4, null);
    expect(await itemTexts(owner, trip, list)).toEqual(['i4', 'i1', 'i2', 'i3']);
    const shown = (await listAsShown(owner, trip, list))?.items ?? [];
    expect(shown.filter((item) => item.id !== moved.id)).toEqual([i1, i2, i3]);
    await move(i1, i2.id);
    expect(await itemTexts(owner, trip, list)).toEqual(['i4', 'i2', 'i1', 'i3']);
    await move(i4, i3.id);
    expect(await itemTexts(owner, trip, list)).toEqual(['i2', 'i1', 'i3', 'i4']);
  });

  test('move: 400 naming afterId for an item of another list, itself or nothing', async ({
    owner,
    trip,
  }) => {
    const list = await createList(owner, trip.id);
    const other = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    await createListItem(owner, trip.id, list.id);
    const foreign = await createListItem(owner, trip.id, other.id);
    for (const afterId of [foreign.id, item.id, missingId()]) {
      const response = await owner.post(`${itemUrl(trip, list, item)}/move`, { afterId });
      expectFieldError(response, 'afterId');
    }
  });

  test('PATCH, DELETE and move: 409 on a stale version, with the item as it is now', async ({
    owner,
    trip,
  }) => {
    const list = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    const url = itemUrl(trip, list, item);
    expectStatus(await owner.patch(url, { checked: true }), 200);
    const now = (await listAsShown(owner, trip, list))?.items[0];
    const stale: ['PATCH' | 'DELETE' | 'POST', string, object, Record<string, string>][] = [
      ['PATCH', url, { text: 'lost', version: 1 }, {}],
      ['PATCH', url, { text: 'lost' }, { 'if-match': '"1"' }],
      ['DELETE', url, { version: 1 }, {}],
      ['DELETE', url, {}, { 'if-match': 'W/"1"' }],
      ['POST', `${url}/move`, { afterId: null, version: 1 }, {}],
      ['POST', `${url}/move`, { afterId: null }, { 'if-match': '"1"' }],
    ];
    for (const [method, target, payload, headers] of stale) {
      const response = await owner.request(method, target, { payload, headers });
      expect(conflictCurrent<ListItem>(response)).toEqual(now);
    }
    expect((await listAsShown(owner, trip, list))?.items).toEqual([now]);
  });

  test('an item is reached only through its own list', async ({ owner, trip }) => {
    const list = await createList(owner, trip.id);
    const other = await createList(owner, trip.id);
    const item = await createListItem(owner, trip.id, list.id);
    const wrong = itemUrl(trip, other, item);
    expectError(await owner.patch(wrong, { text: 'x' }), 404, 'list-item/not-found');
    expectError(await owner.request('DELETE', wrong, { payload: {} }), 404, 'list-item/not-found');
    const move = await owner.post(`${wrong}/move`, { afterId: null });
    expectError(move, 404, 'list-item/not-found');
    expect((await listAsShown(owner, trip, list))?.items).toEqual([item]);
  });
});
