import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COLOSSEUM_HOURS, startFakeGeocoder, type FakeGeocoder } from './fake-geocoder';
import { guessGeocoderKind } from '../../config/services';
import { createGeocoder } from './geocoder';

let fake: FakeGeocoder;

beforeAll(async () => {
  fake = await startFakeGeocoder();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.mode = 'ok';
});

const lastRequest = () => fake.requests.at(-1);

describe('the Photon client', () => {
  const photon = () => createGeocoder({ url: `${fake.url}/`, kind: 'photon', timeoutMs: 500 });

  it('asks GET /api with q, limit and lang, as Jammy', async () => {
    await photon().search({ q: 'colosseo', limit: 5, lang: 'it' });
    expect(lastRequest()?.path).toBe('/api');
    expect(Object.fromEntries(lastRequest()?.params ?? [])).toEqual({
      q: 'colosseo',
      limit: '5',
      lang: 'it',
    });
    expect(lastRequest()?.userAgent).toBe('Jammy (self-hosted)');
  });

  it('leaves out a language Photon has no names in', async () => {
    await photon().search({ q: 'colosseo', limit: 5, lang: 'ar' });
    expect(lastRequest()?.params.has('lang')).toBe(false);
  });

  it('turns features into places, leaving out those without a name or country', async () => {
    const places = await photon().search({ q: 'colosseo', limit: 5, lang: 'en' });
    expect(places).toEqual([
      {
        id: 'osm:W25153236',
        name: 'Colosseum',
        country: 'IT',
        admin: 'Rome',
        lat: 41.8902,
        lng: 12.4922,
        // historic=monument
        category: 'sight',
        openingHours: COLOSSEUM_HOURS,
      },
      {
        id: 'osm:R41485',
        name: 'Rome',
        country: 'IT',
        admin: 'Lazio',
        lat: 41.8933,
        lng: 12.4829,
        // place=city
        category: 'city',
      },
    ]);
    expect(await photon().search({ q: 'colosseo', limit: 1, lang: 'en' })).toHaveLength(1);
  });

  it('rejects on a 500, a body that is not JSON, and when too slow', async () => {
    const query = { q: 'colosseo', limit: 5, lang: 'en' };
    fake.mode = 'fail';
    await expect(photon().search(query)).rejects.toThrow(/500/);
    fake.mode = 'garbage';
    await expect(photon().search(query)).rejects.toThrow();
    fake.mode = 'slow';
    const started = performance.now();
    await expect(photon().search(query)).rejects.toThrow(/timeout|aborted/i);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('the Nominatim client', () => {
  const nominatim = () =>
    createGeocoder({ url: `${fake.url}/nominatim`, kind: 'nominatim', timeoutMs: 500 });

  it('asks GET /search for jsonv2 with address details in the language', async () => {
    await nominatim().search({ q: 'colosseo', limit: 4, lang: 'de' });
    expect(lastRequest()?.path).toBe('/nominatim/search');
    expect(Object.fromEntries(lastRequest()?.params ?? [])).toEqual({
      q: 'colosseo',
      limit: '4',
      format: 'jsonv2',
      addressdetails: '1',
      extratags: '1',
      'accept-language': 'de',
    });
    expect(lastRequest()?.userAgent).toBe('Jammy (self-hosted)');
  });

  it('turns places into ours, leaving out broken ones', async () => {
    const places = await nominatim().search({ q: 'colosseo', limit: 5, lang: 'en' });
    expect(places.map(({ id, name, country, admin }) => ({ id, name, country, admin }))).toEqual([
      { id: 'osm:W25153236', name: 'Colosseum', country: 'IT', admin: 'Rome' },
      { id: 'osm:R41485', name: 'Rome', country: 'IT', admin: 'Lazio' },
    ]);
    expect(places[0]?.lat).toBe(41.8902);
    // Opening hours from the tags when they can be read; an unreadable value is left out.
    expect(places.map((place) => place.openingHours)).toEqual([COLOSSEUM_HOURS, undefined]);
  });

  it('rejects on a 500 and when too slow', async () => {
    const query = { q: 'colosseo', limit: 5, lang: 'en' };
    fake.mode = 'fail';
    await expect(nominatim().search(query)).rejects.toThrow(/500/);
    fake.mode = 'slow';
    await expect(nominatim().search(query)).rejects.toThrow(/timeout|aborted/i);
  });
});

describe('guessGeocoderKind', () => {
  it('takes an address naming nominatim for Nominatim, anything else for Photon', () => {
    expect(guessGeocoderKind('https://nominatim.openstreetmap.org')).toBe('nominatim');
    expect(guessGeocoderKind('https://maps.example.org/nominatim/')).toBe('nominatim');
    expect(guessGeocoderKind('https://photon.komoot.io')).toBe('photon');
  });
});
