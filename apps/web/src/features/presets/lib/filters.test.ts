import { describe, expect, it } from 'vitest';
import { addDays, filtersFrom, filtersToQuery } from './filters';

describe('preset filters', () => {
  it('reads known values from the query and ignores unknown ones', () => {
    const filters = filtersFrom(new URLSearchParams('interest=art&region=mars&length=week'));
    expect(filters).toEqual({ interest: 'art', region: null, length: 'week', all: false });
  });

  it('writes back only what is set', () => {
    const query = filtersToQuery({ interest: null, region: 'asia', length: null, all: true });
    expect(query.toString()).toBe('region=asia&all=true');
  });

  it('round-trips', () => {
    const params = new URLSearchParams('interest=wine&region=europe&length=short');
    expect(filtersToQuery(filtersFrom(params)).toString()).toBe(params.toString());
  });
});

describe('addDays', () => {
  it('crosses months and years in UTC', () => {
    expect(addDays('2027-01-30', 3)).toBe('2027-02-02');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});
