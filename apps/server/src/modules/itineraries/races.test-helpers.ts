import { DELETE_CONFIRMATION } from '@jammy/shared/account';
import type { LightMyRequestResponse } from 'fastify';
import { generateNKeysBetween } from 'fractional-indexing';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { afterAll, expect } from 'vitest';
import {
  itinerary,
  itineraryInvitation,
  itineraryMember,
  list,
  listItem,
  note,
  place,
  shareLink,
  stage,
} from '../../db/schema/itineraries';
import { call, type SignedInUser } from '../../../test/clients';
import type { ServerTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { newToken } from '../../lib/tokens';
import { booking } from '../../db/schema/bookings';
import type { Fixture, Pair, Parent, Request } from './race-types.test-helpers';

export let server: TestServer;
export let owner: SignedInUser;
export let editor: SignedInUser;
export let viewer: SignedInUser;
export let invitee: SignedInUser;
export let lockClient: pg.Client;

/** The itinerary's address, which every request of a pair starts from. */
export const it_ = (f: Fixture) => `/api/itineraries/${f.itineraryId}`;

/** The request that removes the parent of a pair. */
export function removal(parent: Parent, f: Fixture): Request {
  switch (parent) {
    case 'trash':
      return { user: f.owner, method: 'DELETE', url: it_ };
    case 'account':
      return {
        user: f.owner,
        method: 'DELETE',
        url: () => '/api/me',
        payload: () => ({ confirmation: DELETE_CONFIRMATION }),
      };
    case 'stage':
      return { user: 'editor', method: 'DELETE', url: (x) => `${it_(x)}/stages/${x.stageA}` };
    case 'list':
      return { user: 'editor', method: 'DELETE', url: (x) => `${it_(x)}/lists/${x.listId}` };
  }
}

export async function seed(roundOwner: SignedInUser): Promise<Fixture> {
  const db = server.database.db;
  const now = new Date();
  const itineraryId = uuidv7();
  const [stageA, stageB] = [uuidv7(), uuidv7()];
  const [placeA1, placeA2, placeB1, loosePlace] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
  const [noteId, listId, itemA, itemB] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
  const bookingId = uuidv7();
  const [p1, p2] = generateNKeysBetween(null, null, 2) as [string, string];
  const invitation = newToken();
  await db.transaction(async (tx) => {
    await tx
      .insert(itinerary)
      .values({ id: itineraryId, ownerId: roundOwner.id, title: 'Race trip' });
    await tx.insert(itineraryMember).values([
      { itineraryId, userId: roundOwner.id, role: 'owner' },
      { itineraryId, userId: editor.id, role: 'editor' },
      { itineraryId, userId: viewer.id, role: 'viewer' },
    ]);
    await tx.insert(stage).values([
      { id: stageA, itineraryId, position: p1, title: 'Stage A' },
      { id: stageB, itineraryId, position: p2, title: 'Stage B' },
    ]);
    await tx.insert(place).values([
      { id: placeA1, itineraryId, stageId: stageA, position: p1, name: 'A1' },
      { id: placeA2, itineraryId, stageId: stageA, position: p2, name: 'A2' },
      { id: placeB1, itineraryId, stageId: stageB, position: p1, name: 'B1' },
      { id: loosePlace, itineraryId, stageId: null, position: p1, name: 'Loose' },
    ]);
    await tx.insert(note).values({ id: noteId, itineraryId, title: 'Note', body: 'Text' });
    await tx
      .insert(list)
      .values({ id: listId, itineraryId, title: 'Packing', kind: 'packing', position: p1 });
    await tx.insert(listItem).values([
      { id: itemA, listId, text: 'Passport', position: p1 },
      { id: itemB, listId, text: 'Charger', position: p2 },
    ]);
    await tx
      .insert(booking)
      .values({ id: bookingId, itineraryId, stageId: stageA, kind: 'train', title: 'Train' });
    await tx.insert(itineraryInvitation).values({
      id: uuidv7(),
      itineraryId,
      email: invitee.email.toLowerCase(),
      role: 'viewer',
      tokenHash: invitation.hash,
      invitedBy: roundOwner.id,
      expiresAt: new Date(now.getTime() + 86_400_000),
    });
    await tx.insert(shareLink).values({ id: uuidv7(), itineraryId, tokenHash: newToken().hash });
  });
  return {
    owner: roundOwner,
    itineraryId,
    stageA,
    stageB,
    placeA1,
    placeA2,
    placeB1,
    loosePlace,
    noteId,
    listId,
    itemA,
    itemB,
    bookingId,
    invitationToken: invitation.token,
  };
}

export function send(request: Request, f: Fixture): Promise<LightMyRequestResponse> {
  // The owner of this round may be a fresh account (account deletion rounds).
  const accounts = { owner: f.owner, editor, viewer, invitee };
  const user = typeof request.user === 'string' ? accounts[request.user] : request.user;
  const payload = request.payload?.(f);
  return call(server, user, request.method, request.url(f), payload ? { payload } : {});
}

/** Backends of this test's database waiting for a lock (the requests queued behind ours). */
export async function waitersOnLock(): Promise<number> {
  // Not lockClient: inside its transaction, pg_stat_activity would stay the first snapshot.
  const result = await server.database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function untilWaiting(count: number): Promise<void> {
  const deadline = Date.now() + 3_000;
  while ((await waitersOnLock()) < count) {
    if (Date.now() > deadline) {
      const activity = await server.database.pool.query(
        `select pid, state, wait_event_type, wait_event, left(query, 120) as query from pg_stat_activity where datname = current_database()`,
      );
      throw new Error(
        `fewer than ${count} requests queued on the lock: ${JSON.stringify(activity.rows, null, 1)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

/**
 * Runs the pair once. `order` 'remove-first' / 'child-first' forces which one takes the
 * itinerary's lock first; 'free' sends both at once (remover first on even rounds).
 */
export async function runRound(
  pair: Pair,
  f: Fixture,
  order: 'remove-first' | 'child-first' | 'free',
  round: number,
) {
  const remover = removal(pair.parent, f);
  if (order === 'free') {
    const first = round % 2 === 0 ? send(remover, f) : send(pair.child, f);
    const second = round % 2 === 0 ? send(pair.child, f) : send(remover, f);
    const [a, b] = await Promise.all([first, second]);
    return round % 2 === 0 ? { removed: a, child: b } : { removed: b, child: a };
  }
  await lockClient.query('begin');
  let released = false;
  try {
    await lockClient.query('select id from itinerary where id = $1 for update', [f.itineraryId]);
    const [firstRequest, secondRequest] =
      order === 'remove-first' ? [remover, pair.child] : [pair.child, remover];
    const first = send(firstRequest, f);
    await untilWaiting(1);
    const second = send(secondRequest, f);
    await untilWaiting(2);
    await lockClient.query('commit');
    released = true;
    const [a, b] = await Promise.all([first, second]);
    return order === 'remove-first' ? { removed: a, child: b } : { removed: b, child: a };
  } finally {
    if (!released) await lockClient.query('rollback');
  }
}

export const noServerError = (response: LightMyRequestResponse, what: string) =>
  expect(response.statusCode, `${what}: ${response.statusCode} ${response.body}`).toBeLessThan(500);

/** The invariants of the whole database: none may break, whoever won. */
export async function checkDatabaseIsWhole(): Promise<void> {
  const pool = server.database.pool;
  const violations = await pool.query<{ what: string; n: number }>(`
    select 'place in a stage of another itinerary or none' as what, count(*)::int as n
      from place p left join stage s on s.id = p.stage_id
      where p.stage_id is not null and (s.id is null or s.itinerary_id <> p.itinerary_id)
    union all
    select 'event recorded after the itinerary was trashed', count(*)::int
      from itinerary_event e join itinerary i on i.id = e.itinerary_id
      where i.deleted_at is not null and e.id > (
        select max(t.id) from itinerary_event t
        where t.itinerary_id = i.id and t.kind = 'itinerary.trashed')
    union all
    select 'member, invitation or link added after the trash', count(*)::int from (
      select m.created_at as at, i.deleted_at from itinerary_member m
        join itinerary i on i.id = m.itinerary_id
      union all select v.created_at, i.deleted_at from itinerary_invitation v
        join itinerary i on i.id = v.itinerary_id
      union all select l.created_at, i.deleted_at from share_link l
        join itinerary i on i.id = l.itinerary_id
    ) added where deleted_at is not null and at > deleted_at
    union all
    select 'itinerary without exactly one owner, or owner_id not that owner', count(*)::int
      from itinerary i where (
        select count(*) from itinerary_member m where m.itinerary_id = i.id and m.role = 'owner'
      ) <> 1 or not exists (
        select 1 from itinerary_member m
        where m.itinerary_id = i.id and m.user_id = i.owner_id and m.role = 'owner')
    union all
    select 'two stages at one position', count(*)::int from (
      select 1 from stage group by itinerary_id, position having count(*) > 1) d
    union all
    select 'two places at one position', count(*)::int from (
      select 1 from place group by itinerary_id, stage_id, position having count(*) > 1) d
    union all
    select 'two lists at one position', count(*)::int from (
      select 1 from list group by itinerary_id, position having count(*) > 1) d
    union all
    select 'two items at one position', count(*)::int from (
      select 1 from list_item group by list_id, position having count(*) > 1) d
  `);
  expect(violations.rows.filter((row) => row.n > 0)).toEqual([]);
}

export async function eventsSince(itineraryId: string, afterId: number) {
  const result = await server.database.pool.query<{ id: string; kind: string }>(
    'select id, kind from itinerary_event where itinerary_id = $1 and id > $2 order by id',
    [itineraryId, afterId],
  );
  return result.rows.map((row) => ({ id: Number(row.id), kind: row.kind }));
}

export async function lastEventId(): Promise<number> {
  const result = await server.database.pool.query<{ id: string | null }>(
    'select max(id) as id from itinerary_event',
  );
  return Number(result.rows[0]?.id ?? 0);
}

export const REMOVAL_EVENT: Partial<Record<Parent, string>> = {
  trash: 'itinerary.trashed',
  stage: 'stage.deleted',
  list: 'list.deleted',
};

export const is2xx = (status: number) => status >= 200 && status < 300;

/** The users and lock connection of these tests, made before the file's first test. */
export function useRacesTest(test: ServerTest): void {
  test.beforeAll(async ({ server: fileServer }) => {
    server = fileServer;
    [owner, editor, viewer, invitee] = await Promise.all([
      server.traveller({ label: 'race-owner' }),
      server.traveller({ label: 'race-editor' }),
      server.traveller({ label: 'race-viewer' }),
      server.traveller({ label: 'race-invitee' }),
    ]);
    lockClient = new pg.Client({ connectionString: server.testDatabase.url });
    await lockClient.connect();
  }, 60_000);
  afterAll(async () => {
    await lockClient?.end();
  });
}
