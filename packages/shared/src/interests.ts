import { z } from 'zod';
import { versionSchema } from './fields';
import { INTERESTS, INTEREST_IDS } from './interests-plain';

export * from './interests-plain';

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
