import type { PlaceCategory } from '@jammy/shared/itinerary-limits';
import {
  formatNumberField,
  parseNumber,
  type NumberFormat,
  type NumberProblem,
} from '@jammy/shared/typed-number';
import type { Pick } from './picks';

/** A latitude as the pin picker takes it: six decimals (about 10 cm), from -90 to 90. */
export const LATITUDE: NumberFormat = { decimals: 6, min: -90, max: 90 };
export const LONGITUDE: NumberFormat = { decimals: 6, min: -180, max: 180 };

/** A place of one's own as the pin picker holds it, the coordinates as typed ("41,9"). */
export interface PinDraft {
  name: string;
  category: PlaceCategory;
  lat: string;
  lng: string;
}

export const EMPTY_PIN: PinDraft = { name: '', category: 'sight', lat: '', lng: '' };

/** The name's problem is a translation key (namespace `stages`); the coordinates' are the parser's. */
export interface PinErrors {
  name?: string;
  lat?: NumberProblem;
  lng?: NumberProblem;
}

/** The draft with the point clicked on the map, written as the fields show it in `language`. */
export function pinAt(
  draft: PinDraft,
  point: { lat: number; lng: number },
  language: string,
): PinDraft {
  // A click on a copy of the world beside the first one is the same place.
  const lng = ((((point.lng + 180) % 360) + 360) % 360) - 180;
  return {
    ...draft,
    lat: formatNumberField(point.lat, language, LATITUDE.decimals),
    lng: formatNumberField(lng, language, LONGITUDE.decimals),
  };
}

/** Where the typed coordinates are, to show on the map; null until both read. */
export function pinPosition(
  draft: PinDraft,
  language: string,
): { lat: number; lng: number } | null {
  const lat = parseNumber(draft.lat, language, LATITUDE);
  const lng = parseNumber(draft.lng, language, LONGITUDE);
  return lat.ok && lng.ok ? { lat: lat.value, lng: lng.value } : null;
}

/** The pick the draft describes, its coordinates typed in `language`, or what is wrong. */
export function readPin(
  draft: PinDraft,
  language: string,
): { ok: true; pick: Omit<Pick, 'key'> } | { ok: false; errors: PinErrors } {
  const name = draft.name.trim();
  const lat = parseNumber(draft.lat, language, LATITUDE);
  const lng = parseNumber(draft.lng, language, LONGITUDE);
  if (!name || !lat.ok || !lng.ok) {
    return {
      ok: false,
      errors: {
        ...(name ? {} : { name: 'validation.required' }),
        ...(lat.ok ? {} : { lat: lat.problem }),
        ...(lng.ok ? {} : { lng: lng.problem }),
      },
    };
  }
  return {
    ok: true,
    pick: {
      name,
      category: draft.category,
      lat: lat.value,
      lng: lng.value,
      address: null,
      origin: 'pin',
    },
  };
}
