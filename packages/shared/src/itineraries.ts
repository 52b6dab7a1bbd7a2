import { z } from 'zod';
import { idSchema } from './ids';

/** Limits of itinerary content, shared by forms and server. */
export const LIMITS = {
  title: 120,
  description: 4000,
  stageNotes: 10_000,
  placeName: 160,
  address: 300,
  url: 2048,
  placeNotes: 4000,
  noteTitle: 160,
  noteBody: 50_000,
  listTitle: 120,
  listItem: 300,
  category: 40,
  durationMinutes: 60 * 24 * 30,
  cost: 99_999_999,
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
  'other',
] as const;
export type PlaceCategory = (typeof PLACE_CATEGORIES)[number];

export const LIST_KINDS = ['packing', 'todo'] as const;

/** Days an itinerary stays in the trash before it is gone for good. */
export const TRASH_RETENTION_DAYS = 30;

const ISO_CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [],
);

/** A calendar date `YYYY-MM-DD` that exists. */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a real date');

export const latitudeSchema = z
  .number('must be a number')
  .min(-90, 'must lie between -90 and 90')
  .max(90, 'must lie between -90 and 90');
export const longitudeSchema = z
  .number('must be a number')
  .min(-180, 'must lie between -180 and 180')
  .max(180, 'must lie between -180 and 180');

export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR')
  .refine(
    (code) => ISO_CURRENCIES.size === 0 || ISO_CURRENCIES.has(code),
    'is not an ISO 4217 currency',
  );

export const webUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address');

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

function text(max: number) {
  return z.string().trim().max(max, `must be at most ${max} characters`);
}
function requiredText(max: number) {
  return text(max).min(1, 'must not be empty');
}

/** Checks that `endDate` is not before `startDate` when both are given. */
function datesInOrder<T extends { startDate?: string | null; endDate?: string | null }>(
  value: T,
  context: z.RefinementCtx,
) {
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    context.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'must not be before startDate',
    });
  }
}

const versionField = { version: z.number().int().positive().optional() };

const itineraryFields = {
  title: requiredText(LIMITS.title),
  description: text(LIMITS.description),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  timezone: z.string().max(64).nullable(),
  coverUrl: webUrlSchema.nullable(),
};

export const createItinerarySchema = z
  .strictObject({
    title: itineraryFields.title,
    description: itineraryFields.description.optional(),
    startDate: itineraryFields.startDate.optional(),
    endDate: itineraryFields.endDate.optional(),
    timezone: itineraryFields.timezone.optional(),
    coverUrl: itineraryFields.coverUrl.optional(),
  })
  .superRefine(datesInOrder);
export const updateItinerarySchema = z
  .strictObject({
    title: itineraryFields.title.optional(),
    description: itineraryFields.description.optional(),
    startDate: itineraryFields.startDate.optional(),
    endDate: itineraryFields.endDate.optional(),
    timezone: itineraryFields.timezone.optional(),
    coverUrl: itineraryFields.coverUrl.optional(),
    ...versionField,
  })
  .superRefine(datesInOrder);

const stageFields = {
  title: requiredText(LIMITS.title),
  destinationName: text(LIMITS.placeName).nullable(),
  lat: latitudeSchema.nullable(),
  lng: longitudeSchema.nullable(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .nullable(),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  notes: text(LIMITS.stageNotes),
};
export const createStageSchema = z
  .strictObject({
    title: stageFields.title,
    destinationName: stageFields.destinationName.optional(),
    lat: stageFields.lat.optional(),
    lng: stageFields.lng.optional(),
    countryCode: stageFields.countryCode.optional(),
    startDate: stageFields.startDate.optional(),
    endDate: stageFields.endDate.optional(),
    notes: stageFields.notes.optional(),
    /** Put the new stage right after this one (default: at the end). */
    afterId: idSchema.nullable().optional(),
  })
  .superRefine(datesInOrder);
export const updateStageSchema = z
  .strictObject({
    title: stageFields.title.optional(),
    destinationName: stageFields.destinationName.optional(),
    lat: stageFields.lat.optional(),
    lng: stageFields.lng.optional(),
    countryCode: stageFields.countryCode.optional(),
    startDate: stageFields.startDate.optional(),
    endDate: stageFields.endDate.optional(),
    notes: stageFields.notes.optional(),
    ...versionField,
  })
  .superRefine(datesInOrder);

const placeFields = {
  stageId: idSchema.nullable(),
  name: requiredText(LIMITS.placeName),
  category: z.enum(PLACE_CATEGORIES),
  lat: latitudeSchema.nullable(),
  lng: longitudeSchema.nullable(),
  address: text(LIMITS.address).nullable(),
  url: webUrlSchema.nullable(),
  day: dateSchema.nullable(),
  time: timeSchema.nullable(),
  durationMinutes: z.number().int().min(0).max(LIMITS.durationMinutes).nullable(),
  cost: z.number().min(0).max(LIMITS.cost).multipleOf(0.01).nullable(),
  currency: currencySchema.nullable(),
  notes: text(LIMITS.placeNotes),
};
function costHasCurrency(
  value: { cost?: number | null; currency?: string | null },
  context: z.RefinementCtx,
) {
  if (value.cost !== undefined && value.cost !== null && !value.currency) {
    context.addIssue({ code: 'custom', path: ['currency'], message: 'is required with a cost' });
  }
}
export const createPlaceSchema = z
  .strictObject({
    stageId: placeFields.stageId.optional(),
    name: placeFields.name,
    category: placeFields.category.optional(),
    lat: placeFields.lat.optional(),
    lng: placeFields.lng.optional(),
    address: placeFields.address.optional(),
    url: placeFields.url.optional(),
    day: placeFields.day.optional(),
    time: placeFields.time.optional(),
    durationMinutes: placeFields.durationMinutes.optional(),
    cost: placeFields.cost.optional(),
    currency: placeFields.currency.optional(),
    notes: placeFields.notes.optional(),
  })
  .superRefine(costHasCurrency);
export const updatePlaceSchema = z.strictObject({
  stageId: placeFields.stageId.optional(),
  name: placeFields.name.optional(),
  category: placeFields.category.optional(),
  lat: placeFields.lat.optional(),
  lng: placeFields.lng.optional(),
  address: placeFields.address.optional(),
  url: placeFields.url.optional(),
  day: placeFields.day.optional(),
  time: placeFields.time.optional(),
  durationMinutes: placeFields.durationMinutes.optional(),
  cost: placeFields.cost.optional(),
  currency: placeFields.currency.optional(),
  notes: placeFields.notes.optional(),
  ...versionField,
});

/** Moves one row right after another (null: to the start); one row is written. */
export const moveSchema = z.strictObject({
  afterId: idSchema.nullable(),
  /** Places only: the stage to move into (null: not in a stage). */
  stageId: idSchema.nullable().optional(),
  ...versionField,
});

export const createNoteSchema = z.strictObject({
  title: text(LIMITS.noteTitle).optional(),
  body: text(LIMITS.noteBody).optional(),
  pinned: z.boolean().optional(),
  /** Private notes (the default) are never shown through a share link. */
  private: z.boolean().optional(),
});
export const updateNoteSchema = z.strictObject({
  title: text(LIMITS.noteTitle).optional(),
  body: text(LIMITS.noteBody).optional(),
  pinned: z.boolean().optional(),
  private: z.boolean().optional(),
  ...versionField,
});

export const createListSchema = z.strictObject({
  title: requiredText(LIMITS.listTitle),
  kind: z.enum(LIST_KINDS),
});
export const updateListSchema = z.strictObject({
  title: requiredText(LIMITS.listTitle).optional(),
  ...versionField,
});
export const createListItemSchema = z.strictObject({ text: requiredText(LIMITS.listItem) });
export const updateListItemSchema = z.strictObject({
  text: requiredText(LIMITS.listItem).optional(),
  checked: z.boolean().optional(),
  ...versionField,
});

export const versionOnlySchema = z.strictObject({ ...versionField });

export const listItinerariesQuerySchema = z.strictObject({
  q: z.string().trim().max(LIMITS.title).optional(),
  sort: z.enum(['updated', 'start']).default('updated'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(24),
  trash: z.enum(['true', 'false']).default('false'),
});

export type Role = 'owner' | 'editor' | 'viewer';

export interface Itinerary {
  id: string;
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  timezone: string | null;
  coverUrl: string | null;
  ownerId: string;
  role: Role;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ItinerarySummary extends Itinerary {
  stageCount: number;
  placeCount: number;
}

export interface Stage {
  id: string;
  itineraryId: string;
  position: string;
  title: string;
  destinationName: string | null;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
  startDate: string | null;
  endDate: string | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Place {
  id: string;
  itineraryId: string;
  stageId: string | null;
  position: string;
  name: string;
  category: PlaceCategory;
  lat: number | null;
  lng: number | null;
  address: string | null;
  url: string | null;
  day: string | null;
  time: string | null;
  durationMinutes: number | null;
  cost: number | null;
  currency: string | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Note {
  id: string;
  itineraryId: string;
  title: string;
  body: string;
  pinned: boolean;
  /** Members only: hidden from share-link readers. */
  private: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface ListItem {
  id: string;
  listId: string;
  text: string;
  checked: boolean;
  position: string;
  updatedAt: string;
  version: number;
}

export interface TripList {
  id: string;
  itineraryId: string;
  title: string;
  kind: (typeof LIST_KINDS)[number];
  position: string;
  items: ListItem[];
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** GET /api/itineraries/{id}: the itinerary with its stages and places, in order. */
export interface ItineraryTree {
  itinerary: Itinerary;
  stages: Stage[];
  places: Place[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
