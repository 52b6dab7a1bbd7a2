import {
  MAX_AMOUNT_MINOR,
  currencyExponent,
  fromMinorUnits,
  toMinorUnits,
} from '@jammy/shared/fields-plain';
import { LIMITS, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import type { Place } from '@jammy/shared/itineraries';

/** The editable fields of a place as the form holds them. */
export interface PlaceDraft {
  name: string;
  category: PlaceCategory;
  address: string;
  url: string;
  day: string;
  time: string;
  /** Minutes; '' when unknown. */
  duration: number | '';
  /** In the currency's major unit, as typed (12.5 EUR); sent in minor units. */
  cost: number | '';
  currency: string | null;
  notes: string;
}

export type PlaceField = keyof PlaceDraft;
export type PlaceErrors = Partial<Record<PlaceField, string>>;

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

export function placeToDraft(place: Place): PlaceDraft {
  return {
    name: place.name,
    category: place.category,
    address: place.address ?? '',
    url: place.url ?? '',
    day: place.day ?? '',
    time: place.time ?? '',
    duration: place.durationMinutes ?? '',
    cost:
      place.costMinor === null || !place.currency
        ? ''
        : fromMinorUnits(place.costMinor, place.currency),
    currency: place.currency,
    notes: place.notes,
  };
}

/** The PATCH body for the draft. */
export function draftToPlaceInput(draft: PlaceDraft) {
  return {
    name: draft.name.trim(),
    category: draft.category,
    address: draft.address.trim() || null,
    url: draft.url.trim() || null,
    day: draft.day || null,
    time: draft.time || null,
    durationMinutes: draft.duration === '' ? null : Math.round(draft.duration),
    // Validation has checked the amount is exact in this currency's minor unit.
    costMinor:
      draft.cost === '' || !draft.currency
        ? null
        : Math.round(draft.cost * 10 ** currencyExponent(draft.currency)),
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

/** The largest cost a place may have, in the currency's major unit. */
export function maxCost(currency: string | null): number {
  return currency ? fromMinorUnits(MAX_AMOUNT_MINOR, currency) : MAX_AMOUNT_MINOR / 100;
}

/** Decimals a cost in `currency` may have (2 for EUR, 0 for JPY). */
export function costDecimals(currency: string | null): number {
  return currency ? currencyExponent(currency) : 2;
}

/** Checks the draft as the server will; values are translation keys (namespace `stages`). */
export function validatePlaceDraft(draft: PlaceDraft): PlaceErrors {
  const errors: PlaceErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length > LIMITS.placeName) errors.name = 'validation.tooLong';
  if (draft.address.trim().length > LIMITS.address) errors.address = 'validation.tooLong';
  const url = draft.url.trim();
  if (url && !isWebAddress(url)) errors.url = 'validation.url';
  if (draft.duration !== '' && (draft.duration < 0 || draft.duration > LIMITS.durationMinutes)) {
    errors.duration = 'validation.outOfRange';
  }
  if (draft.cost !== '') {
    if (!draft.currency) errors.currency = 'validation.currencyNeeded';
    else if (draft.cost < 0 || draft.cost > maxCost(draft.currency)) {
      errors.cost = 'validation.outOfRange';
    } else if (toMinorUnits(draft.cost, draft.currency) === null) {
      errors.cost = 'validation.tooPrecise';
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
