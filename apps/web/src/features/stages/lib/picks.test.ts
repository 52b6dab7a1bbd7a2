import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPicks, savePicks, type Pick } from './picks';

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
