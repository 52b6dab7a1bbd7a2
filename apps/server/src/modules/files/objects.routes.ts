import {
  IMAGE_VARIANTS,
  LIST_MAX_RESULTS,
  objectListSchema,
  objectMetadataSchema,
  type ImageVariant,
} from '@jammy/shared/storage';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContent, replies, type ContentAnswer } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { sendMedia } from './downloads';
import { presentListing, presentObject } from './storage.presenter';
import {
  bucketParams,
  checkedPath,
  objectParams,
  STORAGE_SECURITY,
  STORAGE_TAGS,
  type StorageContext,
} from './storage-protocol';

/** Bytes of a file: the types Jammy stores. */
const mediaAnswer: ContentAnswer = {
  description: 'The file (or one range of it)',
  content: Object.fromEntries(
    ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'application/pdf'].map((type) => [
      type,
      { schema: z.string() },
    ]),
  ),
};

const objectQuery = z.object({
  alt: z.enum(['json', 'media']).optional(),
  token: z.string().max(200).optional(),
  share: shareTokenSchema.optional(),
  variant: z.enum(Object.keys(IMAGE_VARIANTS) as [ImageVariant, ...ImageVariant[]]).optional(),
});

const listQuery = z.object({
  prefix: z.string().max(1100).default(''),
  delimiter: z.enum(['', '/']).default(''),
  pageToken: z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]*$/, 'is not a page token of this list')
    .optional(),
  maxResults: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(LIST_MAX_RESULTS, `must be at most ${LIST_MAX_RESULTS}`)
    .default(LIST_MAX_RESULTS),
  share: shareTokenSchema.optional(),
});

const tokenQuery = z.object({
  create_token: z.enum(['true']).optional(),
  delete_token: z.string().max(200).optional(),
});

/** The objects of the storage protocol: list, metadata, bytes, metadata changes, delete, tokens. */
export function objectRoutes(root: FastifyInstance, context: StorageContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { storage, callerOf } = context;

  /** The bucket (404 if not this server's) and the object's path (400 if not one) of an address. */
  function addressOf(params: z.output<typeof objectParams>) {
    return { bucket: storage.bucketOf(params.bucket), path: checkedPath(params['*']) };
  }

  app.get(
    '/v0/b/:bucket/o',
    {
      schema: {
        tags: STORAGE_TAGS,
        summary:
          'List objects under a prefix (with delimiter "/": one level, and the prefixes below)',
        params: bucketParams,
        querystring: listQuery,
        ...STORAGE_SECURITY,
        response: replies({ 200: objectListSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const bucket = storage.bucketOf(request.params.bucket);
      const { query } = request;
      if (query.prefix !== '') checkedPath(query.prefix.replace(/\/$/, ''), 'prefix');
      const listing = await storage.listObjects(await callerOf(request), {
        bucket,
        prefix: query.prefix,
        delimiter: query.delimiter,
        after: query.pageToken ? Buffer.from(query.pageToken, 'base64url').toString('utf8') : '',
        maxResults: query.maxResults,
        share: query.share,
      });
      return presentListing(bucket, listing);
    },
  );

  app.get(
    '/v0/b/:bucket/o/*',
    {
      compress: false,
      schema: {
        tags: STORAGE_TAGS,
        summary:
          'An object: its metadata, or with alt=media its bytes (Range, ETag); a download token or a share link may stand in for a session',
        params: objectParams,
        querystring: objectQuery,
        ...STORAGE_SECURITY,
        response: replies(
          { 200: objectMetadataSchema, 206: mediaAnswer, 304: noContent },
          [401, 403, 404, 416],
        ),
      },
    },
    async (request, reply) => {
      const { bucket, path } = addressOf(request.params);
      const { query } = request;
      if (query.alt === 'media' && query.token !== undefined) {
        const row = await storage.readObjectWithToken(bucket, path, query.token);
        return sendMedia(request, reply, storage, row, query.variant);
      }
      const row = await storage.readObject(await callerOf(request), bucket, path, query.share);
      if (query.alt === 'media') return sendMedia(request, reply, storage, row, query.variant);
      return presentObject(row);
    },
  );

  app.patch(
    '/v0/b/:bucket/o/*',
    {
      schema: {
        tags: STORAGE_TAGS,
        summary:
          'Change an object’s metadata (fields sent as null are cleared; metageneration + 1)',
        params: objectParams,
        ...STORAGE_SECURITY,
        response: replies({ 200: objectMetadataSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const { bucket, path } = addressOf(request.params);
      const caller = await callerOf(request);
      return presentObject(await storage.changeMetadata(caller, bucket, path, request.raw));
    },
  );

  app.delete(
    '/v0/b/:bucket/o/*',
    {
      schema: {
        tags: STORAGE_TAGS,
        summary: 'Delete an object (and what uses it: a photo, an attachment, a cover)',
        params: objectParams,
        ...STORAGE_SECURITY,
        response: replies({ 204: noContent }, [401, 403, 404]),
      },
    },
    async (request, reply) => {
      const { bucket, path } = addressOf(request.params);
      await storage.deleteObject(await callerOf(request), bucket, path);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/v0/b/:bucket/o/*',
    {
      schema: {
        tags: STORAGE_TAGS,
        summary:
          'Add a download token (create_token=true) or revoke one (delete_token=…): rotating the token revokes old links',
        params: objectParams,
        querystring: tokenQuery,
        ...STORAGE_SECURITY,
        response: replies({ 200: objectMetadataSchema }, [401, 403, 404]),
      },
    },
    async (request) => {
      const { bucket, path } = addressOf(request.params);
      const { create_token: create, delete_token: revoke } = request.query;
      if (!create && revoke === undefined) {
        throw new AppError('storage/invalid-argument', 'Say create_token=true or delete_token=…', {
          issues: [{ field: 'create_token', message: 'is required (or delete_token)' }],
        });
      }
      const caller = await callerOf(request);
      const row = await storage.changeTokens(caller, bucket, path, {
        create: create === 'true',
        revoke,
      });
      return presentObject(row);
    },
  );
}
