import type { Itinerary, Note, Page } from '@jammy/shared/itineraries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFor,
  conflictCurrent,
  createItinerary,
  createNote,
  createSignedInUser,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

let setup: ItineraryTest;
let owner: SignedInUser;
const as: Api = (...args) => apiFor(setup.testApp)(...args);

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'notes');
});

afterAll(async () => {
  await setup?.close();
});

const newTrip = () => createItinerary(setup.testApp, owner);
const notesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/notes`;
const noteUrl = (trip: Itinerary, note: Note) => `${notesUrl(trip)}/${note.id}`;
const listNotes = async (trip: Itinerary) =>
  expectStatus<Page<Note>>(await as(owner, 'GET', notesUrl(trip)), 200);

describe('notes', () => {
  it('POST writes a markdown note; GET answers it', async () => {
    const trip = await newTrip();
    const response = await as(owner, 'POST', notesUrl(trip), {
      payload: { title: 'Ideas', body: '# Food\n- pastel de nata', pinned: true },
    });
    const created = expectStatus<Note>(response, 201);
    expect(created).toMatchObject({
      itineraryId: trip.id,
      title: 'Ideas',
      body: '# Food\n- pastel de nata',
      pinned: true,
      version: 1,
    });
    expect(expectStatus<Note>(await as(owner, 'GET', noteUrl(trip, created)), 200)).toEqual(
      created,
    );
  });

  it('an empty note is allowed (title and body default to empty)', async () => {
    const trip = await newTrip();
    const created = expectStatus<Note>(
      await as(owner, 'POST', notesUrl(trip), { payload: {} }),
      201,
    );
    expect(created).toMatchObject({ title: '', body: '', pinned: false });
  });

  it('GET lists pinned notes first, then the most recently changed', async () => {
    const trip = await newTrip();
    const older = await createNote(setup.testApp, owner, trip.id, { title: 'older' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await createNote(setup.testApp, owner, trip.id, { title: 'newer' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const pinned = await createNote(setup.testApp, owner, trip.id, {
      title: 'pinned',
      pinned: true,
    });
    const page = await listNotes(trip);
    expect(page.items.map((note) => note.id)).toEqual([pinned.id, newer.id, older.id]);
    expect(page.nextCursor).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a title too long', { title: 'x'.repeat(161) }, 'title'],
    ['a body too long', { body: 'x'.repeat(50_001) }, 'body'],
    ['pinned that is not a boolean', { pinned: 'yes' }, 'pinned'],
    ['an unknown field', { tags: ['food'] }, 'tags'],
  ];
  it.each(invalid)('POST: 400 naming the field for %s', async (_name, payload, field) => {
    const trip = await newTrip();
    expectFieldError(await as(owner, 'POST', notesUrl(trip), { payload }), field);
    expect((await listNotes(trip)).items).toEqual([]);
  });

  it('PATCH changes the note and bumps the version', async () => {
    const trip = await newTrip();
    const note = await createNote(setup.testApp, owner, trip.id);
    const response = await as(owner, 'PATCH', noteUrl(trip, note), {
      payload: { body: 'changed', pinned: true, version: 1 },
    });
    const changed = expectStatus<Note>(response, 200);
    expect(changed).toMatchObject({ title: note.title, body: 'changed', pinned: true, version: 2 });
    expect(expectStatus<Note>(await as(owner, 'GET', noteUrl(trip, note)), 200)).toEqual(changed);
  });

  it.each([...invalid, ['a version of 0', { version: 0 }, 'version'] as const])(
    'PATCH: 400 naming the field for %s',
    async (_name, payload, field) => {
      const trip = await newTrip();
      const note = await createNote(setup.testApp, owner, trip.id);
      expectFieldError(await as(owner, 'PATCH', noteUrl(trip, note), { payload }), field);
      expect(expectStatus<Note>(await as(owner, 'GET', noteUrl(trip, note)), 200)).toEqual(note);
    },
  );

  it('PATCH and DELETE: 409 on a stale version (body or If-Match), with the note as it is now', async () => {
    const trip = await newTrip();
    const note = await createNote(setup.testApp, owner, trip.id);
    const url = noteUrl(trip, note);
    const now = expectStatus<Note>(
      await as(owner, 'PATCH', url, { payload: { title: 'v2', version: 1 } }),
      200,
    );
    const stale: [string, Record<string, unknown>, Record<string, string>][] = [
      ['PATCH', { title: 'lost', version: 1 }, {}],
      ['PATCH', { title: 'lost' }, { 'if-match': '"1"' }],
      ['DELETE', { version: 1 }, {}],
      ['DELETE', {}, { 'if-match': '"1"' }],
    ];
    for (const [method, payload, headers] of stale) {
      const response = await as(owner, method === 'PATCH' ? 'PATCH' : 'DELETE', url, {
        payload,
        headers,
      });
      expect(conflictCurrent<Note>(response)).toEqual(now);
    }
    expect(expectStatus<Note>(await as(owner, 'GET', url), 200)).toEqual(now);
  });

  it('DELETE removes the note', async () => {
    const trip = await newTrip();
    const note = await createNote(setup.testApp, owner, trip.id);
    const response = await as(owner, 'DELETE', noteUrl(trip, note), { payload: { version: 1 } });
    expect(response.statusCode).toBe(204);
    expectError(await as(owner, 'GET', noteUrl(trip, note)), 404, 'note/not-found');
    expect((await listNotes(trip)).items).toEqual([]);
  });

  // A DELETE may come without a body; the version then comes from If-Match or is not checked.
  it('DELETE without a body removes the note', async () => {
    const trip = await newTrip();
    const note = await createNote(setup.testApp, owner, trip.id);
    expect((await as(owner, 'DELETE', noteUrl(trip, note))).statusCode).toBe(204);
  });

  it('404 for a note that does not exist or an id that is not a UUIDv7', async () => {
    const trip = await newTrip();
    const missing = `${notesUrl(trip)}/${missingId()}`;
    expectError(await as(owner, 'GET', missing), 404, 'note/not-found');
    expectError(await as(owner, 'PATCH', missing, { payload: {} }), 404, 'note/not-found');
    expectError(await as(owner, 'DELETE', missing, { payload: {} }), 404, 'note/not-found');
    expectError(await as(owner, 'GET', `${notesUrl(trip)}/note-1`), 404, 'route/not-found');
  });
});
