import type { Itinerary, ListItem, Note, Place, Stage, TripList } from '@jammy/shared/itineraries';
import type { HTTPMethods } from 'fastify';
import { callsTo, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import {
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createStage,
  getLists,
  getTree,
} from '../../../test/factories';
import type { ServerTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';

// Who may call which itinerary endpoint (access.ts): anonymous 401; a stranger 404, exactly as
// for an itinerary that does not exist; a viewer reads only (403 on writes); an editor writes
// content but may not trash or restore the itinerary (owner only); content ids are only
// reachable through their own itinerary.
export let server: TestServer;
export let owner: Traveller;
export let editor: Traveller;
export let viewer: Traveller;
export let stranger: Traveller;
/** A request as `user` (anonymous when null). */
export const as = callsTo(() => server);

/** An itinerary with one of every kind of content, shared with the editor and the viewer. */
export interface Fixture {
  trip: Itinerary;
  stage: Stage;
  stage2: Stage;
  place: Place;
  note: Note;
  list: TripList;
  item: ListItem;
}

export async function buildFixture(): Promise<Fixture> {
  const trip = await createItinerary(owner, { title: 'Shared trip' });
  await addMember(server, trip.id, editor.id, 'editor');
  await addMember(server, trip.id, viewer.id, 'viewer');
  const stage = await createStage(owner, trip.id, { title: 'Stage' });
  const stage2 = await createStage(owner, trip.id, { title: 'Stage 2' });
  const place = await createPlace(owner, trip.id, { stageId: stage.id });
  const note = await createNote(owner, trip.id);
  const list = await createList(owner, trip.id);
  const item = await createListItem(owner, trip.id, list.id);
  return { trip, stage, stage2, place, note, list, item };
}

export type Action = 'read' | 'write' | 'own';
export type Sub = 'stage' | 'place' | 'note' | 'list' | 'item';

/** The ids a path is made of. */
export type Ids = Record<keyof Fixture, string>;

export function idsOf(f: Fixture): Ids {
  return {
    trip: f.trip.id,
    stage: f.stage.id,
    stage2: f.stage2.id,
    place: f.place.id,
    note: f.note.id,
    list: f.list.id,
    item: f.item.id,
  };
}

export interface Endpoint {
  method: HTTPMethods;
  path(ids: Ids): string;
  payload?(ids: Ids): object;
  action: Action;
  /** The status of a success. */
  status: number;
  /** The content id in the path that names the resource, if any. */
  sub?: Sub;
  /** Removes what it names: a success needs a fixture of its own. */
  destructive?: boolean;
}

export const trip = (ids: Ids) => `/api/itineraries/${ids.trip}`;
export const stage = (ids: Ids) => `${trip(ids)}/stages/${ids.stage}`;
export const place = (ids: Ids) => `${trip(ids)}/places/${ids.place}`;
export const note = (ids: Ids) => `${trip(ids)}/notes/${ids.note}`;
export const list = (ids: Ids) => `${trip(ids)}/lists/${ids.list}`;
export const item = (ids: Ids) => `${list(ids)}/items/${ids.item}`;

export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: trip, action: 'read', status: 200 },
  {
    method: 'PATCH',
    path: trip,
    payload: () => ({ description: 'x' }),
    action: 'write',
    status: 200,
  },
  {
    method: 'DELETE',
    path: trip,
    payload: () => ({}),
    action: 'own',
    status: 200,
    destructive: true,
  },
  { method: 'POST', path: (ids) => `${trip(ids)}/restore`, action: 'own', status: 200 },

  { method: 'GET', path: (ids) => `${trip(ids)}/stages`, action: 'read', status: 200 },
  {
    method: 'POST',
    path: (ids) => `${trip(ids)}/stages`,
    payload: () => ({ title: 'New stage' }),
    action: 'write',
    status: 201,
  },
  { method: 'GET', path: stage, action: 'read', status: 200, sub: 'stage' },
  {
    method: 'PATCH',
    path: stage,
    payload: () => ({ notes: 'x' }),
    action: 'write',
    status: 200,
    sub: 'stage',
  },
  {
    method: 'DELETE',
    path: stage,
    payload: () => ({}),
    action: 'write',
    status: 204,
    sub: 'stage',
    destructive: true,
  },
  {
    method: 'POST',
    path: (ids) => `${stage(ids)}/move`,
    payload: (ids) => ({ afterId: ids.stage2 }),
    action: 'write',
    status: 200,
    sub: 'stage',
  },

  { method: 'GET', path: (ids) => `${trip(ids)}/places`, action: 'read', status: 200 },
  {
    method: 'POST',
    path: (ids) => `${trip(ids)}/places`,
    payload: () => ({ name: 'New place' }),
    action: 'write',
    status: 201,
  },
  { method: 'GET', path: place, action: 'read', status: 200, sub: 'place' },
  {
    method: 'PATCH',
    path: place,
    payload: () => ({ lat: 1 }),
    action: 'write',
    status: 200,
    sub: 'place',
  },
  {
    method: 'DELETE',
    path: place,
    payload: () => ({}),
    action: 'write',
    status: 204,
    sub: 'place',
    destructive: true,
  },
  {
    method: 'POST',
    path: (ids) => `${place(ids)}/move`,
    payload: () => ({ afterId: null, stageId: null }),
    action: 'write',
    status: 200,
    sub: 'place',
  },

  { method: 'GET', path: (ids) => `${trip(ids)}/notes`, action: 'read', status: 200 },
  {
    method: 'POST',
    path: (ids) => `${trip(ids)}/notes`,
    payload: () => ({ body: 'New' }),
    action: 'write',
    status: 201,
  },
  { method: 'GET', path: note, action: 'read', status: 200, sub: 'note' },
  {
    method: 'PATCH',
    path: note,
    payload: () => ({ pinned: true }),
    action: 'write',
    status: 200,
    sub: 'note',
  },
  {
    method: 'DELETE',
    path: note,
    payload: () => ({}),
    action: 'write',
    status: 204,
    sub: 'note',
    destructive: true,
  },

  { method: 'GET', path: (ids) => `${trip(ids)}/lists`, action: 'read', status: 200 },
  {
    method: 'POST',
    path: (ids) => `${trip(ids)}/lists`,
    payload: () => ({ title: 'To do', kind: 'todo' }),
    action: 'write',
    status: 201,
  },
  {
    method: 'PATCH',
    path: list,
    payload: () => ({ title: 'Renamed' }),
    action: 'write',
    status: 200,
    sub: 'list',
  },
  {
    method: 'DELETE',
    path: list,
    payload: () => ({}),
    action: 'write',
    status: 204,
    sub: 'list',
    destructive: true,
  },
  {
    method: 'POST',
    path: (ids) => `${list(ids)}/items`,
    payload: () => ({ text: 'Sunscreen' }),
    action: 'write',
    status: 201,
    sub: 'list',
  },
  {
    method: 'PATCH',
    path: item,
    payload: () => ({ checked: true }),
    action: 'write',
    status: 200,
    sub: 'item',
  },
  {
    method: 'DELETE',
    path: item,
    payload: () => ({}),
    action: 'write',
    status: 204,
    sub: 'item',
    destructive: true,
  },
  {
    method: 'POST',
    path: (ids) => `${item(ids)}/move`,
    payload: () => ({ afterId: null }),
    action: 'write',
    status: 200,
    sub: 'item',
  },
];

/** `[name, endpoint]` rows for it.each, e.g. `PATCH …/stages/{stageId}`. */
export function rows(filter: (endpoint: Endpoint) => boolean): [string, Endpoint][] {
  return ENDPOINTS.filter(filter).map((endpoint) => [label(endpoint), endpoint]);
}

export function label(endpoint: Endpoint): string {
  const names: Ids = {
    trip: '{id}',
    stage: '{stageId}',
    stage2: '{stage2}',
    place: '{placeId}',
    note: '{noteId}',
    list: '{listId}',
    item: '{itemId}',
  };
  return `${endpoint.method} ${endpoint.path(names).replace('/api/itineraries/', '…/')}`;
}

/** The endpoint's request as `user`, on the fixture's ids with some of them replaced. */
export function send(
  user: SignedInUser | null,
  endpoint: Endpoint,
  f: Fixture,
  replace: Partial<Ids> = {},
) {
  const ids = { ...idsOf(f), ...replace };
  const payload = endpoint.payload?.(ids);
  return as(user, endpoint.method, endpoint.path(ids), payload === undefined ? {} : { payload });
}

/** What the owner sees of the fixture: to check that refused writes changed nothing. */
export async function snapshot(f: Fixture) {
  const notes = await as(owner, 'GET', `${trip(idsOf(f))}/notes`);
  return {
    tree: await getTree(owner, f.trip.id),
    notes: expectStatus<unknown>(notes, 200),
    lists: await getLists(owner, f.trip.id),
  };
}

export let shared: Fixture;
export let another: Fixture;

/** The users and the two shared itineraries of these tests, made before the file's first test. */
export function useItineraryAccessTest(test: ServerTest): void {
  test.beforeAll(async ({ server: fileServer, owner: fileOwner, accounts }) => {
    server = fileServer;
    owner = fileOwner;
    editor = await accounts('editor');
    viewer = await accounts('viewer');
    stranger = await accounts('stranger');
    shared = await buildFixture();
    another = await buildFixture();
  });
}
