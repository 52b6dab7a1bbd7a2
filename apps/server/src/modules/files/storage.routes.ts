import {
  IMAGE_VARIANTS,
  LIST_MAX_RESULTS,
  objectListSchema,
  objectMetadataInputSchema,
  objectMetadataSchema,
  objectPathProblem,
  type ImageVariant,
} from '@jammy/shared/storage';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { noContent, replies, type ContentAnswer } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { storableHeaders } from './header-values';
import { objectNotFound, sendMedia } from './downloads';
import { presentObject } from './storage.presenter';
import { readJson } from './request-body';
import {
  authorizePath,
  isMembersOnlyFolder,
  storageCallers,
  unauthorized,
  type StorageAction,
} from './storage-access';
import * as repository from './objects.repository';
import type { Storage } from './uploads.service';
import { uploadRoutes } from './uploads.routes';

export interface StorageDeps {
  db: Db;
  sessions: Sessions;
  storage: Storage;
  sessionSecret: string;
  /** Where clients reach this server (the resumable upload address is built on it). */
  publicUrl: URL | undefined;
}

const TAGS = ['storage'];
/** Sign-in by session cookie or `Authorization: Firebase <token>`; a share link or download token may do instead. */
export const STORAGE_SECURITY: { security: Record<string, string[]>[] } = {
  security: [{ session: [] }, { storageToken: [] }, {}],
};

export const bucketParams = z.object({ bucket: z.string() });
const objectParams = bucketParams.extend({ '*': z.string() });

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

/** An object path from the address: checked (400) before anything is looked up. */
export function checkedPath(path: string, field = 'name'): string {
  const problem = objectPathProblem(path);
  if (!problem) return path;
  const code =
    problem === 'must not be the root'
      ? 'storage/invalid-root-operation'
      : 'storage/invalid-argument';
  throw new AppError(code, `${field}: ${problem}`, { issues: [{ field, message: problem }] });
}

/**
 * The storage protocol (spec §7, DESIGN §6) under /v0/b/{bucket}/o: what Google's Firebase
 * Storage SDK speaks, so it and Jammy's own client use the same calls. Bodies are streams
 * here (uploads are never held whole), so this context has its own body parsing.
 */
export async function storageRoutes(root: FastifyInstance, deps: StorageDeps): Promise<void> {
  const { db, storage } = deps;
  const callerOf = storageCallers(db, deps.sessions, deps.sessionSecret);

  function bucketOf(request: FastifyRequest): string {
    const { bucket } = request.params as { bucket: string };
    if (bucket !== storage.config.bucket) {
      throw new AppError('storage/bucket-not-found', `There is no bucket ${bucket}`);
    }
    return bucket;
  }

  async function authorized(
    request: FastifyRequest,
    path: string,
    action: StorageAction,
    share?: string,
  ) {
    const caller = await callerOf(request);
    return { caller, authorized: await authorizePath(db, caller, path, action, share) };
  }

  await root.register(async (app) => {
    // Bodies reach the handlers as the raw request stream (see upload.routes.ts).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.addHook('onRequest', async (request) => {
      if (
        !request.headers['content-type'] &&
        request.method !== 'GET' &&
        request.method !== 'HEAD'
      ) {
        request.headers['content-type'] = 'application/octet-stream';
      }
    });
    // An upload refused part-way (too large, not a photo) leaves the rest of its body unread;
    // Node does not drain a body that was being read, so the client would wait forever to send
    // it, on a connection no other request can use. The rest is read and dropped instead.
    app.addHook('onResponse', async (request) => {
      if (!request.raw.complete && !request.raw.destroyed) request.raw.resume();
    });

    uploadRoutes(app, { ...deps, callerOf, bucketOf });

    app.get(
      '/v0/b/:bucket/o',
      {
        schema: {
          tags: TAGS,
          summary:
            'List objects under a prefix (with delimiter "/": one level, and the prefixes below)',
          params: bucketParams,
          querystring: listQuery,
          ...STORAGE_SECURITY,
          response: replies({ 200: objectListSchema }, [401, 403, 404]),
        },
      },
      async (request) => {
        const bucket = bucketOf(request);
        const query = request.query as z.output<typeof listQuery>;
        if (query.prefix !== '') checkedPath(query.prefix.replace(/\/$/, ''), 'prefix');
        const { authorized: access } = await authorized(request, query.prefix, 'read', query.share);
        let after = '';
        if (query.pageToken) after = Buffer.from(query.pageToken, 'base64url').toString('utf8');
        const entries = await repository.listEntries(db, {
          bucket,
          prefix: query.prefix,
          delimiter: query.delimiter,
          after,
          limit: query.maxResults + 1,
        });
        const page = entries.slice(0, query.maxResults);
        // A link holder sees neither what members-only folders hold nor that they exist.
        const visible = page.filter((entry) => {
          if (!access.viaLink) return true;
          const [, , folder, ...below] = entry.entry.replace(/\/$/, '/x').split('/');
          return below.length === 0 || !isMembersOnlyFolder(folder ?? '');
        });
        const last = page.at(-1);
        return {
          prefixes: visible.filter((entry) => entry.isPrefix).map((entry) => entry.entry),
          items: visible
            .filter((entry) => !entry.isPrefix)
            .map((entry) => ({ name: entry.entry, bucket })),
          ...(entries.length > query.maxResults && last
            ? { nextPageToken: Buffer.from(last.entry).toString('base64url') }
            : {}),
        };
      },
    );

    app.get(
      '/v0/b/:bucket/o/*',
      {
        compress: false,
        schema: {
          tags: TAGS,
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
        const bucket = bucketOf(request);
        const path = checkedPath((request.params as { '*': string })['*']);
        const query = request.query as z.output<typeof objectQuery>;
        if (query.alt === 'media' && query.token !== undefined) {
          const row = await repository.findObject(db, bucket, path);
          if (!row) throw objectNotFound();
          if (!row.downloadTokens.split(',').includes(query.token)) throw unauthorized();
          return sendMedia(request, reply, storage.blobs, row, query.variant);
        }
        await authorized(request, path, 'read', query.share);
        const row = await repository.findObject(db, bucket, path);
        if (!row) throw objectNotFound();
        if (query.alt === 'media')
          return sendMedia(request, reply, storage.blobs, row, query.variant);
        return presentObject(row);
      },
    );

    app.patch(
      '/v0/b/:bucket/o/*',
      {
        schema: {
          tags: TAGS,
          summary:
            'Change an object’s metadata (fields sent as null are cleared; metageneration + 1)',
          params: objectParams,
          ...STORAGE_SECURITY,
          response: replies({ 200: objectMetadataSchema }, [401, 403, 404]),
        },
      },
      async (request) => {
        const bucket = bucketOf(request);
        const path = checkedPath((request.params as { '*': string })['*']);
        await authorized(request, path, 'write');
        const input = storableHeaders(await readJson(request.raw, objectMetadataInputSchema));
        const row = await repository.findObject(db, bucket, path);
        if (!row) throw objectNotFound();
        const custom = input.customMetadata ?? input.metadata;
        const changes: Parameters<typeof repository.updateObjectMetadata>[2] = {};
        for (const field of [
          'cacheControl',
          'contentDisposition',
          'contentEncoding',
          'contentLanguage',
        ] as const) {
          if (input[field] !== undefined) changes[field] = input[field] || null;
        }
        if (custom === null) changes.customMetadata = {};
        else if (custom !== undefined) {
          const merged = new Map(Object.entries(row.customMetadata));
          for (const [key, value] of Object.entries(custom)) {
            if (value === null) merged.delete(key);
            else merged.set(key, value);
          }
          changes.customMetadata = Object.fromEntries(merged);
        }
        const updated = await repository.updateObjectMetadata(db, row.id, changes);
        if (!updated) throw objectNotFound();
        return presentObject(updated);
      },
    );

    app.delete(
      '/v0/b/:bucket/o/*',
      {
        schema: {
          tags: TAGS,
          summary: 'Delete an object (and what uses it: a photo, an attachment, a cover)',
          params: objectParams,
          ...STORAGE_SECURITY,
          response: replies({ 204: noContent }, [401, 403, 404]),
        },
      },
      async (request, reply) => {
        const bucket = bucketOf(request);
        const path = checkedPath((request.params as { '*': string })['*']);
        await authorized(request, path, 'write');
        const row = await repository.findObject(db, bucket, path);
        if (!row || !(await repository.deleteObject(db, row.id))) throw objectNotFound();
        void storage.sweep();
        return reply.status(204).send();
      },
    );

    app.post(
      '/v0/b/:bucket/o/*',
      {
        schema: {
          tags: TAGS,
          summary:
            'Add a download token (create_token=true) or revoke one (delete_token=…): rotating the token revokes old links',
          params: objectParams,
          querystring: tokenQuery,
          ...STORAGE_SECURITY,
          response: replies({ 200: objectMetadataSchema }, [401, 403, 404]),
        },
      },
      async (request) => {
        const bucket = bucketOf(request);
        const path = checkedPath((request.params as { '*': string })['*']);
        const query = request.query as z.output<typeof tokenQuery>;
        if (!query.create_token && query.delete_token === undefined) {
          throw new AppError(
            'storage/invalid-argument',
            'Say create_token=true or delete_token=…',
            {
              issues: [{ field: 'create_token', message: 'is required (or delete_token)' }],
            },
          );
        }
        await authorized(request, path, 'write');
        const row = await repository.findObject(db, bucket, path);
        if (!row) throw objectNotFound();
        let tokens = row.downloadTokens.split(',').filter((token) => token !== '');
        if (query.delete_token !== undefined) {
          tokens = tokens.filter((token) => token !== query.delete_token);
        }
        if (query.create_token) tokens.push(storage.newToken());
        const updated = await repository.updateObjectMetadata(db, row.id, {
          downloadTokens: tokens.join(','),
        });
        if (!updated) throw objectNotFound();
        return presentObject(updated);
      },
    );
  });
}
