import { z } from 'zod';
import { instantSchema } from './fields';
import { idSchema } from './ids';

/**
 * Personal API tokens (docs/decisions/044): a program acting for a traveller with
 * `Authorization: Bearer <secret>`, within the token's access and trips.
 */

/** What every secret starts with, so that a leaked one is recognised (and found by scanners). */
export const API_TOKEN_PREFIX = 'jmy_';
/** Random bytes in a secret (256 bits), base64url after the prefix. */
export const API_TOKEN_BYTES = 32;
/** Tokens a traveller may hold at once (revoked and expired ones do not count). */
export const MAX_API_TOKENS = 50;
/** Trips one token may be limited to. */
export const MAX_API_TOKEN_TRIPS = 50;
/** The lifetimes a token may be given, in days. */
export const API_TOKEN_LIFETIMES = [7, 30, 90, 365] as const;

/** `read`: reads only; `read-write`: also changes what the trips hold. */
export const apiTokenAccessSchema = z.enum(['read', 'read-write']);
export type ApiTokenAccess = z.infer<typeof apiTokenAccessSchema>;

/**
 * What each operation of the API needs of a token (`x-token-scope` in the OpenAPI document):
 * `read` or `write`, or `none` when no token may call it (the account, its sessions and
 * tokens, sharing settings, the shop's purchases, administration).
 */
export const tokenScopeSchema = z.enum(['read', 'write', 'none']);
export type TokenScope = z.infer<typeof tokenScopeSchema>;

/** POST /api/tokens. */
export const createApiTokenSchema = z.strictObject({
  name: z
    .string('must be text')
    .trim()
    .min(1, 'is required')
    .max(80, 'must be at most 80 characters'),
  expiresInDays: z
    .number('must be a number of days')
    .int('must be a whole number of days')
    .refine(
      (days) => (API_TOKEN_LIFETIMES as readonly number[]).includes(days),
      `must be one of ${API_TOKEN_LIFETIMES.join(', ')} days`,
    ),
  access: apiTokenAccessSchema,
  /** The trips the token reaches; null: every trip of the traveller, now and later. */
  trips: z
    .array(idSchema)
    .min(1, 'must name at least one trip (or be null for all trips)')
    .max(MAX_API_TOKEN_TRIPS, `must name at most ${MAX_API_TOKEN_TRIPS} trips`)
    .nullable(),
});
export type CreateApiToken = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: idSchema,
  name: z.string(),
  access: apiTokenAccessSchema,
  /** The trips it reaches (id and title, those still there); null: every trip. */
  trips: z.array(z.object({ id: idSchema, title: z.string() })).nullable(),
  createdAt: instantSchema,
  expiresAt: instantSchema,
  /** Written at most once a minute. */
  lastUsedAt: instantSchema.nullable(),
  revokedAt: instantSchema.nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to POST /api/tokens: the only time the secret is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;
