import { describe, expect, it } from 'vitest';
import {
  EMPTY_STAGE_DRAFT,
  closestFirst,
  draftToInput,
  isNamed,
  needsDestinationCheck,
  withDestination,
} from './stage-draft';

describe('stage drafts', () => {
  it('sends nulls for empty fields and drops coordinates without a name', () => {
    expect(
      draftToInput(
        {
          ...EMPTY_STAGE_DRAFT,
          title: ' Kyoto ',
          destination: { name: '', lat: 35, lng: 135, countryCode: 'JP' },
        },
        false,
      ),
    ).toEqual({
      title: 'Kyoto',
      destinationName: null,
      lat: null,
      lng: null,
      countryCode: null,
      startDate: null,
      endDate: null,
    });
  });
});

describe('a destination typed without picking it', () => {
  const typed = {
    ...EMPTY_STAGE_DRAFT,
    title: 'Lisbon days',
    destination: { name: ' Lisbon ', lat: null, lng: null, countryCode: null },
  };

  it('is looked up before saving', () => {
    expect(needsDestinationCheck(typed)).toBe(true);
  });

  it('is not looked up when picked from the list, or when there is none', () => {
    const picked = {
      ...typed,
      destination: { name: 'Lisbon', lat: 38.7, lng: -9.1, countryCode: 'PT' },
    };
    expect(needsDestinationCheck(picked)).toBe(false);
    expect(needsDestinationCheck({ ...typed, destination: EMPTY_STAGE_DRAFT.destination })).toBe(
      false,
    );
  });

  it('takes the name, position and country of the place confirmed', () => {
    const place = { name: 'Lisbon', lat: 38.72, lng: -9.13, country: 'PT' };
    expect(withDestination(typed, place).destination).toEqual({
      name: 'Lisbon',
      lat: 38.72,
      lng: -9.13,
      countryCode: 'PT',
    });
  });
});

describe('closestFirst', () => {
  const found = (...names: string[]) => names.map((name) => ({ name }));

  it('puts the places named exactly as typed first, case and accents aside, in their order', () => {
    const places = found('Porto Alegre', 'Porto Velho', 'Porto', 'Porto-Novo', 'porto');
    expect(closestFirst('Porto', places).map((place) => place.name)).toEqual([
      'Porto',
      'porto',
      'Porto Alegre',
      'Porto Velho',
      'Porto-Novo',
    ]);
    expect(closestFirst('sao paulo', found('São Paulo de Olivença', 'São Paulo'))[0]?.name).toBe(
      'São Paulo',
    );
  });

  it('keeps the search’s order when no name is the one typed', () => {
    expect(closestFirst('Rom', found('Rome', 'Romania')).map((place) => place.name)).toEqual([
      'Rome',
      'Romania',
    ]);
    expect(isNamed('Rom', { name: 'Rome' })).toBe(false);
    expect(isNamed('ROME', { name: 'Rome' })).toBe(true);
  });
});
