import type { Itinerary } from '@jammy/shared/itineraries';
import type { FieldMessages } from '../../../components/form/use-form';

/** What the itinerary form edits, as the inputs hold it (empty string: not set). */
export type ItineraryFormValues = {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  coverUrl: string;
  /** The budget's currency (ISO 4217), empty when not chosen yet. */
  currency: string;
  /** The version the form was filled from, sent with a change (0 for a new trip). */
  version: number;
};

export type ItineraryField = Exclude<keyof ItineraryFormValues, 'version'>;

export const EMPTY_VALUES: ItineraryFormValues = {
  title: '',
  description: '',
  startDate: '',
  endDate: '',
  coverUrl: '',
  currency: '',
  version: 0,
};

export function valuesOf(itinerary: Itinerary): ItineraryFormValues {
  return {
    title: itinerary.title,
    description: itinerary.description,
    startDate: itinerary.startDate ?? '',
    endDate: itinerary.endDate ?? '',
    coverUrl: itinerary.coverUrl ?? '',
    currency: itinerary.currency ?? '',
    version: itinerary.version,
  };
}

/** The request body of the values (blank optional fields are cleared). */
export function payloadOf(values: ItineraryFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    coverUrl: values.coverUrl.trim() || null,
    currency: values.currency || null,
  };
}

/** The itinerary form's words for its fields' problems (keys of the `itineraries` namespace). */
export const ITINERARY_MESSAGES: FieldMessages<ItineraryField> = {
  title: { required: 'errors.required', tooLong: 'errors.tooLong', invalid: 'errors.invalid' },
  description: { tooLong: 'errors.tooLong', invalid: 'errors.invalid' },
  startDate: { invalid: 'errors.date' },
  // The schema's one rule on the end date beyond being a date: not before the start.
  endDate: { invalid: 'errors.endBeforeStart' },
  coverUrl: { tooLong: 'errors.tooLong', invalid: 'errors.url' },
  currency: { invalid: 'errors.invalid' },
};
