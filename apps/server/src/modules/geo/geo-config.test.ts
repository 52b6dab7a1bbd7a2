import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('GEOCODER_URL and GEOCODER_KIND', () => {
  it('leave the geocoder off when unset or empty', () => {
    expect(loadConfig({}).geocoder).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: ' ', GEOCODER_KIND: 'photon' }).geocoder).toBeUndefined();
  });

  it('take Photon unless the address names Nominatim or the kind is given', () => {
    expect(loadConfig({ GEOCODER_URL: 'https://photon.example.org' }).geocoder).toEqual({
      url: 'https://photon.example.org',
      kind: 'photon',
    });
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.example.org' }).geocoder?.kind).toBe(
      'nominatim',
    );
    const given = loadConfig({
      GEOCODER_URL: 'https://geo.example.org',
      GEOCODER_KIND: 'nominatim',
    });
    expect(given.geocoder?.kind).toBe('nominatim');
  });

  it('refuse an address that is not http(s) and an unknown kind, naming the variable', () => {
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example.org' })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER_URL: 'not a url' })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER_URL: 'https://x.org', GEOCODER_KIND: 'google' })).toThrow(
      /GEOCODER_KIND/,
    );
  });
});
