import { DELETE_CONFIRMATION } from '@jammy/shared/account';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import { generateNKeysBetween } from 'fractional-indexing';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  call,
  createSignedInUser,
  startItineraryTest,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { newToken } from '../../lib/tokens';
import { booking } from '../../db/schema/bookings';

// Issue 16, races: a request that removes a parent (trashes or deletes an itinerary, deletes
// a stage or a list) and a request that adds, changes, moves or re-parents something inside
// it arrive together. Each must end in a clear answer (the loser 404 or 409, never a 500),
// and the database must be left whole: nothing added to what is gone, no dangling
// reference, positions still a total order, the change and its event kept together.
//
// Each pair runs in two ways, each several times:
// - forced order: the test holds the itinerary's row lock, sends both requests, waits until
//   both are queued behind the lock (past their pre-checks), then lets them go. PostgreSQL
//   grants the lock in arrival order, so "remove first" really runs the child request after
//   the parent is gone, the case the pre-checks cannot see; and the other way round;
// - free: both sent at once, in alternating order, with no lock held.

let setup: ItineraryTest;
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let invitee: SignedInUser;
let lockClient: pg.Client;

/** What one round works on: every kind of child of one itinerary, seeded straight in SQL. */
interface Fixture {
  owner: SignedInUser;
  itineraryId: string;
  stageA: string;
  stageB: string;
  /** In stage A. */
  placeA1: string;
  placeA2: string;
  /** In stage B. */
  placeB1: string;
  /** In no stage. */
  loosePlace: string;
  noteId: string;
  listId: string;
  itemA: string;
  itemB: string;
  /** In stage A. */
  bookingId: string;
  invitationToken: string;
}

/** Who sends a request: a test account by role (the accounts exist once the suite has started). */
type Who = 'owner' | 'editor' | 'viewer' | 'invitee' | SignedInUser;

interface Request {
  user: Who;
  method: HTTPMethods;
  url: (f: Fixture) => string;
  payload?: (f: Fixture) => object;
}

type Parent = 'trash' | 'account' | 'stage' | 'list';

interface Pair {
  parent: Parent;
  name: string;
  child: Request;
  /** The event the child records when it wins (to check that a loser recorded nothing). */
  childEvent?: string;
  /** Statuses the child may answer when it runs after the parent is gone. */
  afterRemoval: number[];
  /** Statuses the remover may answer when the child ran first (default: 2xx only). */
  removerAfterChild?: number[];
}

const it_ = (f: Fixture) => `/api/itineraries/${f.itineraryId}`;

function removal(parent: Parent, f: Fixture): Request {
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

/** Writes inside an itinerary, by an editor (or whoever may make them). */
function contentWrites(): Omit<Pair, 'parent' | 'afterRemoval'>[] {
  return [
    {
      name: 'add a stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/stages`,
        payload: () => ({ title: 'New stage' }),
      },
      childEvent: 'stage.created',
    },
    {
      name: 'change a stage',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/stages/${f.stageA}`,
        payload: () => ({ title: 'Renamed' }),
      },
      childEvent: 'stage.updated',
    },
    {
      name: 'move a stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/stages/${f.stageA}/move`,
        payload: (f) => ({ afterId: f.stageB }),
      },
      childEvent: 'stage.moved',
    },
    {
      name: 'add a place to a stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/places`,
        payload: (f) => ({ name: 'New place', stageId: f.stageA }),
      },
      childEvent: 'place.created',
    },
    {
      name: 're-parent a place into a stage (PATCH stageId)',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/places/${f.loosePlace}`,
        payload: (f) => ({ stageId: f.stageA }),
      },
      childEvent: 'place.updated',
    },
    {
      name: 'move a place into a stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/places/${f.placeB1}/move`,
        payload: (f) => ({ stageId: f.stageA, afterId: f.placeA1 }),
      },
      childEvent: 'place.moved',
    },
    {
      name: 'move a place within its stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/places/${f.placeA1}/move`,
        payload: (f) => ({ afterId: f.placeA2 }),
      },
      childEvent: 'place.moved',
    },
    {
      name: 'delete a place',
      child: { user: 'editor', method: 'DELETE', url: (f) => `${it_(f)}/places/${f.placeA2}` },
      childEvent: 'place.deleted',
    },
    {
      name: 'add a note',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/notes`,
        payload: () => ({ title: 'New note' }),
      },
      childEvent: 'note.created',
    },
    {
      name: 'change a note',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/notes/${f.noteId}`,
        payload: () => ({ body: 'Changed' }),
      },
      childEvent: 'note.updated',
    },
    {
      name: 'add a list',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/lists`,
        payload: () => ({ title: 'To do', kind: 'todo' }),
      },
      childEvent: 'list.created',
    },
    {
      name: 'rename a list',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/lists/${f.listId}`,
        payload: () => ({ title: 'Renamed' }),
      },
      childEvent: 'list.updated',
    },
    {
      name: 'add a list item',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/lists/${f.listId}/items`,
        payload: () => ({ text: 'Socks' }),
      },
      childEvent: 'item.created',
    },
    {
      name: 'tick a list item',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/lists/${f.listId}/items/${f.itemA}`,
        payload: () => ({ checked: true }),
      },
      childEvent: 'item.updated',
    },
    {
      name: 'move a list item',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/lists/${f.listId}/items/${f.itemA}/move`,
        payload: (f) => ({ afterId: f.itemB }),
      },
      childEvent: 'item.moved',
    },
    {
      name: 'delete a list item',
      child: {
        user: 'editor',
        method: 'DELETE',
        url: (f) => `${it_(f)}/lists/${f.listId}/items/${f.itemB}`,
      },
      childEvent: 'item.deleted',
    },
    {
      name: 'add a booking to a stage',
      child: {
        user: 'editor',
        method: 'POST',
        url: (f) => `${it_(f)}/bookings`,
        payload: (f) => ({ kind: 'train', title: 'Train', stageId: f.stageA }),
      },
      childEvent: 'booking.created',
    },
    {
      name: 'change a booking',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: (f) => `${it_(f)}/bookings/${f.bookingId}`,
        payload: () => ({ title: 'Night train' }),
      },
      childEvent: 'booking.updated',
    },
    {
      name: 'change the itinerary',
      child: {
        user: 'editor',
        method: 'PATCH',
        url: it_,
        payload: () => ({ title: 'Renamed trip' }),
      },
      childEvent: 'itinerary.updated',
    },
  ];
}

/** Sharing writes: the owner's, a viewer leaving, an invitee accepting. */
function sharingWrites(): (Omit<Pair, 'parent' | 'afterRemoval'> & { byOwner?: true })[] {
  return [
    {
      name: "change a member's role",
      byOwner: true,
      child: {
        user: 'owner',
        method: 'PATCH',
        url: (f) => `${it_(f)}/members/${viewer.id}`,
        payload: () => ({ role: 'editor' }),
      },
      childEvent: 'member.updated',
    },
    {
      name: 'remove a member',
      byOwner: true,
      child: { user: 'owner', method: 'DELETE', url: (f) => `${it_(f)}/members/${viewer.id}` },
      childEvent: 'member.removed',
    },
    {
      name: 'a viewer leaves',
      child: { user: 'viewer', method: 'DELETE', url: (f) => `${it_(f)}/members/${viewer.id}` },
      childEvent: 'member.removed',
    },
    {
      name: 'invite by e-mail',
      byOwner: true,
      child: {
        user: 'owner',
        method: 'POST',
        url: (f) => `${it_(f)}/invitations`,
        payload: () => ({ email: `late-${uuidv7()}@example.com`, role: 'viewer' }),
      },
    },
    {
      name: 'create a share link',
      byOwner: true,
      child: {
        user: 'owner',
        method: 'POST',
        url: (f) => `${it_(f)}/share-links`,
        payload: () => ({}),
      },
    },
    {
      name: 'accept an invitation',
      child: {
        user: 'invitee',
        method: 'POST',
        url: () => '/api/invitations/accept',
        payload: (f) => ({ token: f.invitationToken }),
      },
      childEvent: 'member.added',
    },
    {
      name: 'transfer the ownership',
      byOwner: true,
      child: {
        user: 'owner',
        method: 'POST',
        url: (f) => `${it_(f)}/transfer`,
        payload: () => ({ userId: editor.id }),
      },
      childEvent: 'member.updated',
    },
  ];
}

const GONE = [404];
const GONE_OR_STALE = [404, 409];
/** A body naming a stage that is gone: 400 naming `stageId` (as for any id not of this trip). */
const STAGE_GONE = [400, 404];

/** Every parent/child pair of the schema, with what the child may answer once the parent is gone. */
function pairs(): Pair[] {
  const all: Pair[] = [];
  for (const write of contentWrites()) {
    all.push({ parent: 'trash', ...write, afterRemoval: GONE });
  }
  for (const write of sharingWrites()) {
    const { byOwner, ...pair } = write;
    all.push({
      parent: 'trash',
      ...pair,
      afterRemoval: GONE,
      // The owner who transferred first is an editor now: they may no longer trash the trip.
      ...(byOwner && pair.name.startsWith('transfer') ? { removerAfterChild: [403] } : {}),
    });
  }
  // The owner deletes their account: the itinerary is deleted for good, with all it holds.
  for (const write of contentWrites().filter((w) => /^add|change the itinerary/.test(w.name))) {
    all.push({ parent: 'account', ...write, afterRemoval: GONE });
  }
  const byName = new Map(contentWrites().map((write) => [write.name, write]));
  const pick = (name: string) => {
    const write = byName.get(name);
    if (!write) throw new Error(`no write named ${name}`);
    return write;
  };
  // Stage A is deleted: its places stay in the itinerary, outside any stage.
  all.push(
    { parent: 'stage', ...pick('add a place to a stage'), afterRemoval: STAGE_GONE },
    {
      parent: 'stage',
      ...pick('re-parent a place into a stage (PATCH stageId)'),
      afterRemoval: STAGE_GONE,
    },
    { parent: 'stage', ...pick('move a place into a stage'), afterRemoval: STAGE_GONE },
    { parent: 'stage', ...pick('change a stage'), afterRemoval: GONE_OR_STALE },
    { parent: 'stage', ...pick('move a stage'), afterRemoval: GONE_OR_STALE },
    // The place itself survives its stage (outside any stage): this may rightly succeed.
    { parent: 'stage', ...pick('move a place within its stage'), afterRemoval: [200, 404] },
    { parent: 'stage', ...pick('delete a place'), afterRemoval: [204] },
    // A booking outlives its stage too (outside any stage).
    { parent: 'stage', ...pick('add a booking to a stage'), afterRemoval: STAGE_GONE },
    { parent: 'stage', ...pick('change a booking'), afterRemoval: [200] },
  );
  // The list is deleted with its items.
  for (const name of [
    'add a list item',
    'tick a list item',
    'move a list item',
    'delete a list item',
    'rename a list',
  ]) {
    all.push({ parent: 'list', ...pick(name), afterRemoval: GONE_OR_STALE });
  }
  return all;
}

async function seed(roundOwner: SignedInUser): Promise<Fixture> {
  const db = setup.testApp.database.db;
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

function send(request: Request, f: Fixture): Promise<LightMyRequestResponse> {
  // The owner of this round may be a fresh account (account deletion rounds).
  const accounts = { owner: f.owner, editor, viewer, invitee };
  const user = typeof request.user === 'string' ? accounts[request.user] : request.user;
  const payload = request.payload?.(f);
  return call(setup.testApp, user, request.method, request.url(f), payload ? { payload } : {});
}

/** Backends of this test's database waiting for a lock (the requests queued behind ours). */
async function waitersOnLock(): Promise<number> {
  // Not lockClient: inside its transaction, pg_stat_activity would stay the first snapshot.
  const result = await setup.testApp.database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  return result.rows[0]?.n ?? 0;
}

async function untilWaiting(count: number): Promise<void> {
  const deadline = Date.now() + 3_000;
  while ((await waitersOnLock()) < count) {
    if (Date.now() > deadline) {
      const activity = await setup.testApp.database.pool.query(
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
async function runRound(
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

const noServerError = (response: LightMyRequestResponse, what: string) =>
  expect(response.statusCode, `${what}: ${response.statusCode} ${response.body}`).toBeLessThan(500);

/** The invariants of the whole database: none may break, whoever won. */
async function checkDatabaseIsWhole(): Promise<void> {
  const pool = setup.testApp.database.pool;
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

async function eventsSince(itineraryId: string, afterId: number) {
  const result = await setup.testApp.database.pool.query<{ id: string; kind: string }>(
    'select id, kind from itinerary_event where itinerary_id = $1 and id > $2 order by id',
    [itineraryId, afterId],
  );
  return result.rows.map((row) => ({ id: Number(row.id), kind: row.kind }));
}

async function lastEventId(): Promise<number> {
  const result = await setup.testApp.database.pool.query<{ id: string | null }>(
    'select max(id) as id from itinerary_event',
  );
  return Number(result.rows[0]?.id ?? 0);
}

const REMOVAL_EVENT: Partial<Record<Parent, string>> = {
  trash: 'itinerary.trashed',
  stage: 'stage.deleted',
  list: 'list.deleted',
};

const is2xx = (status: number) => status >= 200 && status < 300;

beforeAll(async () => {
  setup = await startItineraryTest();
  [owner, editor, viewer, invitee] = await Promise.all([
    createSignedInUser(setup.testApp, 'race-owner'),
    createSignedInUser(setup.testApp, 'race-editor'),
    createSignedInUser(setup.testApp, 'race-viewer'),
    createSignedInUser(setup.testApp, 'race-invitee'),
  ]);
  lockClient = new pg.Client({ connectionString: setup.database.url });
  await lockClient.connect();
}, 60_000);

afterAll(async () => {
  await lockClient?.end();
  await setup?.close();
});

describe('requests that arrive together', () => {
  const ORDERS = ['remove-first', 'child-first', 'free', 'free', 'free', 'free'] as const;

  for (const pair of pairs()) {
    it(`${pair.parent === 'account' ? 'account deleted' : `${pair.parent} removed`} × ${pair.name}`, async () => {
      const orders = pair.parent === 'account' ? ORDERS.slice(0, 4) : ORDERS;
      for (const [round, order] of orders.entries()) {
        // Account deletion takes the owner with it: each round needs a fresh one.
        const roundOwner =
          pair.parent === 'account'
            ? await createSignedInUser(setup.testApp, 'race-leaving-owner')
            : owner;
        const f = await seed(roundOwner);
        const before = await lastEventId();
        const { removed, child } = await runRound(pair, f, order, round);
        noServerError(removed, `removal (${order})`);
        noServerError(child, `${pair.name} (${order})`);

        if (order === 'remove-first') {
          expect(is2xx(removed.statusCode), removed.body).toBe(true);
          expect(pair.afterRemoval, `${order}: ${child.statusCode} ${child.body}`).toContain(
            child.statusCode,
          );
        } else if (order === 'child-first') {
          expect(is2xx(child.statusCode), `${order}: ${child.statusCode} ${child.body}`).toBe(true);
          const allowed = pair.removerAfterChild ?? [];
          expect(
            is2xx(removed.statusCode) || allowed.includes(removed.statusCode),
            `${order}: removal answered ${removed.statusCode} ${removed.body}`,
          ).toBe(true);
        } else {
          // Either may win; whoever loses answers one of the clear 4xx.
          if (!is2xx(child.statusCode)) expect(pair.afterRemoval).toContain(child.statusCode);
        }

        if (pair.parent !== 'account') {
          const events = await eventsSince(f.itineraryId, before);
          const removalAt = events.find((event) => event.kind === REMOVAL_EVENT[pair.parent])?.id;
          if (is2xx(removed.statusCode)) expect(removalAt, JSON.stringify(events)).toBeDefined();
          if (pair.childEvent) {
            const childEvents = events.filter((event) => event.kind === pair.childEvent);
            // A winner's change is recorded with its event; a loser recorded nothing.
            if (is2xx(child.statusCode)) expect(childEvents.length).toBeGreaterThan(0);
            else expect(childEvents).toEqual([]);
            // What was accepted after a trash would sit in the trash unseen.
            if (pair.parent === 'trash' && removalAt !== undefined) {
              expect(childEvents.every((event) => event.id < removalAt)).toBe(true);
            }
          }
        } else {
          // The itinerary is gone for good, with everything in it.
          const left = await setup.testApp.database.pool.query(
            `select (select count(*) from itinerary where id = $1)::int
                  + (select count(*) from stage where itinerary_id = $1)::int
                  + (select count(*) from place where itinerary_id = $1)::int
                  + (select count(*) from list where itinerary_id = $1)::int
                  + (select count(*) from note where itinerary_id = $1)::int as n`,
            [f.itineraryId],
          );
          expect(left.rows[0]).toEqual({ n: 0 });
        }
        await checkDatabaseIsWhole();
      }
    });
  }
});

describe('writers of one itinerary', () => {
  it('a note does not wait for another write that keeps no order; a place waits its turn', async () => {
    const f = await seed(owner);
    const trip = `/api/itineraries/${f.itineraryId}`;
    await lockClient.query('begin');
    let released = false;
    try {
      // As another note's write holds the itinerary while it runs (`withItineraryLock`, shared).
      await lockClient.query('select id from itinerary where id = $1 for key share', [
        f.itineraryId,
      ]);
      let timer: NodeJS.Timeout | undefined;
      const noted = await Promise.race([
        send(
          {
            user: 'editor',
            method: 'POST',
            url: () => `${trip}/notes`,
            payload: () => ({ title: 'Meanwhile', body: 'Written while another write runs' }),
          },
          f,
        ),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the note waited for the other write')),
            10_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      expect(noted.statusCode, noted.body).toBe(201);
      // A place takes a position among its siblings: it waits until the other write is done.
      const placed = send(
        {
          user: 'editor',
          method: 'POST',
          url: () => `${trip}/places`,
          payload: () => ({ name: 'After it', stageId: f.stageA }),
        },
        f,
      );
      await untilWaiting(1);
      await lockClient.query('commit');
      released = true;
      expect((await placed).statusCode).toBe(201);
    } finally {
      if (!released) await lockClient.query('rollback');
    }
    await checkDatabaseIsWhole();
  });
});
