// The part of presets.ts without zod (regions, trip lengths, page sizes): the web app's filters
// and a trip's page use them and must not load the schemas for that. presets.ts re-exports all
// of it.

/** Regions a Jammy itinerary belongs to (filter on /jammy-itineraries). */
export const REGIONS = [
  'europe',
  'asia',
  'africa',
  'middle-east',
  'north-america',
  'south-america',
  'oceania',
] as const;

export type Region = (typeof REGIONS)[number];

/** Trip-length filter buckets, in days (inclusive). */
export const TRIP_LENGTHS = {
  short: { min: 1, max: 4 },
  week: { min: 5, max: 9 },
  long: { min: 10, max: 365 },
} as const;

export type TripLength = keyof typeof TRIP_LENGTHS;

/** Cards in a page of GET /api/presets, by default and at most. */
export const PRESET_PAGE_SIZE = 24;

export const PRESET_PAGE_MAX = 100;
