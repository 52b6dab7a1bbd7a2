import type { ItineraryEvent } from '@jammy/shared/sharing';
import { describe, expect, it } from 'vitest';
import { itineraryKeys } from '../../../lib/query-keys';
import { sharingKeys } from '../../../lib/sharing-keys';
import { describeEvent } from '../lib/describe-event';
import { otherViewers, presenceOf } from '../lib/presence';
import { keysFor } from './use-live-itinerary';

const ID = '0192f7a0-0000-7000-8000-000000000000';

function event(kind: ItineraryEvent['kind'], data: Record<string, unknown>): ItineraryEvent {
  return {
    id: 7,
    kind,
    actor: { id: 'u1', name: 'Ana' },
    data,
    at: '2027-04-03T10:00:00.000Z',
    via: null,
  };
}

describe('keysFor', () => {
  it('refreshes the tree and the budget for stage and place changes, and nothing else', () => {
    // A deleted stage takes its tracks with it: the maps read them again.
    expect(keysFor('stage.updated', ID)).toEqual([
      itineraryKeys.tree(ID),
      itineraryKeys.budget(ID),
      itineraryKeys.routes(ID),
    ]);
    expect(keysFor('place.moved', ID)).toEqual([itineraryKeys.tree(ID), itineraryKeys.budget(ID)]);
  });

  it('refreshes the tree and the tracks on the maps after an import and its undo', () => {
    for (const kind of ['import.created', 'import.undone'] as const) {
      expect(keysFor(kind, ID)).toContainEqual(itineraryKeys.tree(ID));
      expect(keysFor(kind, ID)).toContainEqual(itineraryKeys.routes(ID));
    }
  });

  it('refreshes the budget from expenses and planned lines', () => {
    expect(keysFor('expense.created', ID)).toEqual([itineraryKeys.budget(ID)]);
    expect(keysFor('budget-line.deleted', ID)).toEqual([itineraryKeys.budget(ID)]);
  });

  it('refreshes notes, lists and members from their own events', () => {
    expect(keysFor('note.created', ID)).toEqual([itineraryKeys.notes(ID)]);
    expect(keysFor('item.deleted', ID)).toEqual([itineraryKeys.lists_(ID)]);
    expect(keysFor('member.updated', ID)).toContainEqual(sharingKeys.members(ID));
    // A role change may be the caller's own: the tree carries it.
    expect(keysFor('member.updated', ID)).toContainEqual(itineraryKeys.tree(ID));
  });

  it('refreshes the list of trips when the trip itself changes', () => {
    expect(keysFor('itinerary.updated', ID)).toContainEqual(itineraryKeys.lists());
  });

  it('keeps the activity and presence under the itinerary keys (a reset refreshes them)', () => {
    expect(sharingKeys.activity(ID).slice(0, 1)).toEqual(itineraryKeys.all);
    expect(sharingKeys.members(ID).slice(0, 1)).toEqual(itineraryKeys.all);
  });
});

describe('presence', () => {
  it('reads the viewers of a presence frame, plain or wrapped', () => {
    const viewers = [{ id: 'u1', name: 'Ana' }];
    expect(presenceOf(JSON.stringify({ viewers }))).toEqual({ viewers });
    expect(presenceOf(JSON.stringify({ data: { viewers } }))).toEqual({ viewers });
    expect(presenceOf('not json')).toBeNull();
    expect(presenceOf(JSON.stringify({ viewers: 'nobody' }))).toBeNull();
  });

  it('shows everyone but me, once each', () => {
    const presence = {
      viewers: [
        { id: 'me', name: 'Me' },
        { id: 'u2', name: 'Ben' },
        { id: 'u2', name: 'Ben' },
        { id: 'u3', name: 'Cleo' },
      ],
    };
    expect(otherViewers(presence, 'me').map((viewer) => viewer.name)).toEqual(['Ben', 'Cleo']);
    expect(otherViewers(undefined, 'me')).toEqual([]);
  });
});

describe('describeEvent', () => {
  it('counts the places added to a stage', () => {
    expect(
      describeEvent(event('place.created', { placeIds: ['a', 'b', 'c'], stageTitle: 'Kyoto' })),
    ).toEqual({
      key: 'place_createdInStage',
      values: { actor: 'Ana', title: '', count: 3, stage: 'Kyoto' },
    });
  });

  it('names a single place or stage by its title or name', () => {
    expect(describeEvent(event('place.created', { name: 'Fushimi Inari' })).values).toMatchObject({
      title: 'Fushimi Inari',
      count: 1,
    });
    expect(describeEvent(event('stage.updated', { title: 'Nara' }))).toMatchObject({
      key: 'stage_updated',
      values: { title: 'Nara' },
    });
  });

  it('has no actor when the change came from no one in particular', () => {
    expect(describeEvent({ ...event('item.moved', {}), actor: null }).values.actor).toBeNull();
  });
});
