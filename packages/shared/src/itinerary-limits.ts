// Limits and lists of itinerary content without zod: the web app's forms and pages read them
// and must not load the schemas of itineraries.ts for that. itineraries.ts re-exports them.
import { WEB_URL_MAX_LENGTH } from './fields-plain';

/** Limits of itinerary content, shared by forms and server. */
export const LIMITS = {
  title: 120,
  description: 4000,
  stageNotes: 10_000,
  placeName: 160,
  address: 300,
  url: WEB_URL_MAX_LENGTH,
  placeNotes: 4000,
  noteTitle: 160,
  noteBody: 50_000,
  listTitle: 120,
  listItem: 300,
  category: 40,
  durationMinutes: 60 * 24 * 30,
  /** OpenStreetMap's longest tag value. */
  openingHours: 255,
} as const;

export const PLACE_CATEGORIES = [
  'sight',
  'museum',
  'food',
  'drink',
  'nature',
  'activity',
  'shopping',
  'lodging',
  'transport',
  /** A city, town or village (what the offline place search finds). */
  'city',
  'other',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const LIST_KINDS = ['packing', 'todo'] as const;

/** Days an itinerary stays in the trash before it is gone for good. */
export const TRASH_RETENTION_DAYS = 30;
