import type { Itinerary, Note, Page } from '@jammy/shared/itineraries';
import { describe, expect } from 'vitest';
import type { Client } from '../../../test/clients';
import {
  conflictCurrent,
  eachStaleWrite,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
} from '../../../test/expect';
import { createNote } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';

const test = serverTest();

const notesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/notes`;
const noteUrl = (trip: Itinerary, note: Note) => `${notesUrl(trip)}/${note.id}`;
const listNotes = async (owner: Client, trip: Itinerary) =>
  expectStatus<Page<Note>>(await owner.get(notesUrl(trip)), 200);

describe('notes', () => {
  test('POST writes a markdown note; GET answers it', async ({ owner, trip }) => {
    const response = await owner.post(notesUrl(trip), {
      title: 'Ideas',
      body: '# Food\n- pastel de nata',
      pinned: true,
    });
    const created = expectStatus<Note>(response, 201);
    expect(created).toMatchObject({
      itineraryId: trip.id,
      title: 'Ideas',
      body: '# Food\n- pastel de nata',
      pinned: true,
      version: 1,
    });
    expect(expectStatus<Note>(await owner.get(noteUrl(trip, created)), 200)).toEqual(created);
  });

  test('a note written in one statement: its event names the title only when public; a viewer, a stranger and a trashed trip write nothing', async ({
    owner,
    trip,
    as,
  }) => {
    const secret = await createNote(owner, trip.id, { title: 'Surprise', body: 'cake' });
    const shown = await createNote(owner, trip.id, { title: 'Ferry', private: false });
    const activity = expectStatus<{ items: { kind: string; data: Record<string, unknown> }[] }>(
      await owner.get(`/api/itineraries/${trip.id}/activity`),
      200,
    );
    const created = activity.items.filter((event) => event.kind === 'note.created');
    // Newest first; a private note's title never reaches the activity or the live stream.
    expect(created.map((event) => event.data)).toEqual([
      { noteId: shown.id, private: false, title: 'Ferry' },
      { noteId: secret.id, private: true },
    ]);
    expectError(
      await (await as('viewer')).post(notesUrl(trip), { title: 'x' }),
      403,
      'auth/forbidden',
    );
    expectError(
      await (await as('stranger')).post(notesUrl(trip), { title: 'x' }),
      404,
      'itinerary/not-found',
    );
    expectStatus(await owner.delete(`/api/itineraries/${trip.id}`), 200);
    expectError(await owner.post(notesUrl(trip), { title: 'x' }), 404, 'itinerary/not-found');
    expectStatus(await owner.post(`/api/itineraries/${trip.id}/restore`, {}), 200);
    const page = await listNotes(owner, trip);
    expect(page.items.map((note) => note.id).sort()).toEqual([secret.id, shown.id].sort());
  });

  test('an empty note is allowed (title and body default to empty)', async ({ owner, trip }) => {
    const created = expectStatus<Note>(await owner.post(notesUrl(trip), {}), 201);
    expect(created).toMatchObject({ title: '', body: '', pinned: false });
  });

  test('GET lists pinned notes first, then the most recently changed', async ({ owner, trip }) => {
    const older = await createNote(owner, trip.id, { title: 'older' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await createNote(owner, trip.id, { title: 'newer' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const pinned = await createNote(owner, trip.id, {
      title: 'pinned',
      pinned: true,
    });
    const page = await listNotes(owner, trip);
    expect(page.items.map((note) => note.id)).toEqual([pinned.id, newer.id, older.id]);
    expect(page.nextCursor).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a title too long', { title: 'x'.repeat(161) }, 'title'],
    ['a body too long', { body: 'x'.repeat(50_001) }, 'body'],
    ['pinned that is not a boolean', { pinned: 'yes' }, 'pinned'],
    ['an unknown field', { tags: ['food'] }, 'tags'],
  ];
  test.for(invalid)(
    'POST: 400 naming the field for %s',
    async ([, payload, field], { owner, trip }) => {
      expectFieldError(await owner.post(notesUrl(trip), payload), field);
      expect((await listNotes(owner, trip)).items).toEqual([]);
    },
  );

  test('PATCH changes the note and bumps the version', async ({ owner, trip }) => {
    const note = await createNote(owner, trip.id);
    const response = await owner.patch(noteUrl(trip, note), {
      body: 'changed',
      pinned: true,
      version: 1,
    });
    const changed = expectStatus<Note>(response, 200);
    expect(changed).toMatchObject({ title: note.title, body: 'changed', pinned: true, version: 2 });
    expect(expectStatus<Note>(await owner.get(noteUrl(trip, note)), 200)).toEqual(changed);
  });

  test.for([...invalid, ['a version of 0', { version: 0 }, 'version'] as const])(
    'PATCH: 400 naming the field for %s',
    async ([, payload, field], { owner, trip }) => {
      const note = await createNote(owner, trip.id);
      expectFieldError(await owner.patch(noteUrl(trip, note), payload), field);
      expect(expectStatus<Note>(await owner.get(noteUrl(trip, note)), 200)).toEqual(note);
    },
  );

  test('PATCH and DELETE: 409 on a stale version (body or If-Match), with the note as it is now', async ({
    owner,
    trip,
  }) => {
    const note = await createNote(owner, trip.id);
    const url = noteUrl(trip, note);
    const now = expectStatus<Note>(await owner.patch(url, { title: 'v2', version: 1 }), 200);
    await eachStaleWrite(owner, url, (response) => {
      expect(conflictCurrent<Note>(response)).toEqual(now);
    });
    expect(expectStatus<Note>(await owner.get(url), 200)).toEqual(now);
  });

  test('DELETE removes the note', async ({ owner, trip }) => {
    const note = await createNote(owner, trip.id);
    const response = await owner.request('DELETE', noteUrl(trip, note), {
      payload: { version: 1 },
    });
    expect(response.statusCode).toBe(204);
    expectError(await owner.get(noteUrl(trip, note)), 404, 'note/not-found');
    expect((await listNotes(owner, trip)).items).toEqual([]);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  test('DELETE without a body removes the note', async ({ owner, trip }) => {
    const note = await createNote(owner, trip.id);
    expect((await owner.delete(noteUrl(trip, note))).statusCode).toBe(204);
  });

  test('404 for a note that does not exist or an id that is not a UUIDv7', async ({
    owner,
    trip,
  }) => {
    const missing = `${notesUrl(trip)}/${missingId()}`;
    expectError(await owner.get(missing), 404, 'note/not-found');
    expectError(await owner.patch(missing, {}), 404, 'note/not-found');
    expectError(await owner.request('DELETE', missing, { payload: {} }), 404, 'note/not-found');
    expectError(await owner.get(`${notesUrl(trip)}/note-1`), 404, 'route/not-found');
  });
});
