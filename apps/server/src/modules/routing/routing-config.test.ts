import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('ROUTER_URL and ROUTER_KIND', () => {
  it('leave the router off when unset or empty: the day plan then estimates', () => {
    expect(loadConfig({}).router).toBeUndefined();
    expect(loadConfig({ ROUTER_URL: ' ', ROUTER_KIND: 'osrm' }).router).toBeUndefined();
  });

  it('take OSRM unless the address names Valhalla or GraphHopper or the kind is given', () => {
    expect(loadConfig({ ROUTER_URL: 'https://router.example.org' }).router).toEqual({
      url: 'https://router.example.org',
      kind: 'osrm',
    });
    expect(loadConfig({ ROUTER_URL: 'https://valhalla.example.org' }).router?.kind).toBe(
      'valhalla',
    );
    expect(loadConfig({ ROUTER_URL: 'https://example.org/graphhopper' }).router?.kind).toBe(
      'graphhopper',
    );
    expect(
      loadConfig({ ROUTER_URL: 'https://r.example.org', ROUTER_KIND: 'valhalla' }).router?.kind,
    ).toBe('valhalla');
  });

  it('refuse an address that is not http(s) and an unknown kind, naming the variable', () => {
    expect(() => loadConfig({ ROUTER_URL: 'ftp://r.example.org' })).toThrow(/ROUTER_URL/);
    expect(() => loadConfig({ ROUTER_URL: 'https://x.org', ROUTER_KIND: 'google' })).toThrow(
      /ROUTER_KIND/,
    );
  });
});
