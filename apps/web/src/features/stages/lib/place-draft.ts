import { formatAmountInput } from '@jammy/shared/amount';
import { LIMITS, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import type { Place } from '@jammy/shared/itineraries';
import {
  formatNumberField,
  parseNumber,
  type NumberFormat,
  type NumberProblem,
} from '@jammy/shared/typed-number';
import { readAmount, type AmountFieldProblem } from '../../../components/form/amount-field';

/** How long a place takes: whole minutes, at most a month. */
export const DURATION: NumberFormat = { decimals: 0, min: 0, max: LIMITS.durationMinutes };

/** The editable fields of a place as the form holds them. */
export interface PlaceDraft {
  name: string;
  category: PlaceCategory;
  address: string;
  url: string;
  day: string;
  time: string;
  /** Minutes as typed in the UI language ("1.440"); '' when unknown. */
  duration: string;
  /** As typed in the UI language ("12,50"); read by the shared parser, sent in minor units. */
  cost: string;
  currency: string | null;
  notes: string;
}

export type PlaceField = keyof PlaceDraft;
/**
 * Translation keys (namespace `stages`); the cost's own problems are the amount field's, the
 * duration's the number field's.
 */
export type PlaceErrors = Partial<Record<Exclude<PlaceField, 'cost' | 'duration'>, string>> & {
  cost?: string | { problem: AmountFieldProblem };
  duration?: string | { problem: NumberProblem };
};

const FIELDS: readonly PlaceField[] = [
  'name',
  'category',
  'address',
  'url',
  'day',
  'time',
  'cost',
  'currency',
  'notes',
];

export function placeToDraft(place: Place, language: string): PlaceDraft {
  return {
    name: place.name,
    category: place.category,
    address: place.address ?? '',
    url: place.url ?? '',
    day: place.day ?? '',
    time: place.time ?? '',
    duration:
      place.durationMinutes === null
        ? ''
        : formatNumberField(place.durationMinutes, language, DURATION.decimals),
    cost:
      place.costMinor === null || !place.currency
        ? ''
        : formatAmountInput(place.costMinor, place.currency, language),
    currency: place.currency,
    notes: place.notes,
  };
}

/** The minutes, null when none were typed; only for a draft that passed validation. */
function durationOf(draft: PlaceDraft, language: string): number | null {
  if (draft.duration.trim() === '') return null;
  const duration = parseNumber(draft.duration, language, DURATION);
  if (!duration.ok) throw new RangeError('The duration was not checked before it was sent');
  return duration.value;
}

/** The cost in minor units, null when none was typed; only for a draft that passed validation. */
function costMinorOf(draft: PlaceDraft, language: string): number | null {
  if (draft.cost.trim() === '') return null;
  const cost = draft.currency ? readAmount(draft.cost, draft.currency, language) : null;
  if (!cost?.ok) throw new RangeError('The cost was not checked before it was sent');
  return cost.minor;
}

/** The PATCH body for the draft, its duration and cost as typed in `language`. */
export function draftToPlaceInput(draft: PlaceDraft, language: string) {
  return {
    name: draft.name.trim(),
    category: draft.category,
    address: draft.address.trim() || null,
    url: draft.url.trim() || null,
    day: draft.day || null,
    time: draft.time || null,
    durationMinutes: durationOf(draft, language),
    costMinor: costMinorOf(draft, language),
    currency: draft.currency,
    notes: draft.notes,
  };
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks the draft as the server will, the duration and cost as typed in `language`. */
export function validatePlaceDraft(draft: PlaceDraft, language: string): PlaceErrors {
  const errors: PlaceErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > LIMITS.placeName) errors.name = 'validation.tooLong';
  if (draft.address.trim().length > LIMITS.address) errors.address = 'validation.tooLong';
  const url = draft.url.trim();
  if (url && !isWebAddress(url)) errors.url = 'validation.url';
  if (draft.duration.trim() !== '') {
    const duration = parseNumber(draft.duration, language, DURATION);
    if (!duration.ok) errors.duration = { problem: duration.problem };
  }
  if (draft.cost.trim() !== '') {
    if (!draft.currency) errors.currency = 'validation.currencyNeeded';
    else {
      const cost = readAmount(draft.cost, draft.currency, language);
      if (!cost.ok) errors.cost = { problem: cost.problem };
    }
  }
  if (draft.notes.length > LIMITS.placeNotes) errors.notes = 'validation.tooLong';
  return errors;
}

/** Server-rejected fields mapped onto the form. */
export function placeErrorsFromFields(fields: string[]): PlaceErrors {
  const errors: PlaceErrors = {};
  for (const field of fields) {
    if (field === 'durationMinutes') errors.duration = 'validation.rejected';
    const known = FIELDS.find((candidate) => candidate === field);
    if (known) errors[known] = 'validation.rejected';
  }
  return errors;
}
