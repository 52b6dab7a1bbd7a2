import type { Itinerary, ListItem, Note, Place, Stage, TripList } from '@jammy/shared/itineraries';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  apiFor,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createSignedInUser,
  createStage,
  expectError,
  expectStatus,
  getLists,
  getTree,
  missingId,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

// Who may call which itinerary endpoint (access.ts): anonymous 401; a stranger 404, exactly as
// for an itinerary that does not exist; a viewer reads only (403 on writes); an editor writes
// content but may not trash or restore the itinerary (owner only); content ids are only
// reachable through their own itinerary.

let setup: ItineraryTest;
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;
const as: Api = (...args) => apiFor(setup.testApp)(...args);

/** An itinerary with one of every kind of content, shared with the editor and the viewer. */
interface Fixture {
  trip: Itinerary;
  stage: Stage;
  stage2: Stage;
  place: Place;
  note: Note;
  list: TripList;
  item: ListItem;
}

async function buildFixture(): Promise<Fixture> {
  const { testApp } = setup;
  const trip = await createItinerary(testApp, owner, { title: 'Shared trip' });
  await addMember(testApp, trip.id, editor.id, 'editor');
  await addMember(testApp, trip.id, viewer.id, 'viewer');
  const stage = await createStage(testApp, owner, trip.id, { title: 'Stage' });
  const stage2 = await createStage(testApp, owner, trip.id, { title: 'Stage 2' });
  const place = await createPlace(testApp, owner, trip.id, { stageId: stage.id });
  const note = await createNote(testApp, owner, trip.id);
  const list = await createList(testApp, owner, trip.id);
  const item = await createListItem(testApp, owner, trip.id, list.id);
  return { trip, stage, stage2, place, note, list, item };
}

type Action = 'read' | 'write' | 'own';
type Sub = 'stage' | 'place' | 'note' | 'list' | 'item';

/** The ids a path is made of. */
type Ids = Record<keyof Fixture, string>;

function idsOf(f: Fixture): Ids {
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

interface Endpoint {
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

const trip = (ids: Ids) => `/api/itineraries/${ids.trip}`;
const stage = (ids: Ids) => `${trip(ids)}/stages/${ids.stage}`;
const place = (ids: Ids) => `${trip(ids)}/places/${ids.place}`;
const note = (ids: Ids) => `${trip(ids)}/notes/${ids.note}`;
const list = (ids: Ids) => `${trip(ids)}/lists/${ids.list}`;
const item = (ids: Ids) => `${list(ids)}/items/${ids.item}`;

const ENDPOINTS: Endpoint[] = [
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
function rows(filter: (endpoint: Endpoint) => boolean): [string, Endpoint][] {
  return ENDPOINTS.filter(filter).map((endpoint) => [label(endpoint), endpoint]);
}

function label(endpoint: Endpoint): string {
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
function send(
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
async function snapshot(f: Fixture) {
  const notes = await as(owner, 'GET', `${trip(idsOf(f))}/notes`);
  return {
    tree: await getTree(setup.testApp, owner, f.trip.id),
    notes: expectStatus<unknown>(notes, 200),
    lists: await getLists(setup.testApp, owner, f.trip.id),
  };
}

let shared: Fixture;
let another: Fixture;

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'owner');
  editor = await createSignedInUser(setup.testApp, 'editor');
  viewer = await createSignedInUser(setup.testApp, 'viewer');
  stranger = await createSignedInUser(setup.testApp, 'stranger');
  shared = await buildFixture();
  another = await buildFixture();
});

afterAll(async () => {
  await setup?.close();
});

describe('anonymous callers', () => {
  it.each([
    ['GET …', 'GET', '/api/itineraries'],
    ['POST …', 'POST', '/api/itineraries'],
  ] as const)('%s/api/itineraries → 401', async (_name, method, url) => {
    const response = await as(
      null,
      method,
      url,
      method === 'POST' ? { payload: { title: 'x' } } : {},
    );
    expectError(response, 401, 'auth/unauthenticated');
  });

  it.each(rows(() => true))('%s → 401', async (_name, endpoint) => {
    expectError(await send(null, endpoint, shared), 401, 'auth/unauthenticated');
  });
});

describe('strangers', () => {
  it.each(rows(() => true))(
    '%s → 404, the same answer as for an itinerary that does not exist',
    async (_name, endpoint) => {
      const real = await send(stranger, endpoint, shared);
      const body = expectError(real, 404, 'itinerary/not-found');
      const nowhere = { trip: missingId() };
      const missing = await send(stranger, endpoint, shared, nowhere);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(body);
      // The owner gets the same for the missing one too.
      expect((await send(owner, endpoint, shared, nowhere)).json()).toEqual(body);
    },
  );

  it('a stranger cannot see a trashed itinerary nor restore it', async () => {
    const f = await buildFixture();
    expectStatus(await as(owner, 'DELETE', trip(idsOf(f)), { payload: {} }), 200);
    const restore = await as(stranger, 'POST', `${trip(idsOf(f))}/restore`);
    expect(expectError(restore, 404, 'itinerary/not-found')).toEqual(
      (await as(stranger, 'POST', `/api/itineraries/${missingId()}/restore`)).json(),
    );
    expectError(await as(viewer, 'GET', trip(idsOf(f))), 404, 'itinerary/not-found');
  });
});

describe('ids that are not UUIDv7', () => {
  it.each(rows(() => true))('%s with a malformed itinerary id → 404', async (_name, endpoint) => {
    const response = await send(owner, endpoint, shared, { trip: 'not-a-uuid' });
    expectError(response, 404, 'route/not-found');
  });

  it.each(rows((endpoint) => endpoint.sub !== undefined))(
    '%s with a UUIDv4 as content id → 404',
    async (_name, endpoint) => {
      const v4 = '3b241101-e2bb-4255-8caf-4136c566a962';
      const response = await send(owner, endpoint, shared, { [endpoint.sub ?? 'stage']: v4 });
      expectError(response, 404, 'route/not-found');
    },
  );
});

describe('viewers', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeAll(async () => {
    before = await snapshot(shared);
  });

  it.each(rows((endpoint) => endpoint.action === 'read'))('%s → 200', async (_name, endpoint) => {
    expectStatus(await send(viewer, endpoint, shared), endpoint.status);
  });

  it.each(rows((endpoint) => endpoint.action !== 'read'))('%s → 403', async (_name, endpoint) => {
    expectError(await send(viewer, endpoint, shared), 403, 'auth/forbidden');
  });

  it('the refused writes changed nothing', async () => {
    expect(await snapshot(shared)).toEqual(before);
  });

  it('GET /api/itineraries/{id} shows the viewer their role', async () => {
    const tree = await getTree(setup.testApp, viewer, shared.trip.id);
    expect(tree.itinerary.role).toBe('viewer');
  });
});

describe('editors', () => {
  it.each(rows((endpoint) => endpoint.action !== 'own'))(
    '%s → success',
    async (_name, endpoint) => {
      const f = endpoint.destructive ? await buildFixture() : shared;
      expect((await send(editor, endpoint, f)).statusCode).toBe(endpoint.status);
    },
  );

  it.each(rows((endpoint) => endpoint.action === 'own'))('%s → 403', async (_name, endpoint) => {
    expectError(await send(editor, endpoint, shared), 403, 'auth/forbidden');
    expect((await getTree(setup.testApp, owner, shared.trip.id)).itinerary.deletedAt).toBeNull();
  });

  it('may not restore a trashed itinerary either; the owner may', async () => {
    const f = await buildFixture();
    expectStatus(await as(owner, 'DELETE', trip(idsOf(f)), { payload: {} }), 200);
    expectError(await as(editor, 'POST', `${trip(idsOf(f))}/restore`), 403, 'auth/forbidden');
    expectError(await as(viewer, 'POST', `${trip(idsOf(f))}/restore`), 403, 'auth/forbidden');
    expect(
      expectStatus<Itinerary>(await as(owner, 'POST', `${trip(idsOf(f))}/restore`), 200).deletedAt,
    ).toBeNull();
    expect((await getTree(setup.testApp, editor, f.trip.id)).itinerary.role).toBe('editor');
  });
});

describe('owners', () => {
  it.each(rows(() => true))('%s → success', async (_name, endpoint) => {
    const f = endpoint.destructive ? await buildFixture() : shared;
    expect((await send(owner, endpoint, f)).statusCode).toBe(endpoint.status);
  });
});

describe('content of another itinerary', () => {
  const notFound: Record<Sub, string> = {
    stage: 'stage/not-found',
    place: 'place/not-found',
    note: 'note/not-found',
    list: 'list/not-found',
    // The list is checked first: the item's list is not in this itinerary.
    item: 'list/not-found',
  };

  it.each(rows((endpoint) => endpoint.sub !== undefined))(
    '%s with an id from another itinerary of the same owner → 404',
    async (_name, endpoint) => {
      const before = await snapshot(another);
      // The other itinerary's content ids, under the shared itinerary's id.
      const response = await send(owner, endpoint, another, { trip: shared.trip.id });
      expectError(response, 404, notFound[endpoint.sub ?? 'stage']);
      expect(await snapshot(another)).toEqual(before);
    },
  );

  it('an item of another itinerary under a list of this one → 404 list-item/not-found', async () => {
    const path = item({ ...idsOf(shared), item: another.item.id });
    const patch = await as(owner, 'PATCH', path, { payload: { text: 'x' } });
    expectError(patch, 404, 'list-item/not-found');
  });

  it('a member of one itinerary cannot reach another one through it', async () => {
    const theirs = await createItinerary(setup.testApp, stranger, { title: 'Private' });
    const theirStage = await createStage(setup.testApp, stranger, theirs.id);
    // The viewer and editor of `shared` try a stage of the stranger's itinerary.
    for (const user of [viewer, editor]) {
      const url = `${trip(idsOf(shared))}/stages/${theirStage.id}`;
      expectError(await as(user, 'GET', url), 404, 'stage/not-found');
      expectError(
        await as(user, 'GET', `/api/itineraries/${theirs.id}`),
        404,
        'itinerary/not-found',
      );
    }
  });
});
