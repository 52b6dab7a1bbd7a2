import { z } from 'zod';
import { INTEREST_IDS, type InterestId } from './interests';
import { dateSchema, type PlaceCategory } from './itineraries';
import { LANGUAGES, type Language } from './languages';

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

/** A card on /jammy-itineraries, in the reader's language (falling back to the preset's). */
export interface PresetSummary {
  id: string;
  title: string;
  description: string;
  region: Region;
  days: number;
  interests: InterestId[];
  coverUrl: string | null;
  coverCredit: string | null;
  premium: boolean;
  /** False only for admins looking at an unpublished preset. */
  published: boolean;
  stageCount: number;
  placeCount: number;
  /** Interests shared with the signed-in reader (0 when anonymous). */
  matchingInterests: number;
  /** Whether the reader may copy it now (premium ones: admins only until the shop exists). */
  copyable: boolean;
  /** Only for admins: what editing (PATCH, DELETE) needs. */
  admin?: PresetAdminInfo;
}

/** Editing facts of a preset, shown to admins only. */
export interface PresetAdminInfo {
  version: number;
  /** The catalogue file's slug; null for a preset an admin published. */
  slug: string | null;
  /** Shipped with Jammy: it can be unpublished, not deleted. */
  catalogue: boolean;
  /** The language of its own text; PATCH title/description write this one. */
  defaultLanguage: Language;
  sourceItineraryId: string | null;
  publishedBy: string | null;
  updatedAt: string;
}

/** GET /api/presets/{id}: the card plus stages and places (localized), for the map. */
export interface PresetDetail extends PresetSummary {
  language: Language;
  stages: (Omit<PresetStageContent, 'text' | 'places'> & {
    index: number;
    title: string;
    tip: string;
    places: (Required<Omit<PresetPlaceContent, 'text'>> & { index: number; notes: string })[];
  })[];
}

/** GET /api/presets query: filters; recommended first for a signed-in reader. */
export const listPresetsQuerySchema = z.strictObject({
  interest: z.enum(INTEREST_IDS).optional(),
  region: z.enum(REGIONS).optional(),
  length: z.enum(['short', 'week', 'long']).optional(),
  /** Admins only: include unpublished presets. */
  all: z.enum(['true', 'false']).optional(),
  /** The page's language: it wins over the profile's, the cookie and Accept-Language. */
  lang: z.enum(LANGUAGES).optional(),
});

/** Query of GET /api/presets/{id} and POST …/copy: the page's language. */
export const presetLanguageQuerySchema = z.strictObject({ lang: z.enum(LANGUAGES).optional() });

/** POST /api/presets/{id}/copy */
export const copyPresetSchema = z.strictObject({
  startDate: dateSchema,
  /** Defaults to the preset's title in the caller's language. */
  title: z.string().trim().min(1).max(120).optional(),
});

/** POST /api/presets (admin): publish a snapshot of one of the admin's itineraries. */
export const publishPresetSchema = z.strictObject({
  itineraryId: z.string(),
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
  title: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().max(4000).optional(),
  version: z.number().int().positive(),
});

export type ListPresetsQuery = z.infer<typeof listPresetsQuerySchema>;
export type CopyPreset = z.infer<typeof copyPresetSchema>;
export type PublishPreset = z.input<typeof publishPresetSchema>;
export type UpdatePreset = z.infer<typeof updatePresetSchema>;

/** The honest answer to a non-admin copying a premium preset (403 `preset/premium`). */
export const PREMIUM_NOT_AVAILABLE_MESSAGE =
  'This Jammy itinerary is premium. Premium itineraries will be unlocked through the shop, ' +
  'which is not open yet; until then only administrators can copy them.';
