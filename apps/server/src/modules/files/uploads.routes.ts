import {
  objectMetadataInputSchema,
  objectMetadataSchema,
  type ObjectMetadataInput,
} from '@jammy/shared/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { replies } from '../../lib/contract';
import { AppError, validationError } from '../../lib/errors';
import { readRelated, relatedBoundary } from './multipart-related';
import { presentObject } from './storage.presenter';
import { readJson } from './request-body';
import { authorizePath, unauthenticated, unauthorized, type StorageCaller } from './storage-access';
import * as repository from './objects.repository';
import { bucketParams, checkedPath, STORAGE_SECURITY, type StorageDeps } from './storage.routes';

const TAGS = ['storage'];

const uploadQuery = z.object({
  name: z.string().max(4000).optional(),
  uploadType: z.enum(['media', 'multipart', 'resumable']).optional(),
  upload_id: z.string().uuid('is not an upload of this server').optional(),
});

/** What a resumable request answers while the upload is open (the protocol's headers say it all). */
const uploadStatusSchema = z
  .object({
    uploadId: z.string(),
    status: z.enum(['active', 'cancelled']),
    sizeReceived: z.number().int(),
  })
  .meta({ id: 'StorageUploadStatus' });

interface UploadDeps extends StorageDeps {
  callerOf: (request: FastifyRequest) => Promise<StorageCaller | null>;
  bucketOf: (request: FastifyRequest) => string;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sizeHeader(request: FastifyRequest, name: string): number | undefined {
  const value = header(request, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw new AppError('storage/invalid-argument', `${name}: must be a number of bytes`, {
      issues: [{ field: name, message: 'must be a number of bytes' }],
    });
  }
  return Number(value);
}

function parseMetadata(value: unknown): ObjectMetadataInput {
  const result = objectMetadataInputSchema.safeParse(value);
  if (!result.success) {
    const error = validationError(result.error);
    throw new AppError('storage/invalid-argument', error.message, error.details);
  }
  return result.data;
}

/**
 * Uploads (spec §7): POST …/o?name= as multipart/related (JSON metadata + data), as
 * `uploadType=media` (the raw bytes), or resumable — start, then chunks, status queries and
 * finalize on the upload address, by POST with `X-Goog-Upload-Command` (what the Firebase SDK
 * sends) or by PUT with `Content-Range` (the Cloud Storage JSON API's way).
 */
export function uploadRoutes(app: FastifyInstance, deps: UploadDeps): void {
  const { db, storage, callerOf, bucketOf } = deps;

  function uploadAddress(
    request: FastifyRequest,
    bucket: string,
    session: repository.UploadSessionRow,
  ) {
    const origin = deps.publicUrl?.origin ?? `${request.protocol}://${request.host}`;
    const query = new URLSearchParams({
      name: session.path,
      uploadType: 'resumable',
      upload_id: session.id,
    });
    return `${origin}/v0/b/${encodeURIComponent(bucket)}/o?${query.toString()}`;
  }

  function statusHeaders(
    reply: FastifyReply,
    status: 'active' | 'final' | 'cancelled',
    received: number,
  ) {
    return reply
      .header('x-goog-upload-status', status)
      .header('x-goog-upload-size-received', String(received));
  }

  async function sessionOf(request: FastifyRequest, bucket: string, id: string) {
    const session = await repository.findUploadSession(db, id);
    if (!session || session.bucket !== bucket) {
      throw new AppError(
        'storage/object-not-found',
        'There is no such upload (it may have expired)',
      );
    }
    const caller = await callerOf(request);
    if (!caller) throw unauthenticated();
    if (caller.userId !== session.userId) throw unauthorized();
    // Checked again on every request: the traveller may have lost the right meanwhile.
    const authorized = await authorizePath(db, caller, session.path, 'write');
    return { session, authorized };
  }

  async function finalObject(session: repository.UploadSessionRow) {
    const row = session.objectId
      ? await repository.findObject(db, session.bucket, session.path)
      : undefined;
    if (!row || row.id !== session.objectId) {
      throw new AppError(
        'storage/object-not-found',
        'This upload was finished, and its object is gone',
      );
    }
    return row;
  }

  /** The Firebase SDK's resumable commands on the upload address. */
  async function continueUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    bucket: string,
    id: string,
  ) {
    const { session, authorized } = await sessionOf(request, bucket, id);
    const commands = (header(request, 'x-goog-upload-command') ?? '')
      .split(',')
      .map((command) => command.trim().toLowerCase())
      .filter((command) => command !== '');
    if (commands.length === 0) {
      throw new AppError('storage/invalid-argument', 'X-Goog-Upload-Command: is required', {
        issues: [{ field: 'X-Goog-Upload-Command', message: 'is required' }],
      });
    }
    if (session.objectId) {
      const row = await finalObject(session);
      statusHeaders(reply, 'final', session.received);
      return commands.includes('query')
        ? { uploadId: id, status: 'active' as const, sizeReceived: session.received }
        : presentObject(row);
    }
    if (commands.includes('cancel')) {
      await repository.deleteUploadSession(db, session.id);
      void storage.sweep();
      statusHeaders(reply, 'cancelled', session.received);
      return { uploadId: id, status: 'cancelled' as const, sizeReceived: session.received };
    }
    if (commands.includes('query')) {
      statusHeaders(reply, 'active', session.received);
      return { uploadId: id, status: 'active' as const, sizeReceived: session.received };
    }
    let current = session;
    if (commands.includes('upload')) {
      const offset = sizeHeader(request, 'x-goog-upload-offset');
      if (offset === undefined) {
        throw new AppError('storage/invalid-argument', 'X-Goog-Upload-Offset: is required', {
          issues: [{ field: 'X-Goog-Upload-Offset', message: 'is required' }],
        });
      }
      current = await storage.appendChunk(session, authorized, offset, request.raw);
    } else {
      request.raw.resume();
    }
    if (commands.includes('finalize')) {
      const row = await storage.finishUpload(current, authorized);
      statusHeaders(reply, 'final', current.received);
      return presentObject(row);
    }
    statusHeaders(reply, 'active', current.received);
    return { uploadId: id, status: 'active' as const, sizeReceived: current.received };
  }

  app.post(
    '/v0/b/:bucket/o',
    {
      schema: {
        tags: TAGS,
        summary:
          'Upload an object at ?name= (multipart/related, uploadType=media, or a resumable start), or continue a resumable upload (?upload_id=)',
        params: bucketParams,
        querystring: uploadQuery,
        ...STORAGE_SECURITY,
        response: replies(
          { 200: z.union([objectMetadataSchema, uploadStatusSchema]) },
          [401, 402, 403, 404, 413, 415, 429],
        ),
      },
    },
    async (request, reply) => {
      const bucket = bucketOf(request);
      const query = request.query as z.output<typeof uploadQuery>;
      if (query.upload_id) return continueUpload(request, reply, bucket, query.upload_id);
      if (query.name === undefined) {
        throw new AppError('storage/invalid-argument', 'name: is required', {
          issues: [{ field: 'name', message: 'is required' }],
        });
      }
      const path = checkedPath(query.name);
      const caller = await callerOf(request);
      const authorized = await authorizePath(db, caller, path, 'write');
      if (!caller) throw unauthenticated();
      const protocol = (
        header(request, 'x-goog-upload-protocol') ??
        query.uploadType ??
        ''
      ).toLowerCase();

      if (protocol === 'resumable') {
        const command = (header(request, 'x-goog-upload-command') ?? 'start').toLowerCase();
        if (command !== 'start') {
          throw new AppError(
            'storage/invalid-argument',
            'X-Goog-Upload-Command: must be start here',
          );
        }
        const metadata = await readJson(request.raw, objectMetadataInputSchema);
        const declaredSize =
          sizeHeader(request, 'x-goog-upload-header-content-length') ??
          (metadata.size === undefined ? undefined : Number(metadata.size));
        if (declaredSize === undefined) {
          throw new AppError(
            'storage/invalid-argument',
            'X-Goog-Upload-Header-Content-Length: is required',
            {
              issues: [{ field: 'X-Goog-Upload-Header-Content-Length', message: 'is required' }],
            },
          );
        }
        checkName(metadata, path);
        const session = await storage.startUpload({
          bucket,
          path,
          authorized,
          userId: caller.userId,
          metadata,
          declaredSize,
        });
        statusHeaders(reply, 'active', 0)
          .header('x-goog-upload-url', uploadAddress(request, bucket, session))
          .header('x-guploader-uploadid', session.id)
          .header('location', uploadAddress(request, bucket, session));
        return { uploadId: session.id, status: 'active' as const, sizeReceived: 0 };
      }

      const boundary = relatedBoundary(header(request, 'content-type'));
      if (protocol === 'multipart' || (boundary && protocol !== 'media')) {
        if (!boundary) {
          throw new AppError(
            'request/unsupported-media-type',
            'A multipart upload must be multipart/related with a boundary',
          );
        }
        const related = await readRelated(request.raw, boundary);
        try {
          const metadata = parseMetadata(related.metadata);
          checkName(metadata, path);
          const row = await storage.writeObject({
            bucket,
            path,
            authorized,
            uploaderId: caller.userId,
            metadata,
            body: related.data,
          });
          return presentObject(row);
        } catch (error) {
          // Unpipes the request, so that what is left of it can be read and dropped.
          related.data.destroy();
          throw error;
        }
      }

      const declaredSize = sizeHeader(request, 'content-length');
      const row = await storage.writeObject({
        bucket,
        path,
        authorized,
        uploaderId: caller.userId,
        metadata: {},
        body: request.raw,
        ...(declaredSize === undefined ? {} : { declaredSize }),
      });
      return presentObject(row);
    },
  );

  const putQuery = z.object({
    name: z.string().max(4000).optional(),
    uploadType: z.enum(['resumable']).optional(),
    upload_id: z.string().uuid('is not an upload of this server'),
  });

  app.put(
    '/v0/b/:bucket/o',
    {
      schema: {
        tags: TAGS,
        summary:
          'Send a chunk of a resumable upload with Content-Range (308 with Range while incomplete; 200 with the object when complete); `bytes */total` asks how far it got',
        params: bucketParams,
        querystring: putQuery,
        ...STORAGE_SECURITY,
        response: replies(
          {
            200: objectMetadataSchema,
            308: z.null().describe('Incomplete: Range says what arrived'),
          },
          [401, 402, 403, 404, 413, 415],
        ),
      },
    },
    async (request, reply) => {
      const bucket = bucketOf(request);
      const query = request.query as z.output<typeof putQuery>;
      const { session, authorized } = await sessionOf(request, bucket, query.upload_id);
      if (session.objectId) return presentObject(await finalObject(session));
      const range = header(request, 'content-range');
      const match = range ? /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(range.trim()) : null;
      if (range && !match) {
        throw new AppError(
          'storage/invalid-argument',
          'Content-Range: must be bytes first-last/total',
          {
            issues: [{ field: 'Content-Range', message: 'must be bytes first-last/total' }],
          },
        );
      }
      const total =
        match?.[3] && match[3] !== '*'
          ? Number(match[3])
          : range
            ? undefined
            : session.declaredSize;
      if (total !== undefined && total !== session.declaredSize) {
        throw new AppError(
          'storage/server-file-wrong-size',
          `This upload was announced with ${session.declaredSize} bytes, not ${total}`,
        );
      }
      let current = session;
      if (!match || match[1] !== undefined) {
        const offset = match?.[1] === undefined ? 0 : Number(match[1]);
        current = await storage.appendChunk(session, authorized, offset, request.raw);
        if (match?.[2] !== undefined && current.received !== Number(match[2]) + 1) {
          throw new AppError(
            'storage/server-file-wrong-size',
            'The chunk does not have the bytes its Content-Range says',
          );
        }
      } else {
        request.raw.resume();
      }
      if (total !== undefined && current.received === total) {
        return presentObject(await storage.finishUpload(current, authorized));
      }
      if (current.received > 0) reply.header('range', `bytes=0-${current.received - 1}`);
      return reply.status(308).send();
    },
  );
}

/** The metadata's name, when sent, must be the object the address names. */
function checkName(metadata: ObjectMetadataInput, path: string): void {
  if (metadata.name !== undefined && metadata.name !== path) {
    throw new AppError('storage/invalid-argument', 'name: must be the name in the address', {
      issues: [{ field: 'name', message: 'must be the name in the address' }],
    });
  }
}
