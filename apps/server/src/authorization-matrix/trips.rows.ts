import {
  createList,
  createListItem,
  createNote,
  createPlace,
  createStage,
} from '../../test/factories';
import {
  linkRead,
  memberRead,
  memberWrite,
  ownerOnly,
  signedIn,
  type Row,
  type World,
} from './matrix';

// The itinerary and the rows inside it, made by its owner.
const owner = ({ server, users }: World) => server.client(users.owner);
const stage = async (world: World, id: string) => ({
  stageId: (await createStage(owner(world), id)).id,
});
const place = async (world: World, id: string) => ({
  placeId: (await createPlace(owner(world), id)).id,
});
const note = async (world: World, id: string) => ({
  noteId: (await createNote(owner(world), id)).id,
});
const list = async (world: World, id: string) => ({
  listId: (await createList(owner(world), id)).id,
});
const item = async (world: World, id: string) => {
  const { listId } = await list(world, id);
  return { listId, itemId: (await createListItem(owner(world), id, listId)).id };
};

export const TRIP_ROWS: readonly Row[] = [
  // --- itineraries ---
  // Lists with strict query schemas refuse the unknown `share` parameter (400) before any
  // authorisation; nothing is revealed either way.
  { method: 'GET', path: '/api/itineraries', expect: signedIn(200, 400) },
  {
    method: 'POST',
    path: '/api/itineraries',
    expect: signedIn(201),
    payload: () => ({ title: 'Mine' }),
  },
  { method: 'GET', path: '/api/itineraries/:id', expect: linkRead },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id',
    expect: memberWrite(200),
    payload: () => ({ title: 'Renamed' }),
  },
  { method: 'DELETE', path: '/api/itineraries/:id', expect: ownerOnly(200) },
  { method: 'POST', path: '/api/itineraries/:id/restore', expect: ownerOnly(200) },
  // --- stages ---
  { method: 'GET', path: '/api/itineraries/:id/stages', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/stages',
    expect: memberWrite(201),
    payload: () => ({ title: 'Stage' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberRead(),
    prepare: stage,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberWrite(200),
    prepare: stage,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberWrite(204),
    prepare: stage,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/stages/:stageId/move',
    expect: memberWrite(200),
    prepare: stage,
    payload: () => ({ afterId: null }),
  },
  // --- places ---
  {
    method: 'GET',
    path: '/api/itineraries/:id/places',
    expect: [401, 404, 400, 200, 200, 200, 404],
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/places',
    expect: memberWrite(201),
    payload: () => ({ name: 'Place' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberRead(),
    prepare: place,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberWrite(200),
    prepare: place,
    payload: () => ({ name: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberWrite(204),
    prepare: place,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/places/:placeId/move',
    expect: memberWrite(200),
    prepare: place,
    payload: () => ({ afterId: null }),
  },
  // --- notes ---
  { method: 'GET', path: '/api/itineraries/:id/notes', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/notes',
    expect: memberWrite(201),
    payload: () => ({ title: 'Note' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberRead(),
    prepare: note,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberWrite(200),
    prepare: note,
    payload: () => ({ body: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberWrite(204),
    prepare: note,
  },
  // --- lists and items ---
  { method: 'GET', path: '/api/itineraries/:id/lists', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists',
    expect: memberWrite(201),
    payload: () => ({ title: 'To do', kind: 'todo' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberRead(),
    prepare: list,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberWrite(200),
    prepare: list,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberWrite(204),
    prepare: list,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists/:listId/items',
    expect: memberWrite(201),
    prepare: list,
    payload: () => ({ text: 'Socks' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberRead(),
    prepare: item,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberWrite(200),
    prepare: item,
    payload: () => ({ checked: true }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberWrite(204),
    prepare: item,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId/move',
    expect: memberWrite(200),
    prepare: item,
    payload: () => ({ afterId: null }),
  },
];
