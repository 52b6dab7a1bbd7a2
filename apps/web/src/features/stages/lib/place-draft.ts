import { LIMITS, type Place, type PlaceCategory } from '@jammy/shared/itineraries';

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
    cost: place.cost ?? '',
    currency: place.currency,
    notes: place.notes,
  };
}

/** The PATCH body for the draft. */
export function draftToPlaceInput(draft: PlaceDraft) {
  const hasCost = draft.cost !== '';
  return {
    name: draft.name.trim(),
    category: draft.category,
    address: draft.address.trim() || null,
    url: draft.url.trim() || null,
    day: draft.day || null,
    time: draft.time || null,
    durationMinutes: draft.duration === '' ? null : Math.round(draft.duration),
    cost: hasCost ? Math.round(Number(draft.cost) * 100) / 100 : null,
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
    if (draft.cost < 0 || draft.cost > LIMITS.cost) errors.cost = 'validation.outOfRange';
    if (!draft.currency) errors.currency = 'validation.currencyNeeded';
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
