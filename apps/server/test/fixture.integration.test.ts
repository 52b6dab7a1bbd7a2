import type { Me } from '@jammy/shared/account';
import type { Expense } from '@jammy/shared/budget';
import type { Itinerary, Note, TripList } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { expectStatus } from './expect';
import { getTree } from './factories';
import { serverTest, type Caller } from './fixture';
import type { TestServer } from './server';

const test = serverTest();

let firstServer: TestServer | undefined;
let firstTrip: Itinerary | undefined;

describe('serverTest: the integration tests’ fixture', () => {
  test('gives a verified, signed-in owner and a trip of theirs', async ({
    server,
    owner,
    trip,
  }) => {
    firstServer = server;
    firstTrip = trip;
    const me = expectStatus<Me>(await owner.get('/api/me'), 200);
    expect(me.id).toBe(owner.id);
    expect(me.emailVerified).toBe(true);
    expect(owner.headers()).toEqual({ cookie: owner.cookie, origin: server.origin });
    const tree = await getTree(owner, trip.id);
    expect(tree.itinerary.id).toBe(trip.id);
  });

  test('keeps one server and owner for the file, and makes a fresh trip per test', async ({
    server,
    owner,
    trip,
  }) => {
    expect(server).toBe(firstServer);
    expect(trip.id).not.toBe(firstTrip?.id);
    const mine = expectStatus<{ items: Itinerary[] }>(await owner.get('/api/itineraries'), 200);
    expect(mine.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([trip.id, firstTrip?.id]),
    );
  });

  test('as(caller) calls as each kind of caller of the trip', async ({ trip, as }) => {
    const url = `/api/itineraries/${trip.id}`;
    const reads: Record<Caller, number> = {
      owner: 200,
      editor: 200,
      viewer: 200,
      stranger: 404,
      anonymous: 401,
      admin: 404,
    };
    const answered: Record<string, number> = {};
    for (const caller of Object.keys(reads) as Caller[]) {
      answered[caller] = (await (await as(caller)).get(url)).statusCode;
    }
    expect(answered).toEqual(reads);
    expect((await (await as('viewer')).patch(url, { title: 'No' })).statusCode).toBe(403);
    expect((await (await as('editor')).patch(url, { title: 'Yes' })).statusCode).toBe(200);
    const admin = expectStatus<Me>(await (await as('admin')).get('/api/me'), 200);
    expect(admin.role).toBe('admin');
  });

  test('make.* adds rows to the trip as its owner', async ({ owner, trip, make }) => {
    const stage = await make.stage({ title: 'Rome' });
    const place = await make.place({ stageId: stage.id, name: 'Pantheon' });
    const note = await make.note({ title: 'Tickets' });
    const list = await make.list();
    const booking = await make.booking();
    const expense = await make.expense({ title: 'Gelato' });
    const tree = await getTree(owner, trip.id);
    expect(tree.stages.map((row) => row.title)).toEqual(['Rome']);
    expect(tree.places.map((row) => row.id)).toEqual([place.id]);
    expect(tree.bookings.map((row) => row.id)).toEqual([booking.id]);
    const base = `/api/itineraries/${trip.id}`;
    expect(expectStatus<Note>(await owner.get(`${base}/notes/${note.id}`), 200).title).toBe(
      'Tickets',
    );
    expect(expectStatus<TripList>(await owner.get(`${base}/lists/${list.id}`), 200).kind).toBe(
      'packing',
    );
    const paid = expectStatus<Expense>(await owner.get(`${base}/expenses/${expense.id}`), 200);
    expect(paid.paidBy).toBe(owner.id);
  });
});
