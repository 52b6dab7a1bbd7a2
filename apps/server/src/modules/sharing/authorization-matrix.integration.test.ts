import type { AddressInfo } from 'node:net';
import type { Invitation, ShareLink } from '@jammy/shared/sharing';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/auth-helpers';
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
  expectStatus,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { openEventStream } from './sse-client.test-helpers';

/**
 * THE guard of every itinerary endpoint: each route under /api/itineraries, called by each
 * kind of caller, answers exactly the status in this table. A new route fails the coverage
 * check below until it is added here.
 */
const CALLERS = ['anonymous', 'stranger', 'link holder', 'viewer', 'editor', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = readonly [number, number, number, number, number, number];

/** Params a route needs, made fresh in the caller's own itinerary. */
type Prepare = (id: string) => Promise<Record<string, string>>;

interface Row {
  method: HTTPMethods;
  path: string;
  expect: Statuses;
  prepare?: Prepare;
  payload?: () => object;
}

// anonymous, stranger, link holder (anonymous with ?share=), viewer, editor, owner
const memberRead = (ok = 200): Statuses => [401, 404, 401, ok, ok, ok];
const linkRead: Statuses = [401, 404, 200, 200, 200, 200];
const memberWrite = (ok: number): Statuses => [401, 404, 401, 403, ok, ok];
const ownerOnly = (ok: number): Statuses => [401, 404, 401, 403, 403, ok];

let test: ItineraryTest;
let api: Api;
let base: string;
const users = {} as Record<Exclude<Caller, 'anonymous' | 'link holder'> | 'target', SignedInUser>;

const stage: Prepare = async (id) => ({
  stageId: (await createStage(test.testApp, users.owner, id)).id,
});
const place: Prepare = async (id) => ({
  placeId: (await createPlace(test.testApp, users.owner, id)).id,
});
const note: Prepare = async (id) => ({
  noteId: (await createNote(test.testApp, users.owner, id)).id,
});
const list: Prepare = async (id) => ({
  listId: (await createList(test.testApp, users.owner, id)).id,
});
const item: Prepare = async (id) => {
  const { listId } = await list(id);
  if (!listId) throw new Error('no list');
  return { listId, itemId: (await createListItem(test.testApp, users.owner, id, listId)).id };
};
const invitation: Prepare = async (id) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email: uniqueEmail('invitee'), role: 'viewer' },
  });
  return { invitationId: expectStatus<Invitation>(response, 201).id };
};
const link: Prepare = async (id) => ({ linkId: (await createLink(id)).id });
const target: Prepare = async () => ({ userId: users.target.id });

const TABLE: Row[] = [
  // Lists with strict query schemas refuse the unknown `share` parameter (400) before any
  // authorisation; nothing is revealed either way.
  { method: 'GET', path: '/api/itineraries', expect: [401, 200, 400, 200, 200, 200] },
  {
    method: 'POST',
    path: '/api/itineraries',
    expect: [401, 201, 401, 201, 201, 201],
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
  // stages
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
  // places
  { method: 'GET', path: '/api/itineraries/:id/places', expect: [401, 404, 400, 200, 200, 200] },
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
  // notes
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
  // lists and items
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
  // sharing
  { method: 'GET', path: '/api/itineraries/:id/members', expect: memberRead() },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(200),
    prepare: target,
    payload: () => ({ role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(204),
    prepare: target,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations',
    expect: ownerOnly(201),
    payload: () => ({ email: uniqueEmail('invitee'), role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/invitations/:invitationId',
    expect: ownerOnly(204),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations/:invitationId/resend',
    expect: ownerOnly(200),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/transfer',
    expect: ownerOnly(200),
    payload: () => ({ userId: users.editor.id }),
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/share-links',
    expect: ownerOnly(201),
    payload: () => ({}),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/share-links/:linkId',
    expect: ownerOnly(204),
    prepare: link,
  },
  { method: 'GET', path: '/api/itineraries/:id/activity', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/events', expect: memberRead() },
];

async function createLink(id: string): Promise<ShareLink & { token: string }> {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/share-links`, {
    payload: {},
  });
  const created = expectStatus<ShareLink>(response, 201);
  return { ...created, token: new URL(created.url ?? '').searchParams.get('share') ?? '' };
}

beforeAll(async () => {
  test = await startItineraryTest();
  api = apiFor(test.testApp);
  await test.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(test.testApp.app.server.address() as AddressInfo).port}`;
  const names = ['stranger', 'viewer', 'editor', 'owner', 'target'] as const;
  const created = await Promise.all(names.map((name) => createSignedInUser(test.testApp, name)));
  names.forEach((name, index) => {
    const user = created[index];
    if (user) users[name] = user;
  });
}, 60_000);

afterAll(async () => {
  await test?.close();
});

/** A fresh itinerary of `owner` with a viewer, an editor and the target member. */
async function world(): Promise<string> {
  const trip = await createItinerary(test.testApp, users.owner, { title: 'Matrix' });
  await addMember(test.testApp, trip.id, users.viewer.id, 'viewer');
  await addMember(test.testApp, trip.id, users.editor.id, 'editor');
  await addMember(test.testApp, trip.id, users.target.id, 'viewer');
  return trip.id;
}

/** Every route the app has under /api/itineraries, as `METHOD /path`, from printRoutes. */
function appRoutes(): string[] {
  const printed = test.testApp.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    if (!match[3] || !/^\/api\/itineraries(\/|$)/.test(path)) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

async function statusOf(row: Row, caller: Caller): Promise<number> {
  const id = await world();
  const params: Record<string, string> = { id, ...(await row.prepare?.(id)) };
  let url = row.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
  if (caller === 'link holder') {
    const { token } = await createLink(id);
    url += `${url.includes('?') ? '&' : '?'}share=${token}`;
  }
  const user = caller === 'anonymous' || caller === 'link holder' ? null : users[caller];
  if (row.path.endsWith('/events')) {
    const stream = await openEventStream(`${base}${url}`, user ? { cookie: user.cookie } : {});
    stream.close();
    return stream.status;
  }
  const payload = row.payload?.();
  const response = await api(user, row.method, url, payload ? { payload } : {});
  return response.statusCode;
}

describe('authorisation matrix of /api/itineraries', () => {
  it('every route of the app under /api/itineraries is in the table, and only those', () => {
    const table = TABLE.map((row) => `${row.method} ${row.path}`).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(appRoutes()).toEqual(table);
  });

  for (const row of TABLE) {
    it(`${row.method} ${row.path}`, async () => {
      const actual: Record<string, number> = {};
      for (const caller of CALLERS) actual[caller] = await statusOf(row, caller);
      const expected = Object.fromEntries(
        CALLERS.map((caller, index) => [caller, row.expect[index]]),
      );
      expect(actual).toEqual(expected);
    });
  }
});
