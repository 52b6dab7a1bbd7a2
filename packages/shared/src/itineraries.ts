import { z } from 'zod';
import {
  amountMinorSchema,
  currencySchema,
  dateSchema,
  instantSchema,
  latitudeSchema,
  longitudeSchema,
  timeOfDaySchema,
  timeZoneSchema,
  versionSchema,
  webUrlSchema,
} from './fields';
import { bookingSchema } from './bookings';
import { idSchema } from './ids';
import { attachmentSchema, fileRefSchema, objectPathSchema, photoSchema } from './media';
import { textSchema } from './text';

import {
  LIMITS,
  LIST_KINDS,
  PLACE_CATEGORIES,
  TRASH_RETENTION_DAYS,
  type PlaceCategory,
} from './itinerary-limits';

export { LIMITS, LIST_KINDS, PLACE_CATEGORIES, TRASH_RETENTION_DAYS, type PlaceCategory };

function text(max: number, multiline = false) {
  return textSchema({ max, multiline });
}
function requiredText(max: number) {
  return textSchema({ max, required: true });
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

const versionField = { version: versionSchema.optional() };

const itineraryFields = {
  title: requiredText(LIMITS.title),
  description: text(LIMITS.description, true),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  timezone: timeZoneSchema.nullable(),
  coverUrl: webUrlSchema.nullable(),
  /** The currency the trip's budget is kept in (ISO 4217). */
  currency: currencySchema.nullable(),
};

export const createItinerarySchema = z
  .strictObject({
    /** Chosen by the client when the trip is made offline (its pages need the id at once). */
    id: idSchema.optional(),
    title: itineraryFields.title,
    description: itineraryFields.description.optional(),
    startDate: itineraryFields.startDate.optional(),
    endDate: itineraryFields.endDate.optional(),
    timezone: itineraryFields.timezone.optional(),
    coverUrl: itineraryFields.coverUrl.optional(),
    currency: itineraryFields.currency.optional(),
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
    currency: itineraryFields.currency.optional(),
    /** An uploaded photo of this itinerary (`itineraries/{id}/cover/…`) as the cover; null removes it. */
    coverPath: objectPathSchema.nullable().optional(),
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
  notes: text(LIMITS.stageNotes, true),
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
  time: timeOfDaySchema.nullable(),
  durationMinutes: z
    .number('must be a number')
    .int('must be a whole number of minutes')
    .min(0, 'must not be negative')
    .max(LIMITS.durationMinutes, `must be at most ${LIMITS.durationMinutes}`)
    .nullable(),
  /**
   * OpenStreetMap `opening_hours` syntax (`Tu-Su 10:00-18:00; PH off`); the server reads it with
   * the `opening_hours` package and refuses what it cannot read (the web bundle stays without it).
   */
  openingHours: text(LIMITS.openingHours).nullable(),
  /** In the currency's minor unit (cents for EUR, yen for JPY): never a float. */
  costMinor: amountMinorSchema.nullable(),
  currency: currencySchema.nullable(),
  notes: text(LIMITS.placeNotes, true),
};
function costHasCurrency(
  value: { costMinor?: number | null; currency?: string | null },
  context: z.RefinementCtx,
) {
  if (value.costMinor !== undefined && value.costMinor !== null && !value.currency) {
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
    openingHours: placeFields.openingHours.optional(),
    costMinor: placeFields.costMinor.optional(),
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
  openingHours: placeFields.openingHours.optional(),
  costMinor: placeFields.costMinor.optional(),
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
  body: text(LIMITS.noteBody, true).optional(),
  pinned: z.boolean().optional(),
  /** Private notes (the default) are never shown through a share link. */
  private: z.boolean().optional(),
});
export const updateNoteSchema = z.strictObject({
  title: text(LIMITS.noteTitle).optional(),
  body: text(LIMITS.noteBody, true).optional(),
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
  q: text(LIMITS.title).optional(),
  sort: z.enum(['updated', 'start']).default('updated'),
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor of this list')
    .optional(),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(24),
  trash: z.enum(['true', 'false']).default('false'),
});

export const ROLES = ['owner', 'editor', 'viewer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// --- what the API answers (the web client reads the same schemas' types) ---

const timestamps = {
  createdAt: instantSchema,
  updatedAt: instantSchema,
  version: z.number().int(),
};

export const itinerarySchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  timezone: z.string().nullable(),
  /** The budget's currency (ISO 4217); null until set. */
  currency: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** The uploaded cover photo (shown instead of coverUrl when set). */
  cover: fileRefSchema.nullable(),
  ownerId: idSchema,
  role: roleSchema,
  deletedAt: instantSchema.nullable(),
  ...timestamps,
});
export type Itinerary = z.infer<typeof itinerarySchema>;

export const itinerarySummarySchema = itinerarySchema.extend({
  stageCount: z.number().int(),
  placeCount: z.number().int(),
  /** The earliest and latest dates of its stages (a stage's start or end), null without any. */
  stagesStartDate: dateSchema.nullable(),
  stagesEndDate: dateSchema.nullable(),
});
export type ItinerarySummary = z.infer<typeof itinerarySummarySchema>;

export const stageSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  position: z.string(),
  title: z.string(),
  destinationName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  countryCode: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  notes: z.string(),
  ...timestamps,
});
export type Stage = z.infer<typeof stageSchema>;

export const placeSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  stageId: idSchema.nullable(),
  position: z.string(),
  name: z.string(),
  category: z.enum(PLACE_CATEGORIES),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  address: z.string().nullable(),
  url: z.string().nullable(),
  day: z.string().nullable(),
  time: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  /** OpenStreetMap `opening_hours` syntax. */
  openingHours: z.string().nullable(),
  /** In the currency's minor unit (see `currencyExponent`). */
  costMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  notes: z.string(),
  ...timestamps,
});
export type Place = z.infer<typeof placeSchema>;

export const noteSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  title: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  /** Members only: hidden from share-link readers. */
  private: z.boolean(),
  ...timestamps,
});
export type Note = z.infer<typeof noteSchema>;

export const listItemSchema = z.object({
  id: idSchema,
  listId: idSchema,
  text: z.string(),
  checked: z.boolean(),
  position: z.string(),
  updatedAt: instantSchema,
  version: z.number().int(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const tripListSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  title: z.string(),
  kind: z.enum(LIST_KINDS),
  position: z.string(),
  items: z.array(listItemSchema),
  ...timestamps,
});
export type TripList = z.infer<typeof tripListSchema>;

/**
 * GET /api/itineraries/{id}: the itinerary with its stages and places, in order, its photos
 * (in order; each names its stage or place) and attachments (through a share link: only
 * those not private).
 */
export const itineraryTreeSchema = z.object({
  itinerary: itinerarySchema,
  stages: z.array(stageSchema),
  places: z.array(placeSchema),
  photos: z.array(photoSchema),
  attachments: z.array(attachmentSchema),
  /** Ordered by start (none last); through a share link without confirmation codes. */
  bookings: z.array(bookingSchema),
});
export type ItineraryTree = z.infer<typeof itineraryTreeSchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
