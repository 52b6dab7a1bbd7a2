import { updatePlaceSchema, type Place } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../../components/form/field-error';
import { PLACE_FIELDS_OF_BODY, PLACE_MESSAGES } from '../components/place-form';
import { draftToPlaceInput, placeToDraft, typedProblems, type PlaceDraft } from './place-draft';

/** The fields of the form the shared schema refuses in `draft`, with their message keys. */
function schemaProblems(draft: PlaceDraft) {
  const parsed = updatePlaceSchema.safeParse(draftToPlaceInput(draft, 'en'));
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => {
      const field = String(issue.path[0]) as keyof PlaceDraft;
      const error = fieldErrorOf(issue, draft[field]);
      return [field, error.kind === 'custom' ? error.key : PLACE_MESSAGES[field]?.[error.kind]];
    }),
  );
}

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
  openingHours: null,
  costMinor: null,
  currency: null,
  notes: '',
  createdAt: '',
  updatedAt: '',
  version: 1,
};

describe('place drafts', () => {
  it('round-trips a place', () => {
    const input = draftToPlaceInput(placeToDraft(place, 'en'), 'en');
    expect(input).toMatchObject({ name: 'Fushimi Inari Taisha', costMinor: null, url: null });
  });

  it('needs a currency with a cost, and a web address', () => {
    const draft = { ...placeToDraft(place, 'en'), cost: '12.50', url: 'javascript:alert(1)' };
    expect(typedProblems(draft, 'en')).toEqual({ currency: 'validation.currencyNeeded' });
    expect(schemaProblems({ ...draft, cost: '' })).toEqual({ url: 'validation.url' });
    const fixed = { ...draft, currency: 'EUR', url: 'https://inari.jp' };
    expect(typedProblems(fixed, 'en')).toEqual({});
    expect(schemaProblems(fixed)).toEqual({});
  });

  it('sends a cost in the minor unit of its currency', () => {
    const draft = placeToDraft(place, 'en');
    const sent = (cost: string, currency: string, language = 'en') =>
      draftToPlaceInput({ ...draft, cost, currency }, language).costMinor;
    expect(sent('10.05', 'EUR')).toBe(1005);
    expect(sent('12.40', 'EUR')).toBe(1240);
    expect(sent('12,40', 'EUR', 'it')).toBe(1240);
    expect(sent('1.500', 'JPY', 'de')).toBe(1500);
    expect(sent('1.234', 'KWD')).toBe(1234);
  });

  it('refuses more decimals than the currency has', () => {
    const draft = { ...placeToDraft(place, 'en'), cost: '10.005', currency: 'EUR' };
    expect(typedProblems(draft, 'en')).toEqual({ cost: 'too-precise' });
    expect(typedProblems({ ...draft, cost: '15.5', currency: 'JPY' }, 'en')).toEqual({
      cost: 'too-precise',
    });
    expect(typedProblems({ ...draft, cost: '-3' }, 'en')).toEqual({ cost: 'negative' });
  });

  it('reads a duration as typed in the language, thousands marks included', () => {
    const draft = placeToDraft(place, 'de');
    const sent = (duration: string, language = 'de') =>
      draftToPlaceInput({ ...draft, duration }, language).durationMinutes;
    expect(sent('90')).toBe(90);
    expect(sent('1.440')).toBe(1440);
    expect(sent('1,440', 'en')).toBe(1440);
    expect(sent('٩٠', 'ar')).toBe(90);
    expect(sent(' ')).toBeNull();
    expect(placeToDraft({ ...place, durationMinutes: 1440 }, 'de').duration).toBe('1440');
  });

  it('sends opening hours as typed, none when left empty', () => {
    const draft = placeToDraft({ ...place, openingHours: 'Tu-Su 10:00-18:00' }, 'en');
    expect(draft.openingHours).toBe('Tu-Su 10:00-18:00');
    const sent = (openingHours: string) => draftToPlaceInput({ ...draft, openingHours }, 'en');
    expect(sent(' Mo-Fr 09:00-17:00 ').openingHours).toBe('Mo-Fr 09:00-17:00');
    expect(sent('  ').openingHours).toBeNull();
    expect(PLACE_MESSAGES.openingHours?.invalid).toBe('validation.openingHours');
  });

  it('refuses a duration that is not whole minutes within a month', () => {
    const draft = placeToDraft(place, 'de');
    const problem = (duration: string) => typedProblems({ ...draft, duration }, 'de');
    expect(problem('90')).toEqual({});
    expect(problem('1,5')).toEqual({ duration: 'too-precise' });
    expect(problem('-30')).toEqual({ duration: 'negative' });
    expect(problem('43.201')).toEqual({ duration: 'out-of-range' });
    expect(problem('eine Stunde')).toEqual({ duration: 'not-a-number' });
  });

  it('shows a stored cost in the major unit, in the language’s form', () => {
    expect(placeToDraft({ ...place, costMinor: 1250, currency: 'EUR' }, 'en').cost).toBe('12.50');
    expect(placeToDraft({ ...place, costMinor: 1250, currency: 'EUR' }, 'fr').cost).toBe('12,50');
  });

  it('maps server fields', () => {
    expect(PLACE_FIELDS_OF_BODY.durationMinutes).toBe('duration');
    expect(PLACE_MESSAGES.duration?.invalid).toBe('validation.rejected');
    expect(PLACE_MESSAGES.url?.invalid).toBe('validation.url');
  });
});
