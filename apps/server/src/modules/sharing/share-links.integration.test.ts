import { createHash } from 'node:crypto';
import type { ItineraryTree, Note } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { createNote, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { shareLink } from '../../db/schema/itineraries';
import {
  api,
  editor,
  expectNoContent,
  members,
  owner,
  stranger,
  testApp,
  trip,
  useSharingTest,
  viewer,
} from './sharing.test-helpers';

const test = serverTest();
useSharingTest(test);

describe('share links', () => {
  test('anyone with the link reads the itinerary and non-private notes; revoking turns it off', async () => {
    const id = await trip('Lisbon');
    await createStage(owner, id, { title: 'Alfama' });
    await createNote(owner, id, { title: 'Door code', body: '4242' });
    await createNote(owner, id, { title: 'Tram 28', body: 'Early!', private: false });
    const created = await api(owner, 'POST', `/api/itineraries/${id}/share-links`, {
      payload: {},
    });
    const link = expectStatus<ShareLink>(created, 201);
    expect(link).toMatchObject({ expiresAt: null, revokedAt: null });
    const url = new URL(link.url ?? '');
    expect(url.pathname).toBe(`/itinerary/${id}`);
    const token = url.searchParams.get('share') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await testApp.database.db
      .select()
      .from(shareLink)
      .where(eq(shareLink.id, link.id));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const listed = (await members(id, owner)).links;
    expect(listed).toEqual([
      { id: link.id, createdAt: link.createdAt, expiresAt: null, revokedAt: null },
    ]);

    const tree = expectStatus<ItineraryTree>(
      await api(null, 'GET', `/api/itineraries/${id}?share=${token}`),
      200,
    );
    expect(tree.itinerary).toMatchObject({ title: 'Lisbon', role: 'viewer' });
    expect(tree.stages.map((stage) => stage.title)).toEqual(['Alfama']);
    const notes = expectStatus<{ items: Note[] }>(
      await api(null, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      200,
    );
    expect(notes.items.map((note) => note.title)).toEqual(['Tram 28']);
    expect(JSON.stringify(notes)).not.toContain('4242');
    // Members still see every note, with or without the token.
    const all = expectStatus<{ items: Note[] }>(
      await api(viewer, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      200,
    );
    expect(all.items).toHaveLength(2);
    // A signed-in stranger with the link reads too; nothing else opens with it.
    expectStatus(await api(stranger, 'GET', `/api/itineraries/${id}?share=${token}`), 200);
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/lists?share=${token}`),
      401,
      'auth/unauthenticated',
    );
    expectError(
      await api(stranger, 'GET', `/api/itineraries/${id}/members?share=${token}`),
      404,
      'itinerary/not-found',
    );
    const other = await trip('Elsewhere');
    expectError(
      await api(null, 'GET', `/api/itineraries/${other}?share=${token}`),
      404,
      'share/not-found',
    );
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}?share=not-a-token`),
      404,
      'share/not-found',
    );

    expectError(
      await api(editor, 'DELETE', `/api/itineraries/${id}/share-links/${link.id}`),
      403,
      'auth/forbidden',
    );
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/share-links/${link.id}`));
    const revoked = await api(null, 'GET', `/api/itineraries/${id}?share=${token}`);
    expect(expectError(revoked, 404, 'share/revoked').error.message).toMatch(/turned off/);
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/notes?share=${token}`),
      404,
      'share/revoked',
    );
    expect((await members(id, owner)).links).toEqual([]);
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/share-links/${other}`),
      404,
      'share-link/not-found',
    );
  });

  test('a link with an expiry works through its last day, then says it expired', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/share-links`;
    const today = new Date().toISOString().slice(0, 10);
    const link = expectStatus<ShareLink>(
      await api(owner, 'POST', url, { payload: { expiresOn: today } }),
      201,
    );
    expect(link.expiresAt).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString(),
    );
    const token = new URL(link.url ?? '').searchParams.get('share') ?? '';
    expectStatus(await api(null, 'GET', `/api/itineraries/${id}?share=${token}`), 200);
    await testApp.database.db
      .update(shareLink)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLink.id, link.id));
    // Written behind the app's back: it hears of it through the link's NOTIFY (migration 0023).
    await testApp.heard();
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}?share=${token}`),
      404,
      'share/expired',
    );

    expectFieldError(
      await api(owner, 'POST', url, { payload: { expiresOn: '2001-01-01' } }),
      'expiresOn',
    );
    expectFieldError(
      await api(owner, 'POST', url, { payload: { expiresOn: 'soon' } }),
      'expiresOn',
    );
    expectError(await api(editor, 'POST', url, { payload: {} }), 403, 'auth/forbidden');
    expectError(await api(null, 'POST', url, { payload: {} }), 401, 'auth/unauthenticated');
  });
});
