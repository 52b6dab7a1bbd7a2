import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GeoPlace } from '@jammy/shared/geo';
import { loadPicks, pickFromSearch, savePicks, type Pick } from './picks';

const store = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => store.set(key, value),
  removeItem: (key: string) => store.delete(key),
});

const kyoto: Pick = {
  key: 'g-1',
  name: 'Kyoto',
  category: 'sight',
  lat: 35.02,
  lng: 135.75,
  address: 'Japan',
  origin: 'city',
};

afterEach(() => store.clear());

describe('picks storage', () => {
  it('keeps picks and the failure per stage', () => {
    const failure = {
      problem: { kind: 'network' as const, status: 0, fields: [] },
      addedIds: ['p1'],
      at: '2027-04-03T10:00:00.000Z',
    };
    savePicks('s1', { picks: [kyoto], failure });
    expect(loadPicks('s1')).toEqual({ picks: [kyoto], failure });
    expect(loadPicks('s2')).toEqual({ picks: [], failure: null });
  });

  it('forgets a stage with no picks left', () => {
    savePicks('s1', { picks: [kyoto], failure: null });
    savePicks('s1', { picks: [], failure: null });
    expect(store.size).toBe(0);
  });

  it('drops what it cannot read', () => {
    store.set('jammy.stage-picks.s1', '{"picks":[{"key":1},' + JSON.stringify(kyoto) + ']}');
    expect(loadPicks('s1').picks).toEqual([kyoto]);
    store.set('jammy.stage-picks.s1', 'not json');
    expect(loadPicks('s1')).toEqual({ picks: [], failure: null });
  });
});

describe('a place picked from the search', () => {
  const colosseum: GeoPlace = {
    id: 'osm:W25153236',
    name: 'Colosseum',
    country: 'IT',
    countryName: 'Italy',
    admin: 'Rome',
    lat: 41.8902,
    lng: 12.4922,
    population: 0,
    timezone: 'Europe/Rome',
    kind: 'poi',
    category: 'sight',
    openingHours: 'Mo-Su 09:00-16:30',
    source: 'geocoder',
  };

  it('keeps the geocoder’s opening hours, through the tab’s storage too', () => {
    const pick = pickFromSearch(colosseum);
    expect(pick).toEqual({
      key: 'osm:W25153236',
      name: 'Colosseum',
      category: 'sight',
      lat: 41.8902,
      lng: 12.4922,
      address: 'Rome, Italy',
      openingHours: 'Mo-Su 09:00-16:30',
      origin: 'poi',
    });
    savePicks('s1', { picks: [pick], failure: null });
    expect(loadPicks('s1').picks).toEqual([pick]);
  });

  it('has no opening hours when the search gave none', () => {
    const { openingHours: _none, ...withoutHours } = colosseum;
    expect(pickFromSearch(withoutHours)).not.toHaveProperty('openingHours');
  });
});
