import { z } from 'zod';
import {
  CONTROL,
  CUSTOM_METADATA_MAX_KEYS,
  CUSTOM_METADATA_VALUE_MAX,
  metadataKeyProblem,
} from './storage-plain';

export * from './storage-plain';

// --- what the storage protocol answers ---

/**
 * An object's metadata (spec §3), as GET /v0/b/{bucket}/o/{path} answers it. `name` is the
 * object's full name as on the wire (the Firebase SDK derives the short name from it),
 * `size` a number; `metadata` repeats `customMetadata` under the wire key the SDK reads.
 */
export const objectMetadataSchema = z
  .object({
    bucket: z.string(),
    generation: z.string(),
    metageneration: z.string(),
    fullPath: z.string(),
    name: z.string(),
    size: z.number().int(),
    timeCreated: z.string(),
    updated: z.string(),
    md5Hash: z.string(),
    cacheControl: z.string().optional(),
    contentDisposition: z.string().optional(),
    contentEncoding: z.string().optional(),
    contentLanguage: z.string().optional(),
    contentType: z.string(),
    customMetadata: z.record(z.string(), z.string()),
    metadata: z.record(z.string(), z.string()),
    /** Comma-separated download tokens: each opens `?alt=media&token=…` without a session. */
    downloadTokens: z.string(),
  })
  .meta({ id: 'StorageObject' });
export type ObjectMetadata = z.infer<typeof objectMetadataSchema>;

/** GET /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=. */
export const objectListSchema = z
  .object({
    prefixes: z.array(z.string()),
    items: z.array(z.object({ name: z.string(), bucket: z.string() })),
    nextPageToken: z.string().optional(),
  })
  .meta({ id: 'StorageList' });
export type ObjectList = z.infer<typeof objectListSchema>;

/** POST /api/storage/token: a short-lived token for `Authorization: Firebase <token>`. */
export const storageTokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
});
export type StorageToken = z.infer<typeof storageTokenSchema>;

/** GET /api/me/storage: what the traveller's files take, against their quota. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  imageMaxBytes: z.number().int(),
  documentMaxBytes: z.number().int(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The address of an object's bytes (relative to the site), as the SDK builds it. */
export function mediaPath(bucket: string, path: string, token?: string): string {
  const base = `/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}?alt=media`;
  return token ? `${base}&token=${encodeURIComponent(token)}` : base;
}

// --- what clients send ---

const customMetadataSchema = z
  .record(
    z.string().superRefine((key, context) => {
      const problem = metadataKeyProblem(key);
      if (problem) context.addIssue({ code: 'custom', message: `key "${key}" ${problem}` });
    }),
    z
      .string('must be text')
      .max(CUSTOM_METADATA_VALUE_MAX, `must be at most ${CUSTOM_METADATA_VALUE_MAX} characters`)
      .refine((value) => !CONTROL.test(value), 'must not contain control characters')
      .nullable(),
  )
  .refine(
    (value) => Object.keys(value).length <= CUSTOM_METADATA_MAX_KEYS,
    `must have at most ${CUSTOM_METADATA_MAX_KEYS} keys`,
  );

const headerText = (pattern: RegExp, what: string) =>
  z
    .string('must be text')
    .max(1024, 'must be at most 1024 characters')
    .regex(pattern, what)
    .nullable();

/**
 * Metadata a client sends with an upload (the multipart JSON part, a resumable start) or a
 * PATCH: the writable fields of spec §3. `contentType` is taken as a hint only (the bytes
 * decide); fields the server sets (size, md5Hash, generation…) are ignored when sent, except
 * md5Hash and size, which an upload is checked against.
 */
export const objectMetadataInputSchema = z.object({
  name: z.string().optional(),
  size: z.union([z.number().int().min(0), z.string().regex(/^\d{1,15}$/)]).optional(),
  md5Hash: z
    .string()
    .regex(/^[A-Za-z0-9+/]{22}==$/, 'must be a base64 MD5 digest')
    .nullable()
    .optional(),
  contentType: headerText(
    /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;.*)?$/,
    'must be a media type',
  ).optional(),
  cacheControl: headerText(/^[\w\-=, "]*$/, 'must be a Cache-Control value').optional(),
  contentDisposition: headerText(
    // eslint-disable-next-line no-control-regex -- a header value never holds control characters
    /^[^\u0000-\u001F\u007F]*$/,
    'must not contain control characters',
  ).optional(),
  // Files are stored and served as they were sent: a coding the bytes do not have would make
  // browsers fail to read them.
  contentEncoding: headerText(
    /^(identity)?$/i,
    'must be identity (files are stored as they are sent)',
  ).optional(),
  contentLanguage: headerText(/^[A-Za-z0-9-]*$/, 'must be a language tag').optional(),
  metadata: customMetadataSchema.nullable().optional(),
  customMetadata: customMetadataSchema.nullable().optional(),
});
export type ObjectMetadataInput = z.infer<typeof objectMetadataInputSchema>;
