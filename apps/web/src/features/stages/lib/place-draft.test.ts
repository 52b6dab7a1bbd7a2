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
  costMinor: null,
  currency: null,
  notes: '',
  createdAt: '',
  updatedAt: '',
  version: 1,
};

describe('place drafts', () => {
  it('round-trips a place', () => {
    const input = draftToPlaceInput(placeToDraft(place));
    expect(input).toMatchObject({ name: 'Fushimi Inari Taisha', costMinor: null, url: null });
  });

  it('needs a currency with a cost, and a web address', () => {
    const draft = { ...placeToDraft(place), cost: 12.5, url: 'javascript:alert(1)' };
    expect(validatePlaceDraft(draft)).toEqual({
      currency: 'validation.currencyNeeded',
      url: 'validation.url',
    });
    expect(validatePlaceDraft({ ...draft, currency: 'EUR', url: 'https://inari.jp' })).toEqual({});
  });

  it('sends a cost in the minor unit of its currency', () => {
    const draft = placeToDraft(place);
    expect(draftToPlaceInput({ ...draft, cost: 10.05, currency: 'EUR' }).costMinor).toBe(1005);
    expect(draftToPlaceInput({ ...draft, cost: 1500, currency: 'JPY' }).costMinor).toBe(1500);
    expect(draftToPlaceInput({ ...draft, cost: 1.234, currency: 'KWD' }).costMinor).toBe(1234);
  });

  it('refuses more decimals than the currency has', () => {
    const draft = { ...placeToDraft(place), cost: 10.005, currency: 'EUR' };
    expect(validatePlaceDraft(draft)).toEqual({ cost: 'validation.tooPrecise' });
    expect(validatePlaceDraft({ ...draft, cost: 15.5, currency: 'JPY' })).toEqual({
      cost: 'validation.tooPrecise',
    });
  });

  it('shows a stored cost in the major unit', () => {
    expect(placeToDraft({ ...place, costMinor: 1250, currency: 'EUR' }).cost).toBe(12.5);
  });

  it('maps server fields', () => {
    expect(placeErrorsFromFields(['durationMinutes', 'url'])).toEqual({
      duration: 'validation.rejected',
      url: 'validation.rejected',
    });
  });
});
