import type { Place } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import {
  draftToPlaceInput,
  placeErrorsFromFields,
  placeToDraft,
  validatePlaceDraft,
} from './place-draft';

const place: Place = {
  id: 'p1',
  itineraryId: 'i1',
  stageId: 's1',
  position: 'a0',
  name: 'Fushimi Inari Taisha',
  category: 'sight',
  lat: 34.9671,
  lng: 135.7727,
  address: null,
  url: null,
  day: null,
  time: null,
  durationMinutes: null,
  cost: null,
  currency: null,
  notes: '',
  createdAt: '',
  updatedAt: '',
  version: 1,
};

describe('place drafts', () => {
  it('round-trips a place', () => {
    const input = draftToPlaceInput(placeToDraft(place));
    expect(input).toMatchObject({ name: 'Fushimi Inari Taisha', cost: null, url: null });
  });

  it('needs a currency with a cost, and a web address', () => {
    const draft = { ...placeToDraft(place), cost: 12.5, url: 'javascript:alert(1)' };
    expect(validatePlaceDraft(draft)).toEqual({
      currency: 'validation.currencyNeeded',
      url: 'validation.url',
    });
    expect(validatePlaceDraft({ ...draft, currency: 'EUR', url: 'https://inari.jp' })).toEqual({});
  });

  it('rounds a cost to cents', () => {
    expect(draftToPlaceInput({ ...placeToDraft(place), cost: 10.005, currency: 'EUR' }).cost).toBe(
      10.01,
    );
  });

  it('maps server fields', () => {
    expect(placeErrorsFromFields(['durationMinutes', 'url'])).toEqual({
      duration: 'validation.rejected',
      url: 'validation.rejected',
    });
  });
});
