import { z } from 'zod';
import { dateSchema, instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { INTEREST_IDS, interestIdSchema } from './interests';
import { PLACE_CATEGORIES, type PlaceCategory } from './itineraries';
import { LANGUAGES, type Language } from './languages';
import { textSchema } from './text';
import { REGIONS, PRESET_PAGE_SIZE, PRESET_PAGE_MAX } from './presets-plain';

export * from './presets-plain';

/** Per-language text; the preset's `defaultLanguage` entry is always present. */
export type Localized<T> = Partial<Record<Language, T>>;

/** A place of a preset's stage, as stored in the snapshot (catalogue files use it too). */
export interface PresetPlaceContent {
  name: string;
  category: PlaceCategory;
  lat: number;
  lng: number;
  address?: string | null;
  url?: string | null;
  /** Day of the trip, 0-based (0 = the first day); becomes a date when copied. */
  day?: number | null;
  /** 'HH:MM' */
  time?: string | null;
  durationMinutes?: number | null;
  text?: Localized<{ notes: string }>;
}

export interface PresetStageContent {
  destinationName: string;
  lat: number;
  lng: number;
  countryCode: string;
  /** First day of the stage, 0-based, and how many days it lasts (≥ 1). */
  startDay: number;
  days: number;
  text: Localized<{ title: string; tip: string }>;
  places: PresetPlaceContent[];
}

export interface PresetContent {
  stages: PresetStageContent[];
}

const languageSchema = z.enum(LANGUAGES);

/** Editing facts of a preset, shown to admins only. */
export const presetAdminInfoSchema = z.object({
  version: z.number().int(),
  /** The catalogue file's slug; null for a preset an admin published. */
  slug: z.string().nullable(),
  /** Shipped with Jammy: it can be unpublished, not deleted. */
  catalogue: z.boolean(),
  /** The language of its own text; PATCH title/description write this one. */
  defaultLanguage: languageSchema,
  sourceItineraryId: idSchema.nullable(),
  publishedBy: idSchema.nullable(),
  updatedAt: instantSchema,
});
export type PresetAdminInfo = z.infer<typeof presetAdminInfoSchema>;

/** A card on /jammy-itineraries, in the reader's language (falling back to the preset's). */
export const presetSummarySchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  region: z.enum(REGIONS),
  days: z.number().int(),
  interests: z.array(interestIdSchema),
  coverUrl: z.string().nullable(),
  coverCredit: z.string().nullable(),
  premium: z.boolean(),
  /** False only for admins looking at an unpublished preset. */
  published: z.boolean(),
  stageCount: z.number().int(),
  placeCount: z.number().int(),
  /** Interests shared with the signed-in reader (0 when anonymous). */
  matchingInterests: z.number().int(),
  /** Whether the reader may copy it now (premium ones: admins, and buyers of a paid order). */
  copyable: z.boolean(),
  /** Only for admins: what editing (PATCH, DELETE) needs. */
  admin: presetAdminInfoSchema.optional(),
});
export type PresetSummary = z.infer<typeof presetSummarySchema>;

const presetPlaceDetailSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  category: z.enum(PLACE_CATEGORIES),
  lat: z.number(),
  lng: z.number(),
  address: z.string().nullable(),
  url: z.string().nullable(),
  day: z.number().int().nullable(),
  time: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  notes: z.string(),
});

/** What every stage shows, whole or locked: its name and its days. */
const presetStageHeadingSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  destinationName: z.string(),
  countryCode: z.string(),
  startDay: z.number().int(),
  days: z.number().int(),
});

/** A stage as its reader may read it: whole, or (a preview's later stages) its heading only. */
const presetStageDetailSchema = z.discriminatedUnion('locked', [
  presetStageHeadingSchema.extend({
    locked: z.literal(false),
    lat: z.number(),
    lng: z.number(),
    tip: z.string(),
    places: z.array(presetPlaceDetailSchema),
  }),
  presetStageHeadingSchema.extend({
    /** Bought, this stage shows its location, tip and places. */
    locked: z.literal(true),
  }),
]);

/**
 * GET /api/presets/{id}: the card plus stages and places (localized), for the map. A premium
 * itinerary the reader may not copy (not bought, or refunded) is a preview: every stage's
 * name and days, and the first stage whole.
 */
export const presetDetailSchema = presetSummarySchema.extend({
  language: languageSchema,
  /** True: a premium itinerary not bought; only the first stage is whole. */
  preview: z.boolean(),
  stages: z.array(presetStageDetailSchema),
});
export type PresetDetail = z.infer<typeof presetDetailSchema>;
export type PresetStageDetail = PresetDetail['stages'][number];
/** A stage shown whole: its location, tip and places. */
export type PresetOpenStage = Extract<PresetStageDetail, { locked: false }>;

/** GET /api/presets query: filters; recommended first for a signed-in reader. */
export const listPresetsQuerySchema = z.strictObject({
  interest: z.enum(INTEREST_IDS).optional(),
  region: z.enum(REGIONS).optional(),
  length: z.enum(['short', 'week', 'long']).optional(),
  /** Admins only: include unpublished presets. */
  all: z.enum(['true', 'false']).optional(),
  /** The page's language: it wins over the profile's, the cookie and Accept-Language. */
  lang: z.enum(LANGUAGES).optional(),
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor of this list')
    .optional(),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PRESET_PAGE_MAX, `must be at most ${PRESET_PAGE_MAX}`)
    .default(PRESET_PAGE_SIZE),
});

/** GET /api/presets: one page of cards, in the order of the whole list. */
export const presetPageSchema = z.object({
  items: z.array(presetSummarySchema),
  nextCursor: z.string().nullable(),
});

/** Query of GET /api/presets/{id} and POST …/copy: the page's language. */
export const presetLanguageQuerySchema = z.strictObject({ lang: z.enum(LANGUAGES).optional() });

/** POST /api/presets/{id}/copy */
export const copyPresetSchema = z.strictObject({
  startDate: dateSchema,
  /** Defaults to the preset's title in the caller's language. */
  title: textSchema({ max: 120, required: true }).optional(),
});

/** POST /api/presets (admin): publish a snapshot of one of the admin's itineraries. */
export const publishPresetSchema = z.strictObject({
  itineraryId: idSchema,
  region: z.enum(REGIONS),
  interests: z.array(z.enum(INTEREST_IDS)).max(INTEREST_IDS.length),
  premium: z.boolean().default(false),
});

/** PATCH /api/presets/{id} (admin): listing fields; `version` for optimistic concurrency. */
export const updatePresetSchema = z.strictObject({
  region: z.enum(REGIONS).optional(),
  interests: z.array(z.enum(INTEREST_IDS)).max(INTEREST_IDS.length).optional(),
  premium: z.boolean().optional(),
  published: z.boolean().optional(),
  title: textSchema({ max: 120, required: true }).optional(),
  description: textSchema({ max: 4000, multiline: true }).optional(),
  version: versionSchema,
});

export type ListPresetsQuery = z.infer<typeof listPresetsQuerySchema>;
export type CopyPreset = z.infer<typeof copyPresetSchema>;
export type PublishPreset = z.input<typeof publishPresetSchema>;
export type UpdatePreset = z.infer<typeof updatePresetSchema>;

/** The honest answer to a non-admin copying a premium preset (403 `preset/premium`). */
export const PREMIUM_NOT_AVAILABLE_MESSAGE =
  'This Jammy itinerary is premium: buy it in the shop to copy it.';
