import type { ItineraryTree, Place } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import { aPlace, aStage, aTree, anItinerary } from '../../../lib/trip-rows.test-helpers';
import { filterGroups, groupPlaces } from './place-order';

const place = (id: string, stageId: string | null, position: string, category: Place['category']) =>
  aPlace({ id, stageId, position, category, lat: 35, lng: 135 });

const tree: ItineraryTree = aTree({
  itinerary: anItinerary({ title: 'Kyoto and Nara' }),
  // Out of order on purpose: the order comes from the positions.
  stages: [
    aStage({ id: 'nara', position: 'a2' }),
    aStage({ id: 'kyoto', position: 'a1' }),
    aStage({ id: 'osaka', position: 'a3' }),
  ],
  places: [
    place('todaiji', 'nara', 'a0', 'sight'),
    place('loose-shop', null, 'a0', 'shopping'),
    place('kinkakuji', 'kyoto', 'a2', 'sight'),
    place('fushimi', 'kyoto', 'a1', 'sight'),
    place('nishiki', 'kyoto', 'a3', 'food'),
    place('orphan', 'gone-stage', 'a5', 'food'),
  ],
});

describe('groupPlaces', () => {
  it('numbers the places in trip order: stages in order, then the places without a stage', () => {
    const groups = groupPlaces(tree);
    expect(groups.map((group) => group.stage?.id ?? null)).toEqual([
      'kyoto',
      'nara',
      'osaka',
      null,
    ]);
    expect(
      groups.flatMap((group) => group.places.map(({ place: p, number }) => `${number}:${p.id}`)),
    ).toEqual(['1:fushimi', '2:kinkakuji', '3:nishiki', '4:todaiji', '5:loose-shop', '6:orphan']);
  });
});

describe('filterGroups', () => {
  const groups = groupPlaces(tree);
  const ids = (filtered: ReturnType<typeof filterGroups>) =>
    filtered.flatMap((group) => group.places.map(({ place: p }) => p.id));

  it('keeps everything without filters, dropping empty groups', () => {
    const all = filterGroups(groups, { stage: 'all', categories: [] });
    expect(all.map((group) => group.stage?.id ?? null)).toEqual(['kyoto', 'nara', null]);
  });

  it('filters by one stage, or by the places without a stage', () => {
    expect(ids(filterGroups(groups, { stage: 'nara', categories: [] }))).toEqual(['todaiji']);
    expect(ids(filterGroups(groups, { stage: 'none', categories: [] }))).toEqual([
      'loose-shop',
      'orphan',
    ]);
  });

  it('filters by any of several categories, keeping the trip numbers', () => {
    const filtered = filterGroups(groups, { stage: 'all', categories: ['food', 'shopping'] });
    expect(filtered.flatMap((group) => group.places.map(({ number }) => number))).toEqual([
      3, 5, 6,
    ]);
  });
});
