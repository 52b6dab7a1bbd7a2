import type { ItineraryTree } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import { call } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createPlace } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember, countQueries } from '../../../test/itinerary-helpers';
import { type TestApp } from '../../../test/test-app';
import {
  a,
  b,
  body,
  eventually,
  owner,
  read,
  silentlyRetitle,
  tripWithPlaces,
  uncached,
  useDocumentCacheTest,
  viewer,
} from './document-cache.test-helpers';

const test = serverTest({ mail: 'outbox' });
useDocumentCacheTest(test);

describe('the itinerary document cache', () => {
  test('serves from memory, and a change through the other process reaches it at commit', async () => {
    const trip = await tripWithPlaces('Kansai');
    const first = expectStatus<ItineraryTree>(await read(b, owner, trip.id), 200);
    expect(first.itinerary.title).toBe('Kansai');

    // Changed behind every cache's back: B keeps serving what it holds, which shows it holds it.
    await silentlyRetitle(trip.id, 'Behind the back');
    expect(expectStatus<ItineraryTree>(await read(b, owner, trip.id), 200).itinerary.title).toBe(
      'Kansai',
    );

    // A real change through A: A answers it fresh at once, B as soon as the commit's NOTIFY
    // arrives, both equal to the uncached read.
    const patched = await call(a, owner, 'PATCH', `/api/itineraries/${trip.id}`, {
      payload: { title: 'Kansai in spring', version: first.itinerary.version },
    });
    expectStatus(patched, 200);
    expect(expectStatus<ItineraryTree>(await read(a, owner, trip.id), 200).itinerary.title).toBe(
      'Kansai in spring',
    );
    await eventually(
      async () =>
        (await read(b, owner, trip.id)).json<ItineraryTree>().itinerary.title ===
        'Kansai in spring',
      'B serves the title changed through A',
    );
    const truth = (await read(uncached, owner, trip.id)).body;
    expect(body(await read(b, owner, trip.id))).toBe(truth);
  });

  test('drops a document when a place changes through the other process, and for its author at once', async () => {
    const trip = await tripWithPlaces('Tōhoku');
    const before = expectStatus<ItineraryTree>(await read(b, owner, trip.id), 200);
    const [place] = before.places;
    if (!place) throw new Error('the trip has no place');
    const moved = await call(b, owner, 'PATCH', `/api/itineraries/${trip.id}/places/${place.id}`, {
      payload: { name: 'Fushimi Inari at dawn', version: place.version },
    });
    expectStatus(moved, 200);
    // Its author reads it on the same process at once, never the copy from before.
    const after = expectStatus<ItineraryTree>(await read(b, owner, trip.id), 200);
    expect(after.places.find((candidate) => candidate.id === place.id)?.name).toBe(
      'Fushimi Inari at dawn',
    );
    await eventually(
      async () =>
        body(await read(a, owner, trip.id)) === (await read(uncached, owner, trip.id)).body,
      'A serves the place changed through B',
    );
  });

  test('keeps the role on every request: a new role or a removal reaches the other process', async () => {
    const trip = await tripWithPlaces('Hokkaido');
    await addMember(a, trip.id, viewer.id, 'viewer');
    expect(expectStatus<ItineraryTree>(await read(b, viewer, trip.id), 200).itinerary.role).toBe(
      'viewer',
    );
    expectStatus(
      await call(a, owner, 'PATCH', `/api/itineraries/${trip.id}/members/${viewer.id}`, {
        payload: { role: 'editor' },
      }),
      200,
    );
    await eventually(
      async () =>
        (await read(b, viewer, trip.id)).json<ItineraryTree>().itinerary.role === 'editor',
      'B sees the new role',
    );
    expect(
      (await call(a, owner, 'DELETE', `/api/itineraries/${trip.id}/members/${viewer.id}`))
        .statusCode,
    ).toBe(204);
    await eventually(
      async () => (await read(b, viewer, trip.id)).statusCode === 404,
      'B refuses the removed member',
    );
    // And the owner's copy on B was not disturbed into a wrong role.
    expect(expectStatus<ItineraryTree>(await read(b, owner, trip.id), 200).itinerary.role).toBe(
      'owner',
    );
  });

  test('refuses a trashed itinerary on the other process', async () => {
    const trip = await tripWithPlaces('Okinawa');
    expectStatus(await read(b, owner, trip.id), 200);
    expectStatus(
      await call(a, owner, 'DELETE', `/api/itineraries/${trip.id}`, {
        payload: { version: trip.version },
      }),
      200,
    );
    await eventually(
      async () => (await read(b, owner, trip.id)).statusCode === 404,
      'B refuses the trashed itinerary',
    );
  });

  test('reads a trip once for all its members: another role’s document is the same text relabelled', async () => {
    const trip = await tripWithPlaces('Hokkaidō');
    const editor = await a.traveller({ label: 'relabelled' });
    await addMember(a, trip.id, editor.id, 'editor');
    await b.heard();
    // B knows both travellers and their roles.
    expectStatus(await read(b, owner, trip.id), 200);
    expectStatus(await read(b, editor, trip.id), 200);
    const change = async () => {
      await createPlace(owner, trip.id, { name: 'Ferry terminal' });
      await b.heard();
    };
    const documentReads = (statements: string[]) =>
      statements.filter((statement) => statement.includes('json_build_object')).length;
    const counter = countQueries(b.database.pool);
    try {
      await change();
      const ownerRead = await counter.measure(() => read(b, owner, trip.id));
      const editorRead = await counter.measure(() => read(b, editor, trip.id));
      expect(documentReads(ownerRead.statements)).toBe(1);
      expect(documentReads(editorRead.statements)).toBe(0);
      expect(editorRead.result.json<ItineraryTree>().itinerary.role).toBe('editor');
      expect(body(editorRead.result)).toBe((await read(uncached, editor, trip.id)).body);
      expect(body(ownerRead.result)).toBe((await read(uncached, owner, trip.id)).body);

      // Both at once after a change: one read between them, each its own role.
      await change();
      const both = await counter.measure(() =>
        Promise.all([read(b, editor, trip.id), read(b, owner, trip.id)]),
      );
      expect(documentReads(both.statements)).toBe(1);
      const [forEditor, forOwner] = both.result;
      expect(body(forEditor)).toBe((await read(uncached, editor, trip.id)).body);
      expect(body(forOwner)).toBe((await read(uncached, owner, trip.id)).body);
    } finally {
      counter.stop();
    }
  });

  test('keeps a document through the writes it does not show: notes, lists and their items', async () => {
    const trip = await tripWithPlaces('Okinawa');
    const url = `/api/itineraries/${trip.id}`;
    const write = async (
      app: TestApp,
      method: 'POST' | 'PATCH' | 'DELETE',
      path: string,
      payload?: object,
    ) => {
      const response = await call(app, owner, method, `${url}${path}`, payload ? { payload } : {});
      expect(response.statusCode).toBeLessThan(300);
      return response.statusCode === 204
        ? undefined
        : response.json<{ id: string; version: number }>();
    };
    // The trip's last-change time moved behind every cache's back, by `seconds` from now.
    const setLastChange = async (seconds: number) => {
      const client = await a.database.pool.connect();
      try {
        await client.query('begin');
        await client.query(`set local session_replication_role = replica`);
        await client.query(
          `update itinerary set updated_at = now() + make_interval(secs => $1) where id = $2`,
          [seconds, trip.id],
        );
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    const withoutTime = (json: string) => {
      const tree = JSON.parse(json) as ItineraryTree;
      return { ...tree, itinerary: { ...tree.itinerary, updatedAt: 'ignored' } };
    };

    // Every kind of write named outside the document leaves it as PostgreSQL builds it, but
    // for its last-change time.
    const before = (await read(uncached, owner, trip.id)).body;
    const note = await write(a, 'POST', '/notes', { title: 'Ferry', body: 'To Zamami' });
    await write(a, 'PATCH', `/notes/${note?.id}`, { pinned: true, version: note?.version });
    await write(a, 'DELETE', `/notes/${note?.id}`);
    const list = await write(a, 'POST', '/lists', { title: 'Beach', kind: 'packing' });
    const item = await write(a, 'POST', `/lists/${list?.id}/items`, { text: 'Snorkel' });
    await write(a, 'PATCH', `/lists/${list?.id}/items/${item?.id}`, { checked: true });
    await write(a, 'PATCH', `/lists/${list?.id}`, { title: 'Beach days' });
    await write(a, 'DELETE', `/lists/${list?.id}`);
    expect(withoutTime((await read(uncached, owner, trip.id)).body)).toEqual(withoutTime(before));

    // So both processes keep what they hold, the writer's own too: no read of the document.
    await setLastChange(3600);
    const truth = (await read(uncached, owner, trip.id)).body;
    expect(body(await read(b, owner, trip.id))).toBe(truth);
    const documentReads = (statements: string[]) =>
      statements.filter((statement) => statement.includes('json_build_object')).length;
    const counter = countQueries(b.database.pool);
    try {
      await write(a, 'POST', '/notes', { title: 'Ferry', body: 'To Tokashiki' });
      await write(b, 'POST', '/notes', { title: 'Ferry', body: 'Back to Naha' });
      await b.heard();
      const kept = await counter.measure(() => read(b, owner, trip.id));
      expect(documentReads(kept.statements)).toBe(0);
      expect(body(kept.result)).toBe(truth);

      // A note that moves a last-change time more than a second old changes the document:
      // every process drops it.
      await setLastChange(-2);
      await write(a, 'POST', '/notes', { title: 'Ferry', body: 'Cancelled' });
      await b.heard();
      const fresh = await counter.measure(() => read(b, owner, trip.id));
      expect(documentReads(fresh.statements)).toBe(1);
      expect(body(fresh.result)).toBe((await read(uncached, owner, trip.id)).body);
      const movedTo = Date.parse(fresh.result.json<ItineraryTree>().itinerary.updatedAt);
      expect(Date.now() - movedTo).toBeLessThan(60_000);
    } finally {
      counter.stop();
    }
  });

  test('sends the stored Brotli or gzip form, equal to the uncached JSON', async () => {
    const trip = await tripWithPlaces('Shikoku');
    const truth = (await read(uncached, owner, trip.id)).body;
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      // Twice: the first fills the cache, the second is served from it.
      for (let round = 0; round < 2; round += 1) {
        const response = await read(b, owner, trip.id, { 'accept-encoding': accept });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(body(response)).toBe(truth);
      }
    }
  });
});
