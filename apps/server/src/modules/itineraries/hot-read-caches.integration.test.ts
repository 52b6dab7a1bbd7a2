import type { AddressInfo } from 'node:net';
import type { BudgetSummary } from '@jammy/shared/budget';
import type { Booking } from '@jammy/shared/bookings';
import type { ItinerarySummary, Page } from '@jammy/shared/itineraries';
import type { Session } from '@jammy/shared/session';
import type { ShareLink } from '@jammy/shared/sharing';
import { describe, expect } from 'vitest';
import { call, type SignedInUser } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import {
  createBooking,
  createExpense,
  createItinerary,
  createPlace,
} from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember, countQueries } from '../../../test/itinerary-helpers';
import type { TestApp } from '../../../test/test-app';
import { openEventStream } from '../sharing/sse-client.test-helpers';
import {
  a,
  b,
  body,
  eventually,
  owner,
  tripWithPlaces,
  uncached,
  useDocumentCacheTest,
  viewer,
} from './document-cache.test-helpers';

// The hot reads kept in memory beside the trip document (docs/decisions/041): each is answered
// by process B without a query once warm, and each change made through process A (or behind
// B's back in another way it must hear of) reaches B's answer.

const test = serverTest({ mail: 'outbox' });
useDocumentCacheTest(test);

/**
 * The statements B sends PostgreSQL while `work` runs a second time (a stream's presence
 * NOTIFY aside): the first, after every notification of the writes before it was heard, warms
 * B's caches.
 */
async function warmStatementsOf<T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  await b.heard();
  await work();
  await b.heard();
  const counter = countQueries(b.database.pool);
  try {
    const { result, statements } = await counter.measure(work);
    return { result, sql: statements.filter((statement) => !statement.includes('pg_notify')) };
  } finally {
    counter.stop();
  }
}

/** A write through A answered 204 (no body to read). */
async function noContent(write: Promise<{ statusCode: number; body: string }>) {
  const response = await write;
  expect(response.statusCode, response.body).toBe(204);
}

const get = (app: TestApp, user: SignedInUser | null, url: string) => call(app, user, 'GET', url);
const list = (app: TestApp, user: SignedInUser, query = '') =>
  get(app, user, `/api/itineraries${query}`);
const titles = (response: { json<T>(): T }) =>
  response.json<Page<ItinerarySummary>>().items.map((item) => item.title);

describe('the list of trips', () => {
  test('a warm page asks nothing, and equals the uncached page', async () => {
    await createItinerary(owner, { title: 'Warm list' });
    const { result, sql } = await warmStatementsOf(() => list(b, owner, '?limit=5'));
    expect(sql).toEqual([]);
    expect(body(result)).toBe((await list(uncached, owner, '?limit=5')).body);
  });

  test('a change to a trip through the other process reaches every page of its members', async () => {
    const trip = await createItinerary(owner, { title: 'Renamed list' });
    await addMember(a, trip.id, viewer.id, 'viewer');
    for (const reader of [owner, viewer]) expectStatus(await list(b, reader), 200);
    expectStatus(await list(b, owner, '?sort=start'), 200);
    expectStatus(
      await call(a, owner, 'PATCH', `/api/itineraries/${trip.id}`, {
        payload: { title: 'Renamed list, spring', version: trip.version },
      }),
      200,
    );
    for (const [reader, query] of [
      [owner, ''],
      [viewer, ''],
      [owner, '?sort=start'],
    ] as const) {
      await eventually(
        async () => titles(await list(b, reader, query)).includes('Renamed list, spring'),
        `B lists the new title for ${reader === owner ? 'the owner' : 'the viewer'} ${query}`,
      );
    }
    // A place added through A changes the counts B shows.
    await createPlace(owner, trip.id, { name: 'Market' });
    await eventually(async () => {
      const item = (await list(b, owner))
        .json<Page<ItinerarySummary>>()
        .items.find((candidate) => candidate.id === trip.id);
      return item?.placeCount === 1;
    }, 'B counts the new place');
    expect(body(await list(b, owner))).toBe((await list(uncached, owner)).body);
  });

  test('a new trip, a new member, a removal and the trash reach the other process', async () => {
    const guest = await a.traveller({ label: 'list-guest' });
    expectStatus(await list(b, guest), 200);
    expectStatus(await list(b, owner), 200);
    // Made through A: B lists it for its owner.
    const trip = await createItinerary(owner, { title: 'Made elsewhere' });
    await eventually(
      async () => titles(await list(b, owner)).includes('Made elsewhere'),
      'B lists the trip made through A',
    );
    // Shared with a traveller whose (empty) list B keeps: it appears, then goes with them.
    await addMember(a, trip.id, guest.id, 'editor');
    await eventually(
      async () => titles(await list(b, guest)).includes('Made elsewhere'),
      'B lists the trip for its new member',
    );
    await noContent(call(a, owner, 'DELETE', `/api/itineraries/${trip.id}/members/${guest.id}`));
    await eventually(
      async () => !titles(await list(b, guest)).includes('Made elsewhere'),
      'B no longer lists it for the removed member',
    );
    // Into the trash through A: off B's list, onto its trash.
    expectStatus(await list(b, owner, '?trash=true'), 200);
    expectStatus(
      await call(a, owner, 'DELETE', `/api/itineraries/${trip.id}`, {
        payload: { version: trip.version },
      }),
      200,
    );
    await eventually(
      async () =>
        !titles(await list(b, owner)).includes('Made elsewhere') &&
        titles(await list(b, owner, '?trash=true')).includes('Made elsewhere'),
      'B moves the trip to the trash',
    );
  });

  test('its author reads their own new trip at once, before any notification comes back', async () => {
    expectStatus(await list(b, owner), 200);
    const created = await call(b, owner, 'POST', '/api/itineraries', {
      payload: { title: 'Made right here' },
    });
    expectStatus(created, 201);
    expect(titles(await list(b, owner))).toContain('Made right here');
  });
});

describe('the session check', () => {
  const session = (app: TestApp, user: SignedInUser | null) => get(app, user, '/api/session');

  test('a warm check asks nothing', async () => {
    const { result, sql } = await warmStatementsOf(() => session(b, owner));
    expect(sql).toEqual([]);
    expect(result.json<Session>().user?.id).toBe(owner.id);
    expect(result.headers['cache-control']).toBe('no-store');
    expect(result.headers.vary).toContain('Cookie');
  });

  test('a profile changed or a session ended through the other process reaches it', async () => {
    const traveller = await a.traveller({ label: 'renamed' });
    expect(expectStatus<Session>(await session(b, traveller), 200).user?.name).not.toBe('Ana');
    const me = expectStatus<{ version: number }>(await get(a, traveller, '/api/me'), 200);
    expectStatus(
      await call(a, traveller, 'PATCH', '/api/me', {
        payload: { name: 'Ana', version: me.version },
      }),
      200,
    );
    await eventually(
      async () => (await session(b, traveller)).json<Session>().user?.name === 'Ana',
      'B shows the new name',
    );
    expectStatus(await call(a, traveller, 'POST', '/api/auth/sign-out', { payload: {} }), 200);
    await eventually(
      async () => (await session(b, traveller)).json<Session>().user === null,
      'B answers nobody once signed out',
    );
  });
});

describe('the shared read-only view', () => {
  async function shareLinkOf(tripId: string): Promise<{ id: string; token: string }> {
    const link = expectStatus<ShareLink>(
      await call(a, owner, 'POST', `/api/itineraries/${tripId}/share-links`, { payload: {} }),
      201,
    );
    return { id: link.id, token: new URL(link.url ?? '').searchParams.get('share') ?? '' };
  }
  const shared = (app: TestApp, tripId: string, token: string) =>
    get(app, null, `/api/itineraries/${tripId}?share=${token}`);

  test('a warm read asks nothing; revoking the link through the other process ends it', async () => {
    const trip = await tripWithPlaces('Shared view');
    const link = await shareLinkOf(trip.id);
    const { result, sql } = await warmStatementsOf(() => shared(b, trip.id, link.token));
    expect(result.statusCode).toBe(200);
    expect(sql).toEqual([]);
    expect(body(result)).toBe((await shared(uncached, trip.id, link.token)).body);
    await noContent(call(a, owner, 'DELETE', `/api/itineraries/${trip.id}/share-links/${link.id}`));
    await eventually(
      async () => (await shared(b, trip.id, link.token)).statusCode === 404,
      'B refuses the revoked link',
    );
    expect((await shared(b, trip.id, link.token)).json()).toMatchObject({
      error: { code: 'share/revoked' },
    });
  });

  test('a trip in the trash and an expired link are refused by the other process', async () => {
    const trip = await tripWithPlaces('Shared, then trashed');
    const link = await shareLinkOf(trip.id);
    // The link now ends in a moment (written through a trigger: B hears of it).
    await a.database.pool.query(
      `update share_link set expires_at = now() + interval '1500 milliseconds' where itinerary_id = $1`,
      [trip.id],
    );
    await b.heard();
    expectStatus(await shared(b, trip.id, link.token), 200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await shared(b, trip.id, link.token)).json()).toMatchObject({
      error: { code: 'share/expired' },
    });

    const other = await tripWithPlaces('Shared, then trashed too');
    const kept = await shareLinkOf(other.id);
    expectStatus(await shared(b, other.id, kept.token), 200);
    expectStatus(
      await call(a, owner, 'DELETE', `/api/itineraries/${other.id}`, {
        payload: { version: other.version },
      }),
      200,
    );
    await eventually(
      async () => (await shared(b, other.id, kept.token)).statusCode === 404,
      'B refuses the link to a trashed trip',
    );
  });
});

describe("a trip's budget and bookings", () => {
  const budget = (app: TestApp, user: SignedInUser, tripId: string) =>
    get(app, user, `/api/itineraries/${tripId}/budget`);
  const bookings = (app: TestApp, user: SignedInUser | null, tripId: string, query = '') =>
    get(app, user, `/api/itineraries/${tripId}/bookings${query}`);

  test('warm reads ask nothing, and equal the uncached answers', async () => {
    const trip = await tripWithPlaces('Budget warm');
    await createExpense(owner, trip.id);
    await createBooking(owner, trip.id);
    for (const read of [budget, bookings]) {
      const { result, sql } = await warmStatementsOf(() => read(b, owner, trip.id));
      expect(result.statusCode).toBe(200);
      expect(sql).toEqual([]);
      expect(body(result)).toBe((await read(uncached, owner, trip.id)).body);
    }
  });

  test('an expense, a booking, a member’s new name and a removal through the other process reach them', async () => {
    const trip = await createItinerary(owner, { title: 'Budget shared' });
    const friend = await a.traveller({ label: 'budget-friend' });
    await addMember(a, trip.id, friend.id, 'editor');
    await createExpense(owner, trip.id, {
      amountMinor: 1000,
      split: { mode: 'equal', userIds: [owner.id, friend.id] },
    });
    const spent = (response: { json<T>(): T }) =>
      response.json<BudgetSummary>().people.map((person) => [person.name, person.paidMinor]);
    expectStatus(await budget(b, friend, trip.id), 200);
    expectStatus(await bookings(b, friend, trip.id), 200);

    await createExpense(owner, trip.id, { amountMinor: 2000 });
    await eventually(
      async () =>
        body(await budget(b, friend, trip.id)) === body(await budget(uncached, friend, trip.id)),
      'B counts the new expense',
    );
    await createBooking(owner, trip.id, { title: 'Night train' });
    await eventually(
      async () =>
        (await bookings(b, friend, trip.id)).json<{ items: Booking[] }>().items.length === 1,
      'B lists the new booking',
    );
    // The friend renames themself through A: B's budget names them anew.
    const me = expectStatus<{ version: number }>(await get(a, friend, '/api/me'), 200);
    expectStatus(
      await call(a, friend, 'PATCH', '/api/me', {
        payload: { name: 'Bea Renamed', version: me.version },
      }),
      200,
    );
    await eventually(
      async () => spent(await budget(b, owner, trip.id)).some(([name]) => name === 'Bea Renamed'),
      'B shows the new name in the budget',
    );
    await noContent(call(a, owner, 'DELETE', `/api/itineraries/${trip.id}/members/${friend.id}`));
    await eventually(
      async () =>
        (await budget(b, friend, trip.id)).statusCode === 404 &&
        (await bookings(b, friend, trip.id)).statusCode === 404,
      'B refuses the removed member',
    );
  });

  test("a share-link holder never gets a member's bookings, nor a member a link holder's", async () => {
    const trip = await createItinerary(owner, { title: 'Booked and shared' });
    await createBooking(owner, trip.id, { confirmationCode: 'SECRET42' });
    const link = expectStatus<ShareLink>(
      await call(a, owner, 'POST', `/api/itineraries/${trip.id}/share-links`, { payload: {} }),
      201,
    );
    const token = new URL(link.url ?? '').searchParams.get('share') ?? '';
    for (let round = 0; round < 2; round += 1) {
      const member = (await bookings(b, owner, trip.id)).json<{ items: Booking[] }>();
      const holder = (await bookings(b, null, trip.id, `?share=${token}`)).json<{
        items: Booking[];
      }>();
      expect(member.items[0]?.confirmationCode).toBe('SECRET42');
      expect(holder.items[0]?.confirmationCode).toBeNull();
    }
  });
});

describe('opening a live stream', () => {
  test('a known member opens without a query; a removed member and a trashed trip are refused', async () => {
    await b.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(b.app.server.address() as AddressInfo).port}`;
    const trip = await tripWithPlaces('Live');
    await addMember(a, trip.id, viewer.id, 'viewer');
    const open = (user: SignedInUser) =>
      openEventStream(`${base}/api/itineraries/${trip.id}/events`, { cookie: user.cookie });
    // Known to B from the first opening.
    const { result: stream, sql } = await warmStatementsOf(async () => {
      const opened = await open(viewer);
      opened.close();
      return opened;
    });
    expect(stream.status).toBe(200);
    expect(sql).toEqual([]);

    await noContent(call(a, owner, 'DELETE', `/api/itineraries/${trip.id}/members/${viewer.id}`));
    await b.heard();
    const refused = await open(viewer);
    refused.close();
    expect(refused.status).toBe(404);

    const owned = await open(owner);
    owned.close();
    expect(owned.status).toBe(200);
    expectStatus(
      await call(a, owner, 'DELETE', `/api/itineraries/${trip.id}`, {
        payload: { version: trip.version },
      }),
      200,
    );
    await b.heard();
    const trashed = await open(owner);
    trashed.close();
    expect(trashed.status).toBe(404);
  });
});
