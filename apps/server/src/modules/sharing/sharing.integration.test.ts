import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { ActivityPage, Member, Sharing } from '@jammy/shared/sharing';
import { describe, expect } from 'vitest';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { createNote, createPlace, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  api,
  editor,
  expectNoContent,
  owner,
  stranger,
  trip,
  useSharingTest,
  viewer,
} from './sharing.test-helpers';

const test = serverTest();
useSharingTest(test);

describe('members and roles', () => {
  test('the owner changes roles; not their own; unknown members 404; bad roles 400', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/members/${editor.id}`;
    const changed = await api(owner, 'PATCH', url, { payload: { role: 'viewer' } });
    expect(expectStatus<Member>(changed, 200)).toMatchObject({ userId: editor.id, role: 'viewer' });
    expectError(
      await api(editor, 'POST', `/api/itineraries/${id}/stages`, { payload: { title: 'x' } }),
      403,
      'auth/forbidden',
    );
    expectError(
      await api(owner, 'PATCH', `/api/itineraries/${id}/members/${owner.id}`, {
        payload: { role: 'editor' },
      }),
      409,
      'member/owner',
    );
    expectError(
      await api(owner, 'PATCH', `/api/itineraries/${id}/members/${stranger.id}`, {
        payload: { role: 'editor' },
      }),
      404,
      'member/not-found',
    );
    expectFieldError(await api(owner, 'PATCH', url, { payload: { role: 'owner' } }), 'role');
    expectError(
      await api(viewer, 'PATCH', url, { payload: { role: 'editor' } }),
      403,
      'auth/forbidden',
    );
    expectError(
      await api(stranger, 'PATCH', url, { payload: { role: 'editor' } }),
      404,
      'itinerary/not-found',
    );
  });

  test('a change based on an older version of the member gets 409 with the member as they are', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/members/${editor.id}`;
    const { members } = expectStatus<Sharing>(
      await api(owner, 'GET', `/api/itineraries/${id}/members`),
      200,
    );
    const seen = members.find((member) => member.userId === editor.id);
    expect(seen).toMatchObject({ role: 'editor', version: 1 });

    // In another tab, the owner made them a viewer; this tab still shows version 1.
    const first = expectStatus<Member>(
      await api(owner, 'PATCH', url, { payload: { role: 'viewer', version: 1 } }),
      200,
    );
    expect(first).toMatchObject({ role: 'viewer', version: 2 });
    const stale = expectError(
      await api(owner, 'PATCH', url, { payload: { role: 'editor', version: 1 } }),
      409,
      'conflict',
    );
    expect((stale.error.details as { current: Member }).current).toMatchObject({
      userId: editor.id,
      role: 'viewer',
      version: 2,
    });
    // If-Match works too, and the same role again changes nothing.
    const same = await api(owner, 'PATCH', url, {
      payload: { role: 'viewer' },
      headers: { 'if-match': '"2"' },
    });
    expect(expectStatus<Member>(same, 200)).toMatchObject({ role: 'viewer', version: 2 });
    expectError(await api(owner, 'DELETE', url, { payload: { version: 1 } }), 409, 'conflict');
    expectNoContent(await api(owner, 'DELETE', url, { payload: { version: 2 } }));
    expectError(
      await api(owner, 'PATCH', url, { payload: { role: 'editor', version: 2 } }),
      404,
      'member/not-found',
    );
  });

  test('the owner removes a member; a member leaves; the owner cannot leave', async () => {
    const id = await trip();
    expectError(
      await api(editor, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`),
      403,
      'auth/forbidden',
    );
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`));
    expectError(await api(viewer, 'GET', `/api/itineraries/${id}`), 404, 'itinerary/not-found');
    expectNoContent(await api(editor, 'DELETE', `/api/itineraries/${id}/members/${editor.id}`));
    expectError(await api(editor, 'GET', `/api/itineraries/${id}`), 404, 'itinerary/not-found');
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/members/${owner.id}`),
      409,
      'member/owner',
    );
    expectError(
      await api(owner, 'DELETE', `/api/itineraries/${id}/members/${viewer.id}`),
      404,
      'member/not-found',
    );
    const activity = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(activity.items.map((event) => [event.kind, event.data.left])).toEqual([
      ['member.removed', true],
      ['member.removed', false],
    ]);
  });

  test('ownership goes to an editor only; the former owner becomes an editor', async () => {
    const id = await trip();
    const url = `/api/itineraries/${id}/transfer`;
    expectError(
      await api(owner, 'POST', url, { payload: { userId: viewer.id } }),
      409,
      'member/not-editor',
    );
    expectFieldError(await api(owner, 'POST', url, { payload: { userId: 'me' } }), 'userId');
    expectError(
      await api(editor, 'POST', url, { payload: { userId: editor.id } }),
      403,
      'auth/forbidden',
    );
    const sharing = expectStatus<Sharing>(
      await api(owner, 'POST', url, { payload: { userId: editor.id } }),
      200,
    );
    expect(sharing.members.map((m) => [m.userId, m.role])).toEqual([
      [editor.id, 'owner'],
      [owner.id, 'editor'],
      [viewer.id, 'viewer'],
    ]);
    const tree = expectStatus<ItineraryTree>(
      await api(editor, 'GET', `/api/itineraries/${id}`),
      200,
    );
    expect(tree.itinerary).toMatchObject({ ownerId: editor.id, role: 'owner' });
    expectError(await api(owner, 'DELETE', `/api/itineraries/${id}`), 403, 'auth/forbidden');
    // The new owner can now leave only by transferring back; the old one may leave.
    expectNoContent(await api(owner, 'DELETE', `/api/itineraries/${id}/members/${owner.id}`));
  });
});

describe('activity', () => {
  test('who did what, newest first, paged; private note text never appears', async () => {
    const id = await trip('Kyoto');
    const stage = await createStage(owner, id, { title: 'Higashiyama' });
    for (const name of ['Kiyomizu-dera', 'Yasaka', 'Ninenzaka']) {
      await createPlace(editor, id, { name, stageId: stage.id });
    }
    await createNote(editor, id, { title: 'Secret plan', body: 'surprise party' });
    const page = expectStatus<ActivityPage>(
      await api(viewer, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((event) => [event.kind, event.actor?.name])).toEqual([
      ['note.created', 'Ben'],
      ['place.created', 'Ben'],
      ['place.created', 'Ben'],
      ['place.created', 'Ben'],
      ['stage.created', 'Ana'],
    ]);
    expect(page.items[1]?.data).toMatchObject({
      name: 'Ninenzaka',
      stageId: stage.id,
      stageTitle: 'Higashiyama',
    });
    expect(JSON.stringify(page)).not.toMatch(/Secret plan|surprise party/);

    for (let index = 0; index < 50; index += 1) {
      await api(owner, 'PATCH', `/api/itineraries/${id}/stages/${stage.id}`, {
        payload: { notes: `note ${index}` },
      });
    }
    const first = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity`),
      200,
    );
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = expectStatus<ActivityPage>(
      await api(owner, 'GET', `/api/itineraries/${id}/activity?cursor=${first.nextCursor}`),
      200,
    );
    expect(second.items.map((event) => event.kind)).toEqual([
      'note.created',
      'place.created',
      'place.created',
      'place.created',
      'stage.created',
    ]);
    expectFieldError(
      await api(owner, 'GET', `/api/itineraries/${id}/activity?cursor=yesterday`),
      'cursor',
    );
    expectError(
      await api(stranger, 'GET', `/api/itineraries/${id}/activity`),
      404,
      'itinerary/not-found',
    );
    expectError(
      await api(null, 'GET', `/api/itineraries/${id}/activity`),
      401,
      'auth/unauthenticated',
    );
  });
});
