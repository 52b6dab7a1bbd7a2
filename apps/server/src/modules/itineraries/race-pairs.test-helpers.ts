import { uuidv7 } from 'uuidv7';
import type { Pair } from './race-types.test-helpers';
import { editor, it_, viewer } from './races.test-helpers';

/** Writes inside an itinerary, by an editor (or whoever may make them). */
export function contentWrites(): Omit<Pair, 'parent' | 'afterRemoval'>[] {
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
export function sharingWrites(): (Omit<Pair, 'parent' | 'afterRemoval'> & { byOwner?: true })[] {
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

export const GONE = [404];
export const GONE_OR_STALE = [404, 409];
/** A body naming a stage that is gone: 400 naming `stageId` (as for any id not of this trip). */
export const STAGE_GONE = [400, 404];

/** Every parent/child pair of the schema, with what the child may answer once the parent is gone. */
export function pairs(): Pair[] {
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
