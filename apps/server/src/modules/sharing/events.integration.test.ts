import type { AddressInfo } from 'node:net';
import type { HTTPMethods } from 'fastify';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { ItineraryEvent, Presence } from '@jammy/shared/sharing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type CallOptions, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary, createNote, createStage } from '../../../test/factories';
import { addMember } from '../../../test/itinerary-helpers';
import { startTestServer, type TestServer } from '../../../test/server';
import { openEventStream, type SseConnection } from './sse-client.test-helpers';

// The file starts its own server rather than serverTest(): its end is part of what it tests
// (closing the app must end the streams still open), so it closes the app before it waits.
let server: TestServer;
let base: string;
let owner: Traveller;
let editor: Traveller;
let viewer: Traveller;
let stranger: Traveller;
const api = (user: SignedInUser | null, method: HTTPMethods, url: string, options?: CallOptions) =>
  call(server, user, method, url, options);
const open: SseConnection[] = [];

beforeAll(async () => {
  server = await startTestServer({ mail: 'outbox' });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  [owner, editor, viewer, stranger] = await Promise.all([
    server.traveller({ label: 'owner' }),
    server.traveller({ label: 'editor' }),
    server.traveller({ label: 'viewer' }),
    server.traveller({ label: 'stranger' }),
  ]);
}, 60_000);

afterAll(async () => {
  // Closing the app with streams still open must end them, not hang.
  await server?.close();
  for (const connection of open) await connection.ended;
});

async function tripWithMembers(): Promise<string> {
  const trip = await createItinerary(owner, { title: 'Kyoto' });
  await addMember(server, trip.id, editor.id, 'editor');
  await addMember(server, trip.id, viewer.id, 'viewer');
  return trip.id;
}

async function stream(
  user: SignedInUser | null,
  itineraryId: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  const connection = await openEventStream(`${base}/api/itineraries/${itineraryId}/events`, {
    ...(user ? { cookie: user.cookie } : {}),
    ...headers,
  });
  open.push(connection);
  return connection;
}

const data = (event: { data: unknown }) => event.data as ItineraryEvent;

describe('GET /api/itineraries/{id}/events', () => {
  it('a member receives another member’s change within a second, as an SSE event', async () => {
    const id = await tripWithMembers();
    const connection = await stream(viewer, id, { 'accept-encoding': 'gzip, br' });
    expect(connection.status).toBe(200);
    expect(connection.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(connection.headers['x-accel-buffering']).toBe('no');
    expect(connection.headers['content-encoding']).toBeUndefined();
    expect(connection.headers['x-content-type-options']).toBe('nosniff');
    await connection.next((event) => event.event === 'presence');

    const written = Date.now();
    const stage = await createStage(editor, id, { title: 'Arashiyama' });
    const received = await connection.next((event) => event.event === 'stage.created', 1000);
    expect(Date.now() - written).toBeLessThan(1000);
    expect(received.id).toBe(String(data(received).id));
    expect(data(received)).toMatchObject({
      kind: 'stage.created',
      actor: { id: editor.id, name: 'Test Traveller' },
      data: { stageId: stage.id, title: 'Arashiyama' },
    });
    connection.close();
  });

  it('resumes with Last-Event-ID: the missed events come first, in order, then live ones', async () => {
    const id = await tripWithMembers();
    const first = await stream(owner, id);
    await createStage(editor, id, { title: 'One' });
    const seen = await first.next((event) => event.event === 'stage.created');
    first.close();

    await createStage(editor, id, { title: 'Two' });
    await createStage(editor, id, { title: 'Three' });
    const resumed = await stream(owner, id, { 'last-event-id': String(seen.id) });
    const two = await resumed.next((event) => event.event === 'stage.created');
    const three = await resumed.next((event) => event.event === 'stage.created');
    expect([data(two).data.title, data(three).data.title]).toEqual(['Two', 'Three']);
    await createStage(editor, id, { title: 'Four' });
    const four = await resumed.next((event) => event.event === 'stage.created');
    expect(data(four).data.title).toBe('Four');
    expect(Number(four.id)).toBeGreaterThan(Number(three.id));
    resumed.close();
  });

  it('too far behind (more than 500 missed events): a `reset` event tells the client to refetch', async () => {
    const id = await tripWithMembers();
    const result = await server.database.db.execute<{ id: string }>(
      sql`insert into itinerary_event (itinerary_id, actor_id, kind, data)
          select ${id}, ${owner.id}, 'stage.updated', '{}'::jsonb from generate_series(1, 502)
          returning id`,
    );
    const firstId = Math.min(...result.rows.map((row) => Number(row.id)));
    const connection = await stream(owner, id, { 'last-event-id': String(firstId - 1) });
    await connection.next((event) => event.event === 'reset');
    expect(connection.events.filter((event) => event.event === 'stage.updated')).toEqual([]);
    connection.close();
  });

  it('presence: every viewer sees who else has the itinerary open, and who left', async () => {
    const id = await tripWithMembers();
    const ownerStream = await stream(owner, id);
    const viewerStream = await stream(viewer, id);
    const both = (event: { event: string; data: unknown }) =>
      event.event === 'presence' && (event.data as Presence).viewers.length === 2;
    const seenByOwner = await ownerStream.next(both);
    await viewerStream.next(both);
    expect((seenByOwner.data as Presence).viewers.map((v) => v.id).sort()).toEqual(
      [owner.id, viewer.id].sort(),
    );
    viewerStream.close();
    const alone = await ownerStream.next(
      (event) => event.event === 'presence' && (event.data as Presence).viewers.length === 1,
    );
    expect((alone.data as Presence).viewers).toEqual([{ id: owner.id, name: 'Test Traveller' }]);
    ownerStream.close();
  });

  it('presence: more streams of one who is already here tell the others nothing new', async () => {
    const id = await tripWithMembers();
    const ownerStream = await stream(owner, id);
    const viewerStream = await stream(viewer, id);
    const both = (event: { event: string; data: unknown }) =>
      event.event === 'presence' && (event.data as Presence).viewers.length === 2;
    await ownerStream.next(both);
    await viewerStream.next(both);
    const presences = () => ownerStream.events.filter((event) => event.event === 'presence');
    const seen = presences().length;
    // The viewer opens five more tabs: each gets the list, the owner's stream nothing.
    const tabs = await Promise.all(Array.from({ length: 5 }, () => stream(viewer, id)));
    for (const tab of tabs) await tab.next(both);
    // A change after the tabs: when it arrives, every presence sent before it has too.
    await createStage(editor, id, { title: 'Gion' });
    await ownerStream.next((event) => event.event === 'stage.created');
    expect(presences().length).toBe(seen);
    for (const connection of [ownerStream, viewerStream, ...tabs]) connection.close();
  });

  it('opens in-process too (no connection of its own): the head, then the stream', async () => {
    const id = await tripWithMembers();
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/itineraries/${id}/events`,
      headers: { cookie: viewer.cookie },
      payloadAsStream: true,
    });
    const stream = response.stream();
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const first = await new Promise<string>((resolve) =>
        stream.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      );
      expect(first).toContain(': connected');
    } finally {
      stream.destroy();
    }
  });

  it('a member removed from the itinerary has their stream closed', async () => {
    const id = await tripWithMembers();
    const viewerStream = await stream(viewer, id);
    await viewerStream.next((event) => event.event === 'presence');
    const removal = await api(owner, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`);
    expect(removal.statusCode, removal.body).toBe(204);
    const removed = await viewerStream.next((event) => event.event === 'member.removed');
    expect(data(removed).data).toMatchObject({ userId: viewer.id, left: false });
    await viewerStream.ended;
    const again = await stream(viewer, id);
    expect(again.status).toBe(404);
  });

  it('only members: anonymous 401, stranger 404, a bad Last-Event-ID 400', async () => {
    const id = await tripWithMembers();
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/events`),
      401,
      'auth/unauthenticated',
    );
    expectError(
      await api(stranger, 'GET', `/api/itineraries/${id}/events`),
      404,
      'itinerary/not-found',
    );
    const bad = await api(owner, 'GET', `/api/itineraries/${id}/events`, {
      headers: { 'last-event-id': 'yesterday' },
    });
    expectError(bad, 400, 'request/invalid');
  });

  it('the app closing ends open streams', async () => {
    const id = await tripWithMembers();
    const connection = await stream(editor, id);
    await connection.next((event) => event.event === 'presence');
    // afterAll closes the app and waits for this stream (and the others) to end.
    expect(connection.status).toBe(200);
  });
});

describe('a change and its event', () => {
  it('are kept or lost together: when the event cannot be recorded, the change is rolled back', async () => {
    const id = await tripWithMembers();
    const stage = await createStage(editor, id, { title: 'Kyoto nights' });
    const note = await createNote(editor, id, { body: 'Bring cash' });
    const db = server.database.db;
    // A fault in the event log of this one itinerary (a trigger refusing its inserts).
    await db.execute(
      sql.raw(`create function refuse_event() returns trigger language plpgsql as $$
        begin
          if new.itinerary_id = '${id}' then raise exception 'the event log is unavailable'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_event before insert on itinerary_event for each row execute function refuse_event()`,
    );
    try {
      const path = `/api/itineraries/${id}`;
      const writes = await Promise.all([
        api(editor, 'PATCH', `${path}/stages/${stage.id}`, {
          payload: { title: 'Kyoto days', version: stage.version },
        }),
        api(editor, 'POST', `${path}/stages`, { payload: { title: 'Nara' } }),
        api(editor, 'DELETE', `${path}/notes/${note.id}`, { payload: { version: note.version } }),
        api(editor, 'POST', `${path}/lists`, { payload: { title: 'Packing', kind: 'packing' } }),
        api(owner, 'PATCH', path, { payload: { title: 'Japan', version: 1 } }),
      ]);
      expect(writes.map((response) => response.statusCode)).toEqual([500, 500, 500, 500, 500]);

      const document = expectStatus<ItineraryTree>(await api(owner, 'GET', path), 200);
      expect([document.itinerary.title, document.itinerary.version]).toEqual(['Kyoto', 1]);
      expect(document.stages.map((row) => [row.title, row.version])).toEqual([
        ['Kyoto nights', stage.version],
      ]);
      const notes = expectStatus<{ items: unknown[] }>(
        await api(owner, 'GET', `${path}/notes`),
        200,
      );
      expect(notes.items).toHaveLength(1);
      const lists = expectStatus<{ items: unknown[] }>(
        await api(owner, 'GET', `${path}/lists`),
        200,
      );
      expect(lists.items).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger refuse_event on itinerary_event`);
      await db.execute(sql`drop function refuse_event()`);
    }
  });
});
