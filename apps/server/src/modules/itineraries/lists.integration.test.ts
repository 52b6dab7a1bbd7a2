import type { Itinerary, ListItem, TripList } from '@jammy/shared/itineraries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFor,
  conflictCurrent,
  createItinerary,
  createList,
  createListItem,
  createSignedInUser,
  expectError,
  expectFieldError,
  expectStatus,
  getLists,
  missingId,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

let setup: ItineraryTest;
let owner: SignedInUser;
const as: Api = (...args) => apiFor(setup.testApp)(...args);

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'lists');
});

afterAll(async () => {
  await setup?.close();
});

const newTrip = () => createItinerary(setup.testApp, owner);
const listsUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/lists`;
const listUrl = (trip: Itinerary, list: TripList) => `${listsUrl(trip)}/${list.id}`;
const itemUrl = (trip: Itinerary, list: TripList, item: ListItem) =>
  `${listUrl(trip, list)}/items/${item.id}`;
const lists = (trip: Itinerary) => getLists(setup.testApp, owner, trip.id);
const listAsShown = async (trip: Itinerary, list: TripList) =>
  (await lists(trip)).find((row) => row.id === list.id);
const itemTexts = async (trip: Itinerary, list: TripList) =>
  (await listAsShown(trip, list))?.items.map((item) => item.text);

describe('lists', () => {
  it('POST starts a list; GET answers the lists in order with their items', async () => {
    const trip = await newTrip();
    const response = await as(owner, 'POST', listsUrl(trip), {
      payload: { title: 'Packing', kind: 'packing' },
    });
    const packing = expectStatus<TripList>(response, 201);
    expect(packing).toMatchObject({
      itineraryId: trip.id,
      title: 'Packing',
      kind: 'packing',
      items: [],
      version: 1,
    });
    const todo = await createList(setup.testApp, owner, trip.id, { title: 'To do', kind: 'todo' });
    const item = await createListItem(setup.testApp, owner, trip.id, packing.id, 'Passport');
    expect(await lists(trip)).toEqual([{ ...packing, items: [item] }, todo]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no title', { kind: 'todo' }, 'title'],
    ['a title too long', { title: 'x'.repeat(121), kind: 'todo' }, 'title'],
    ['no kind', { title: 'x' }, 'kind'],
    ['an unknown kind', { title: 'x', kind: 'shopping' }, 'kind'],
    ['an unknown field', { title: 'x', kind: 'todo', colour: 'red' }, 'colour'],
  ];
  it.each(invalid)('POST: 400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    expectFieldError(await as(owner, 'POST', listsUrl(trip), { payload }), field);
  });

  it('PATCH renames the list and bumps its version', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const response = await as(owner, 'PATCH', listUrl(trip, list), {
      payload: { title: 'Carry-on', version: 1 },
    });
    expect(expectStatus<TripList>(response, 200)).toMatchObject({ title: 'Carry-on', version: 2 });
    expect(await listAsShown(trip, list)).toMatchObject({ title: 'Carry-on', version: 2 });
  });

  it.each([
    ['a blank title', { title: '' }, 'title'],
    ['the kind (not changeable)', { kind: 'todo' }, 'kind'],
    ['an unknown field', { items: [] }, 'items'],
  ] as const)('PATCH: 400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    expectFieldError(await as(owner, 'PATCH', listUrl(trip, list), { payload }), field);
  });

  // The answer to a PATCH is the whole list as GET shows it, items included, so a client can
  // replace its copy with it.
  it('PATCH answers the list with its items', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    await createListItem(setup.testApp, owner, trip.id, list.id, 'Socks');
    const response = await as(owner, 'PATCH', listUrl(trip, list), { payload: { title: 'New' } });
    expect(expectStatus<TripList>(response, 200)).toEqual(await listAsShown(trip, list));
  });

  it('PATCH and DELETE: 409 on a stale version (body or If-Match)', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const url = listUrl(trip, list);
    expectStatus(await as(owner, 'PATCH', url, { payload: { title: 'v2' } }), 200);
    const now = await listAsShown(trip, list);
    const stale: [string, Record<string, unknown>, Record<string, string>][] = [
      ['PATCH', { title: 'lost', version: 1 }, {}],
      ['PATCH', { title: 'lost' }, { 'if-match': '"1"' }],
      ['DELETE', { version: 1 }, {}],
      ['DELETE', {}, { 'if-match': '"1"' }],
    ];
    for (const [method, payload, headers] of stale) {
      const response = await as(owner, method === 'PATCH' ? 'PATCH' : 'DELETE', url, {
        payload,
        headers,
      });
      // details.current is the list as GET shows it.
      expect(conflictCurrent<TripList>(response)).toEqual(now);
    }
  });

  // details.current is what the client resolves the conflict against: it must carry the items.
  it('409 details.current is the list with its items', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    await createListItem(setup.testApp, owner, trip.id, list.id);
    const response = await as(owner, 'PATCH', listUrl(trip, list), {
      payload: { title: 'lost', version: 9 },
    });
    expect(conflictCurrent<TripList>(response)).toEqual(await listAsShown(trip, list));
  });

  // DESIGN §2a maps `/lists[/{listId}…]`: like stages, places and notes, one list can be read.
  it('GET one list answers it with its items', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    expect(expectStatus<TripList>(await as(owner, 'GET', listUrl(trip, list)), 200)).toEqual(
      await listAsShown(trip, list),
    );
  });

  it('DELETE removes the list and its items', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    const response = await as(owner, 'DELETE', listUrl(trip, list), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(await lists(trip)).toEqual([]);
    const gone = await as(owner, 'PATCH', itemUrl(trip, list, item), { payload: { text: 'x' } });
    expectError(gone, 404, 'list/not-found');
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  it('DELETE without a body removes the list', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    expect((await as(owner, 'DELETE', listUrl(trip, list))).statusCode).toBe(204);
  });

  it('404 for a list that does not exist', async () => {
    const trip = await newTrip();
    const url = `${listsUrl(trip)}/${missingId()}`;
    expectError(await as(owner, 'PATCH', url, { payload: { title: 'x' } }), 404, 'list/not-found');
    expectError(await as(owner, 'DELETE', url, { payload: {} }), 404, 'list/not-found');
    const addTo = await as(owner, 'POST', `${url}/items`, { payload: { text: 'x' } });
    expectError(addTo, 404, 'list/not-found');
    expectError(await as(owner, 'DELETE', `${listsUrl(trip)}/nope`), 404, 'route/not-found');
  });
});

describe('list items', () => {
  it('POST adds items at the end; PATCH changes and ticks one', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const response = await as(owner, 'POST', `${listUrl(trip, list)}/items`, {
      payload: { text: '  Passport  ' },
    });
    const passport = expectStatus<ListItem>(response, 201);
    expect(passport).toMatchObject({
      listId: list.id,
      text: 'Passport',
      checked: false,
      version: 1,
    });
    await createListItem(setup.testApp, owner, trip.id, list.id, 'Charger');
    expect(await itemTexts(trip, list)).toEqual(['Passport', 'Charger']);

    const ticked = await as(owner, 'PATCH', itemUrl(trip, list, passport), {
      payload: { checked: true, text: 'Passports', version: 1 },
    });
    const changed = expectStatus<ListItem>(ticked, 200);
    expect(changed).toMatchObject({ text: 'Passports', checked: true, version: 2 });
    expect((await listAsShown(trip, list))?.items[0]).toEqual(changed);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['no text', {}, 'text'],
    ['a blank text', { text: '  ' }, 'text'],
    ['a text too long', { text: 'x'.repeat(301) }, 'text'],
    ['an unknown field', { text: 'x', checked: true }, 'checked'],
  ];
  it.each(invalid)('POST: 400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    expectFieldError(await as(owner, 'POST', `${listUrl(trip, list)}/items`, { payload }), field);
  });

  it.each([
    ['a blank text', { text: '' }, 'text'],
    ['checked that is not a boolean', { checked: 'yes' }, 'checked'],
    ['an unknown field', { listId: missingId() }, 'listId'],
  ] as const)('PATCH: 400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    expectFieldError(await as(owner, 'PATCH', itemUrl(trip, list, item), { payload }), field);
  });

  it('DELETE removes an item', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id, 'gone');
    await createListItem(setup.testApp, owner, trip.id, list.id, 'kept');
    const response = await as(owner, 'DELETE', itemUrl(trip, list, item), { payload: {} });
    expect(response.statusCode).toBe(204);
    expect(await itemTexts(trip, list)).toEqual(['kept']);
    const again = await as(owner, 'DELETE', itemUrl(trip, list, item), { payload: {} });
    expectError(again, 404, 'list-item/not-found');
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  it('DELETE without a body removes an item', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    expect((await as(owner, 'DELETE', itemUrl(trip, list, item))).statusCode).toBe(204);
  });

  it('move reorders items, writing only the moved one', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const items: ListItem[] = [];
    for (const text of ['i1', 'i2', 'i3', 'i4']) {
      items.push(await createListItem(setup.testApp, owner, trip.id, list.id, text));
    }
    const [i1, i2, i3, i4] = items as [ListItem, ListItem, ListItem, ListItem];
    const move = async (item: ListItem, afterId: string | null) =>
      expectStatus<ListItem>(
        await as(owner, 'POST', `${itemUrl(trip, list, item)}/move`, { payload: { afterId } }),
        200,
      );
    const moved = await move(i4, null);
    expect(await itemTexts(trip, list)).toEqual(['i4', 'i1', 'i2', 'i3']);
    const shown = (await listAsShown(trip, list))?.items ?? [];
    expect(shown.filter((item) => item.id !== moved.id)).toEqual([i1, i2, i3]);
    await move(i1, i2.id);
    expect(await itemTexts(trip, list)).toEqual(['i4', 'i2', 'i1', 'i3']);
    await move(i4, i3.id);
    expect(await itemTexts(trip, list)).toEqual(['i2', 'i1', 'i3', 'i4']);
  });

  it('move: 400 naming afterId for an item of another list, itself or nothing', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const other = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    await createListItem(setup.testApp, owner, trip.id, list.id);
    const foreign = await createListItem(setup.testApp, owner, trip.id, other.id);
    for (const afterId of [foreign.id, item.id, missingId()]) {
      const response = await as(owner, 'POST', `${itemUrl(trip, list, item)}/move`, {
        payload: { afterId },
      });
      expectFieldError(response, 'afterId');
    }
  });

  it('PATCH, DELETE and move: 409 on a stale version, with the item as it is now', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    const url = itemUrl(trip, list, item);
    expectStatus(await as(owner, 'PATCH', url, { payload: { checked: true } }), 200);
    const now = (await listAsShown(trip, list))?.items[0];
    const stale: ['PATCH' | 'DELETE' | 'POST', string, object, Record<string, string>][] = [
      ['PATCH', url, { text: 'lost', version: 1 }, {}],
      ['PATCH', url, { text: 'lost' }, { 'if-match': '"1"' }],
      ['DELETE', url, { version: 1 }, {}],
      ['DELETE', url, {}, { 'if-match': 'W/"1"' }],
      ['POST', `${url}/move`, { afterId: null, version: 1 }, {}],
      ['POST', `${url}/move`, { afterId: null }, { 'if-match': '"1"' }],
    ];
    for (const [method, target, payload, headers] of stale) {
      const response = await as(owner, method, target, { payload, headers });
      expect(conflictCurrent<ListItem>(response)).toEqual(now);
    }
    expect((await listAsShown(trip, list))?.items).toEqual([now]);
  });

  it('an item is reached only through its own list', async () => {
    const trip = await newTrip();
    const list = await createList(setup.testApp, owner, trip.id);
    const other = await createList(setup.testApp, owner, trip.id);
    const item = await createListItem(setup.testApp, owner, trip.id, list.id);
    const wrong = itemUrl(trip, other, item);
    expectError(
      await as(owner, 'PATCH', wrong, { payload: { text: 'x' } }),
      404,
      'list-item/not-found',
    );
    expectError(await as(owner, 'DELETE', wrong, { payload: {} }), 404, 'list-item/not-found');
    const move = await as(owner, 'POST', `${wrong}/move`, { payload: { afterId: null } });
    expectError(move, 404, 'list-item/not-found');
    expect((await listAsShown(trip, list))?.items).toEqual([item]);
  });
});
