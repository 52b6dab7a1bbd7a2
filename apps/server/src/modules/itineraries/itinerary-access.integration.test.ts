import type { Itinerary } from '@jammy/shared/itineraries';
import { beforeAll, describe, expect } from 'vitest';
import { expectError, expectStatus, missingId } from '../../../test/expect';
import { createItinerary, createStage, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  another,
  as,
  buildFixture,
  editor,
  idsOf,
  item,
  owner,
  rows,
  send,
  shared,
  snapshot,
  stranger,
  type Sub,
  trip,
  useItineraryAccessTest,
  viewer,
} from './itinerary-access.test-helpers';

const test = serverTest({ mail: 'outbox' });
useItineraryAccessTest(test);

describe('anonymous callers', () => {
  test.each([
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

  test.each(rows(() => true))('%s → 401', async (_name, endpoint) => {
    expectError(await send(null, endpoint, shared), 401, 'auth/unauthenticated');
  });
});

describe('strangers', () => {
  test.each(rows(() => true))(
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

  test('a stranger cannot see a trashed itinerary nor restore it', async () => {
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
  test.each(rows(() => true))('%s with a malformed itinerary id → 404', async (_name, endpoint) => {
    const response = await send(owner, endpoint, shared, { trip: 'not-a-uuid' });
    expectError(response, 404, 'route/not-found');
  });

  test.each(rows((endpoint) => endpoint.sub !== undefined))(
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

  test.each(rows((endpoint) => endpoint.action === 'read'))('%s → 200', async (_name, endpoint) => {
    expectStatus(await send(viewer, endpoint, shared), endpoint.status);
  });

  test.each(rows((endpoint) => endpoint.action !== 'read'))('%s → 403', async (_name, endpoint) => {
    expectError(await send(viewer, endpoint, shared), 403, 'auth/forbidden');
  });

  test('the refused writes changed nothing', async () => {
    expect(await snapshot(shared)).toEqual(before);
  });

  test('GET /api/itineraries/{id} shows the viewer their role', async () => {
    const tree = await getTree(viewer, shared.trip.id);
    expect(tree.itinerary.role).toBe('viewer');
  });
});

describe('editors', () => {
  test.each(rows((endpoint) => endpoint.action !== 'own'))(
    '%s → success',
    async (_name, endpoint) => {
      const f = endpoint.destructive ? await buildFixture() : shared;
      expect((await send(editor, endpoint, f)).statusCode).toBe(endpoint.status);
    },
  );

  test.each(rows((endpoint) => endpoint.action === 'own'))('%s → 403', async (_name, endpoint) => {
    expectError(await send(editor, endpoint, shared), 403, 'auth/forbidden');
    expect((await getTree(owner, shared.trip.id)).itinerary.deletedAt).toBeNull();
  });

  test('may not restore a trashed itinerary either; the owner may', async () => {
    const f = await buildFixture();
    expectStatus(await as(owner, 'DELETE', trip(idsOf(f)), { payload: {} }), 200);
    expectError(await as(editor, 'POST', `${trip(idsOf(f))}/restore`), 403, 'auth/forbidden');
    expectError(await as(viewer, 'POST', `${trip(idsOf(f))}/restore`), 403, 'auth/forbidden');
    expect(
      expectStatus<Itinerary>(await as(owner, 'POST', `${trip(idsOf(f))}/restore`), 200).deletedAt,
    ).toBeNull();
    expect((await getTree(editor, f.trip.id)).itinerary.role).toBe('editor');
  });
});

describe('owners', () => {
  test.each(rows(() => true))('%s → success', async (_name, endpoint) => {
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

  test.each(rows((endpoint) => endpoint.sub !== undefined))(
    '%s with an id from another itinerary of the same owner → 404',
    async (_name, endpoint) => {
      const before = await snapshot(another);
      // The other itinerary's content ids, under the shared itinerary's id.
      const response = await send(owner, endpoint, another, { trip: shared.trip.id });
      expectError(response, 404, notFound[endpoint.sub ?? 'stage']);
      expect(await snapshot(another)).toEqual(before);
    },
  );

  test('an item of another itinerary under a list of this one → 404 list-item/not-found', async () => {
    const path = item({ ...idsOf(shared), item: another.item.id });
    const patch = await as(owner, 'PATCH', path, { payload: { text: 'x' } });
    expectError(patch, 404, 'list-item/not-found');
  });

  test('a member of one itinerary cannot reach another one through it', async () => {
    const theirs = await createItinerary(stranger, { title: 'Private' });
    const theirStage = await createStage(stranger, theirs.id);
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
