import { INTEREST_IDS } from '@jammy/shared/interests';
import { latitudeSchema, longitudeSchema, webUrlSchema } from '@jammy/shared/fields';
import { LIMITS, PLACE_CATEGORIES } from '@jammy/shared/itineraries';
import { LANGUAGES, type Language } from '@jammy/shared/languages';
import { REGIONS } from '@jammy/shared/presets';
import { z } from 'zod';

/** A catalogue slug: lower-case words joined by dashes, also the file's name. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function required(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`);
}

/**
 * The same text shape in any language Jammy speaks; the file's own language (its
 * `defaultLanguage`) must have it (checked below). A reader in another language gets the
 * catalogue's translated description from the messages and the rest as published.
 */
function someLanguages<T extends z.ZodType>(inner: T) {
  const shape = Object.fromEntries(
    LANGUAGES.map((language) => [language, inner.optional()]),
  ) as Record<Language, z.ZodOptional<T>>;
  return z.strictObject(shape);
}

const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

const placeSchema = z.strictObject({
  name: required(LIMITS.placeName),
  category: z.enum(PLACE_CATEGORIES),
  lat: latitudeSchema,
  lng: longitudeSchema,
  address: required(LIMITS.address).nullish(),
  url: webUrlSchema.nullish(),
  day: z.number().int().min(0, 'must be 0 or more').nullish(),
  time: timeSchema.nullish(),
  durationMinutes: z.number().int().positive().max(LIMITS.durationMinutes).nullish(),
  text: someLanguages(z.strictObject({ notes: required(LIMITS.placeNotes) })).optional(),
});

const stageSchema = z.strictObject({
  destinationName: required(LIMITS.placeName),
  lat: latitudeSchema,
  lng: longitudeSchema,
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code such as IT'),
  startDay: z.number().int().min(0, 'must be 0 or more'),
  days: z.number().int().min(1, 'must be at least 1'),
  text: someLanguages(
    z.strictObject({ title: required(LIMITS.title), tip: required(LIMITS.stageNotes) }),
  ),
  places: z.array(placeSchema).min(1, 'must hold at least one place'),
});

/**
 * One file of the preset catalogue (catalogue/<slug>.json), checked strictly: every text
 * in the preset's own language (others optional), coordinates in range, catalogue ids only, stages covering the trip
 * day after day, each place's day inside its stage.
 */
export const catalogueFileSchema = z
  .strictObject({
    slug: z.string().regex(SLUG_PATTERN, 'must be lower-case words joined by dashes'),
    revision: z.number().int().min(1, 'must be at least 1'),
    region: z.enum(REGIONS),
    days: z.number().int().min(1, 'must be at least 1').max(365, 'must be at most 365'),
    interests: z
      .array(z.enum(INTEREST_IDS))
      .min(1, 'must name at least one interest')
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an interest'),
    cover: z.string().regex(/^\/presets\/[a-z0-9-]+\.svg$/, 'must be /presets/<slug>.svg'),
    coverCredit: required(300),
    defaultLanguage: z.enum(LANGUAGES),
    text: someLanguages(
      z.strictObject({ title: required(LIMITS.title), description: required(LIMITS.description) }),
    ),
    stages: z.array(stageSchema).min(1, 'must hold at least one stage'),
  })
  .superRefine((file, context) => {
    const own = file.defaultLanguage;
    const needsOwn = (
      text: Partial<Record<Language, unknown>> | undefined,
      path: PropertyKey[],
    ) => {
      if (text && text[own] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [...path, own],
          message: `must be given in the preset's own language (${own})`,
        });
      }
    };
    needsOwn(file.text, ['text']);
    file.stages.forEach((stage, index) => {
      needsOwn(stage.text, ['stages', index, 'text']);
      stage.places.forEach((place, placeIndex) =>
        needsOwn(place.text, ['stages', index, 'places', placeIndex, 'text']),
      );
    });
    if (file.cover !== `/presets/${file.slug}.svg`) {
      context.addIssue({
        code: 'custom',
        path: ['cover'],
        message: `must be /presets/${file.slug}.svg`,
      });
    }
    let nextDay = 0;
    file.stages.forEach((stage, index) => {
      if (stage.startDay !== nextDay) {
        context.addIssue({
          code: 'custom',
          path: ['stages', index, 'startDay'],
          message: `must be ${nextDay}: stages follow each other day after day`,
        });
      }
      nextDay = stage.startDay + stage.days;
      stage.places.forEach((place, placeIndex) => {
        if (place.day === null || place.day === undefined) return;
        if (place.day < stage.startDay || place.day >= stage.startDay + stage.days) {
          context.addIssue({
            code: 'custom',
            path: ['stages', index, 'places', placeIndex, 'day'],
            message: `must lie within its stage (days ${stage.startDay} to ${stage.startDay + stage.days - 1})`,
          });
        }
      });
    });
    if (nextDay !== file.days) {
      context.addIssue({
        code: 'custom',
        path: ['days'],
        message: `must equal the days the stages cover (${nextDay})`,
      });
    }
  });

export type CatalogueFile = z.infer<typeof catalogueFileSchema>;

/** Validates one catalogue file; the error names the file and every field at fault. */
export function parseCatalogueFile(name: string, data: unknown): CatalogueFile {
  const result = catalogueFileSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`Preset catalogue file ${name} is not valid: ${problems}`);
}
