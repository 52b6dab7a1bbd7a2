import type { FieldMessages } from '../../../components/form/use-form';
import type { PlaceDraft } from '../lib/place-draft';

/** The place form's words for the shared schema's problems (namespace `stages`). */
export const PLACE_MESSAGES: FieldMessages<keyof PlaceDraft> = {
  name: { required: 'validation.required', tooLong: 'validation.tooLong' },
  category: { invalid: 'validation.rejected' },
  address: { tooLong: 'validation.tooLong', invalid: 'validation.rejected' },
  url: { tooLong: 'validation.tooLong', invalid: 'validation.url' },
  day: { invalid: 'validation.rejected' },
  time: { invalid: 'validation.rejected' },
  duration: { invalid: 'validation.rejected' },
  openingHours: { tooLong: 'validation.tooLong', invalid: 'validation.openingHours' },
  cost: { invalid: 'validation.rejected' },
  // The schema wants a currency with a cost; any other problem is the server's.
  currency: { required: 'validation.currencyNeeded', invalid: 'validation.rejected' },
  notes: { tooLong: 'validation.tooLong', invalid: 'validation.rejected' },
};

/** The body's minutes and minor units are the form's typed duration and cost. */
export const PLACE_FIELDS_OF_BODY = { durationMinutes: 'duration', costMinor: 'cost' } as const;
