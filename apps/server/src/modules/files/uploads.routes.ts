import { objectMetadataInputSchema, objectMetadataSchema } from '@jammy/shared/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import { readRelated, relatedBoundary } from './multipart-related';
import { readJson } from './request-body';
import { presentObject, presentUploadStatus } from './storage.presenter';
import {
  bucketParams,
  checkedPath,
  invalidArgument,
  STORAGE_SECURITY,
  STORAGE_TAGS,
  type StorageContext,
} from './storage-protocol';
import {
  checkName,
  contentRange,
  header,
  parseMetadata,
  sendIncomplete,
  sizeHeader,
  statusHeaders,
  uploadAddress,
  uploadCommands,
} from './upload-headers';

const uploadQuery = z.object({
  name: z.string().max(4000).optional(),
  uploadType: z.enum(['media', 'multipart', 'resumable']).optional(),
  upload_id: z.string().uuid('is not an upload of this server').optional(),
});

const putQuery = z.object({
  name: z.string().max(4000).optional(),
  uploadType: z.enum(['resumable']).optional(),
  upload_id: z.string().uuid('is not an upload of this server'),
});

/** What a resumable request answers while the upload is open (the protocol's headers say it all). */
const uploadStatusSchema = z
  .object({
    uploadId: z.string(),
    status: z.enum(['active', 'cancelled']),
    sizeReceived: z.number().int(),
  })
  .meta({ id: 'StorageUploadStatus' });

/**
 * Uploads (spec §7): POST …/o?name= as multipart/related (JSON metadata + data), as
 * `uploadType=media` (the raw bytes), or resumable — start, then chunks, status queries and
 * finalize on the upload address, by POST with `X-Goog-Upload-Command` (what the Firebase SDK
 * sends) or by PUT with `Content-Range` (the Cloud Storage JSON API's way).
 */
export function uploadRoutes(root: FastifyInstance, context: StorageContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { storage, callerOf } = context;

  /** A resumable upload its caller may continue: theirs, at a path they may still write. */
  async function resumption(request: FastifyRequest, bucket: string, id: string) {
    const session = await storage.openUpload(bucket, id);
    const authorized = await storage.authorizeResumption(session, await callerOf(request));
    return { session, authorized };
  }

  /** The Firebase SDK's resumable commands on the upload address. */
  async function continueUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    bucket: string,
    id: string,
  ) {
    const { session, authorized } = await resumption(request, bucket, id);
    const commands = uploadCommands(request);
    if (session.objectId) {
      const row = await storage.finishedObject(session);
      statusHeaders(reply, 'final', session.received);
      return commands.includes('query')
        ? presentUploadStatus(id, 'active', session.received)
        : presentObject(row);
    }
    if (commands.includes('cancel')) {
      await storage.cancelUpload(session);
      statusHeaders(reply, 'cancelled', session.received);
      return presentUploadStatus(id, 'cancelled', session.received);
    }
    if (commands.includes('query')) {
      statusHeaders(reply, 'active', session.received);
      return presentUploadStatus(id, 'active', session.received);
    }
    let current = session;
    if (commands.includes('upload')) {
      const offset = sizeHeader(request, 'x-goog-upload-offset');
      if (offset === undefined) throw invalidArgument('X-Goog-Upload-Offset', 'is required');
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
    return presentUploadStatus(id, 'active', current.received);
  }

  app.post(
    '/v0/b/:bucket/o',
    {
      schema: {
        tags: STORAGE_TAGS,
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
      const bucket = storage.bucketOf(request.params.bucket);
      const { query } = request;
      if (query.upload_id) return continueUpload(request, reply, bucket, query.upload_id);
      if (query.name === undefined) throw invalidArgument('name', 'is required');
      const path = checkedPath(query.name);
      const { uploaderId, authorized } = await storage.authorizeUploader(
        await callerOf(request),
        path,
      );
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
          throw invalidArgument('X-Goog-Upload-Header-Content-Length', 'is required');
        }
        checkName(metadata, path);
        const session = await storage.startUpload({
          bucket,
          path,
          authorized,
          userId: uploaderId,
          metadata,
          declaredSize,
        });
        const address = uploadAddress(request, context.publicUrl, session);
        statusHeaders(reply, 'active', 0)
          .header('x-goog-upload-url', address)
          .header('x-guploader-uploadid', session.id)
          .header('location', address);
        return presentUploadStatus(session.id, 'active', 0);
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
            uploaderId,
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
        uploaderId,
        metadata: {},
        body: request.raw,
        ...(declaredSize === undefined ? {} : { declaredSize }),
      });
      return presentObject(row);
    },
  );

  app.put(
    '/v0/b/:bucket/o',
    {
      schema: {
        tags: STORAGE_TAGS,
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
      const bucket = storage.bucketOf(request.params.bucket);
      const { session, authorized } = await resumption(request, bucket, request.query.upload_id);
      if (session.objectId) return presentObject(await storage.finishedObject(session));
      const range = contentRange(request);
      const total = range ? range.total : session.declaredSize;
      if (total !== undefined && total !== session.declaredSize) {
        throw new AppError(
          'storage/server-file-wrong-size',
          `This upload was announced with ${session.declaredSize} bytes, not ${total}`,
        );
      }
      let current = session;
      if (!range || range.first !== undefined) {
        current = await storage.appendChunk(session, authorized, range?.first ?? 0, request.raw);
        if (range?.last !== undefined && current.received !== range.last + 1) {
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
      return sendIncomplete(reply, current.received);
    },
  );
}
