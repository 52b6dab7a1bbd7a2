import { z } from 'zod';
import { versionSchema } from './fields';

/**
 * The interests catalogue: what a traveller likes, used to recommend Jammy itineraries.
 * Ids are stable (stored on users and presets); names are translated in the web client
 * (`interests` namespace, key = id); `icon` names a Tabler icon.
 */
export const INTERESTS = [
  { id: 'food-and-drink', icon: 'tools-kitchen-2' },
  { id: 'art', icon: 'palette' },
  { id: 'history', icon: 'building-castle' },
  { id: 'architecture', icon: 'building-arch' },
  { id: 'museums', icon: 'building-museum' },
  { id: 'nature', icon: 'leaf' },
  { id: 'hiking', icon: 'trekking' },
  { id: 'beaches', icon: 'beach' },
  { id: 'wildlife', icon: 'paw' },
  { id: 'nightlife', icon: 'glass-cocktail' },
  { id: 'shopping', icon: 'shopping-bag' },
  { id: 'family', icon: 'friends' },
  { id: 'wellness', icon: 'yoga' },
  { id: 'photography', icon: 'camera' },
  { id: 'road-trips', icon: 'car' },
  { id: 'wine', icon: 'glass-full' },
] as const;

export type InterestId = (typeof INTERESTS)[number]['id'];
/** One entry of the catalogue, as GET /api/interests answers it. */
export type Interest = (typeof INTERESTS)[number];
export const INTEREST_IDS = INTERESTS.map((interest) => interest.id) as unknown as readonly [
  InterestId,
  ...InterestId[],
];

export const interestIdSchema = z.enum(INTEREST_IDS, 'is not an interest of the catalogue');

/** A set of interests: ids of the catalogue, repeats dropped. */
export const interestListSchema = z
  .array(interestIdSchema)
  .max(INTERESTS.length)
  .transform((ids) => [...new Set(ids)]);

/**
 * PUT /api/me/interests: the whole set, replacing the previous one; with the profile's
 * `version` it was based on (stale: 409 with the current profile).
 */
export const setInterestsSchema = z.strictObject({
  interests: interestListSchema,
  version: versionSchema.optional(),
});

/** GET /api/interests: the catalogue. */
export const interestCatalogueSchema = z.array(
  z.object({ id: interestIdSchema, icon: z.string() }),
);
export type SetInterests = z.infer<typeof setInterestsSchema>;
