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

/** The editable fields of a place as the form holds them (a type, as the form kit's values are). */
export type PlaceDraft = {
  name: string;
  category: PlaceCategory;
  address: string;
  url: string;
  day: string;
  time: string;
  /** Minutes as typed in the UI language ("1.440"); '' when unknown. */
  duration: string;
  /** OpenStreetMap `opening_hours` syntax, checked by the server; '' when unknown. */
  openingHours: string;
  /** As typed in the UI language ("12,50"); read by the shared parser, sent in minor units. */
  cost: string;
  /** '' when none is chosen. */
  currency: string;
  notes: string;
};

/** What is wrong with the text of the typed fields: the amount field's and number field's problems. */
export interface TypedProblems {
  cost?: AmountFieldProblem;
  duration?: NumberProblem;
  /** A cost typed without its currency cannot be read. */
  currency?: 'validation.currencyNeeded';
}

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
    openingHours: place.openingHours ?? '',
    cost:
      place.costMinor === null || !place.currency
        ? ''
        : formatAmountInput(place.costMinor, place.currency, language),
    currency: place.currency ?? '',
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
    openingHours: draft.openingHours.trim() || null,
    costMinor: costMinorOf(draft, language),
    currency: draft.currency || null,
    notes: draft.notes,
  };
}

/**
 * Reads the duration and cost as typed in `language` (the rest is the shared schema's to
 * check): the problem of each that does not read.
 */
export function typedProblems(draft: PlaceDraft, language: string): TypedProblems {
  const problems: TypedProblems = {};
  if (draft.duration.trim() !== '') {
    const duration = parseNumber(draft.duration, language, DURATION);
    if (!duration.ok) problems.duration = duration.problem;
  }
  if (draft.cost.trim() !== '') {
    if (!draft.currency) problems.currency = 'validation.currencyNeeded';
    else {
      const cost = readAmount(draft.cost, draft.currency, language);
      if (!cost.ok) problems.cost = cost.problem;
    }
  }
  return problems;
}
