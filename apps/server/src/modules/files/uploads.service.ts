import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { baseName, KEEP_EXIF_METADATA_KEY, type ObjectMetadataInput } from '@jammy/shared/storage';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { uuidv7 } from 'uuidv7';
import type { StorageConfig } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { BlobStore } from './blob-store';
import { storableHeaders } from './header-values';
import { processImage } from './images';
import type { Authorized } from './storage-access';
import * as repository from './objects.repository';
import {
  allowedKinds,
  emptyFile,
  kindOf,
  largestAllowed,
  limitOf,
  tooLarge,
  uploadInspector,
} from './upload-rules';

/**
 * A resumable upload with no chunk for this long is dropped with its chunks: the largest file
 * takes minutes on a slow line, and what an abandoned one holds must not wait for days.
 */
export const UPLOAD_SESSION_IDLE_MS = 60 * 60 * 1000;
/** However busy, an upload expires this long after its start. */
export const UPLOAD_SESSION_MAX_MS = 6 * 60 * 60 * 1000;
/** Resumable uploads one traveller may have open at once (the app runs one at a time). */
export const OPEN_UPLOADS_MAX = 10;
/** How long a sweep holds the blob keys it took before another sweep may take them. */
const GARBAGE_LEASE_MS = 5 * 60 * 1000;

/** What a write of an object needs. */
export interface WriteInput {
  bucket: string;
  path: string;
  authorized: Authorized;
  uploaderId: string;
  metadata: ObjectMetadataInput;
  body: Readable;
  /** The size the client announced (Content-Length, resumable start), when it did. */
  declaredSize?: number;
  /** The resumable upload this finishes: the room it kept is its own. */
  uploadId?: string;
}

let lastGeneration = 0;
/** Microseconds since the epoch, always increasing within this process. */
function nextGeneration(): number {
  lastGeneration = Math.max(lastGeneration + 1, Date.now() * 1000);
  return lastGeneration;
}

function customMetadataOf(metadata: ObjectMetadataInput): Record<string, string> {
  const given = metadata.customMetadata ?? metadata.metadata ?? {};
  return Object.fromEntries(
    Object.entries(given).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

function chunkKey(sessionId: string, offset: number): string {
  return `uploads/${sessionId}/${String(offset).padStart(15, '0')}`;
}

export function quotaExceeded(quota: number): AppError {
  const mb = Math.round(quota / (1024 * 1024));
  return new AppError(
    'storage/quota-exceeded',
    `Your files would take more than your ${mb} MB: delete some to make room`,
    { reason: 'quota', quotaBytes: quota },
  );
}

/** File storage: writing objects safely, resumable uploads, and clearing unused bytes. */
export function createStorage(deps: {
  db: Db;
  blobs: BlobStore;
  config: StorageConfig;
  logger: FastifyBaseLogger;
}) {
  const { db, blobs, config, logger } = deps;

  /**
   * Refuses `size` more bytes when the quota holder's files, with all their unfinished uploads
   * announced, would pass the quota. `except` are what the new bytes replace: the object at
   * the same path, the resumable upload being finished.
   */
  async function checkQuota(
    executor: Executor,
    authorized: Authorized,
    size: number,
    except: { objectId?: string | undefined; uploadId?: string | undefined },
  ) {
    if (!authorized.quotaUserId) return;
    const used = await repository.usedBytes(executor, authorized.quotaUserId, {
      uploads: 'announced',
      exceptObjectId: except.objectId,
      exceptUploadId: except.uploadId,
    });
    if (used + size > config.quotaBytes) throw quotaExceeded(config.quotaBytes);
  }

  function checkDeclaredSize(authorized: Authorized, size: number | undefined) {
    if (size === undefined) return;
    if (size === 0) throw emptyFile();
    const kinds = allowedKinds(authorized.space);
    const largest = largestAllowed(config, kinds);
    // Before the bytes come, a path that takes several kinds can only name its largest limit.
    if (size > largest) throw tooLarge(kinds.length === 1 ? (kinds[0] ?? 'file') : 'file', largest);
  }

  let sweeping: Promise<void> | undefined;
  /** Deletes the blobs no row points to any more (see blob_garbage); one sweep at a time. */
  function sweep(): Promise<void> {
    sweeping ??= (async () => {
      try {
        await repository.expireUploadSessions(db);
        for (;;) {
          const keys = await repository.takeGarbage(db, 100, GARBAGE_LEASE_MS);
          if (keys.length === 0) break;
          await Promise.all(keys.map((key) => blobs.delete(key)));
          await repository.forgetGarbage(db, keys);
        }
      } catch (error) {
        logger.warn({ err: error }, 'clearing unused file bytes failed; it is tried again later');
      } finally {
        sweeping = undefined;
      }
    })();
    return sweeping;
  }

  async function discard(keys: (string | undefined)[]) {
    await Promise.all(
      keys.filter((key) => key !== undefined).map((key) => blobs.delete(key).catch(() => {})),
    );
  }

  /**
   * Stores an upload: streams it through the type and size checks into a blob of its own
   * (MD5 on the way), checks it against what the client announced, makes photos safe
   * (upright, EXIF removed, variants), then records it under the traveller's quota in one
   * transaction. Until that commit nothing of it is visible; if anything fails, its bytes go.
   */
  async function writeObject(input: WriteInput): Promise<repository.FileObjectRow> {
    const { authorized } = input;
    const metadata = storableHeaders(input.metadata);
    checkDeclaredSize(authorized, input.declaredSize);
    const existing = await repository.findObject(db, input.bucket, input.path);
    const replaced = { objectId: existing?.id, uploadId: input.uploadId };
    if (input.declaredSize !== undefined) {
      await checkQuota(db, authorized, input.declaredSize, replaced);
    }
    const id = existing?.id ?? uuidv7();
    const generation = nextGeneration();
    const uploadKey = `objects/${id}/${generation}`;
    const inspector = uploadInspector(config, allowedKinds(authorized.space));
    input.body.once('error', (error) => inspector.destroy(error));
    const written: string[] = [];
    try {
      const stored = await blobs.put(uploadKey, input.body.pipe(inspector));
      written.push(uploadKey);
      const inspection = inspector.inspection();
      if (metadata.md5Hash && metadata.md5Hash !== stored.md5Hash) {
        throw new AppError(
          'storage/invalid-checksum',
          'The file that arrived does not match the MD5 sent with it',
        );
      }
      const announced = metadata.size === undefined ? input.declaredSize : Number(metadata.size);
      if (announced !== undefined && announced !== stored.size) {
        throw new AppError(
          'storage/server-file-wrong-size',
          `The file that arrived has ${stored.size} bytes, not the ${announced} announced`,
        );
      }
      let blob = { key: uploadKey, ...stored, contentType: inspection.contentType };
      let image: Awaited<ReturnType<typeof processImage>> | undefined;
      const custom = customMetadataOf(metadata);
      if (inspection.kind === 'image') {
        image = await processImage(
          blobs,
          blob,
          `${uploadKey}-safe`,
          custom[KEEP_EXIF_METADATA_KEY] === 'true',
        );
        written.push(image.key, image.variants.thumb.key, image.variants.medium.key);
        if (image.key !== uploadKey) {
          await blobs.delete(uploadKey);
          written.shift();
        }
        if (image.size > limitOf(config, 'image'))
          throw tooLarge('image', limitOf(config, 'image'));
        blob = {
          key: image.key,
          size: image.size,
          md5Hash: image.md5Hash,
          contentType: image.contentType,
        };
      }
      const row = await db.transaction(async (tx) => {
        if (authorized.quotaUserId) {
          await repository.lockQuota(tx, authorized.quotaUserId);
          await checkQuota(tx, authorized, blob.size, replaced);
        }
        const space = authorized.space;
        if (
          space.kind === 'itinerary' &&
          !(await repository.itineraryExists(tx, space.itineraryId))
        ) {
          throw new AppError('storage/unauthorized', 'This itinerary is gone');
        }
        return repository.upsertObject(tx, {
          id,
          bucket: input.bucket,
          path: input.path,
          encodedPath: encodeURIComponent(input.path),
          itineraryId: space.kind === 'itinerary' ? space.itineraryId : null,
          userId: space.kind === 'user' ? space.userId : null,
          uploadedBy: input.uploaderId,
          generation,
          size: blob.size,
          md5Hash: blob.md5Hash,
          contentType: blob.contentType,
          cacheControl: metadata.cacheControl ?? null,
          contentDisposition: metadata.contentDisposition ?? null,
          contentEncoding: metadata.contentEncoding ?? null,
          contentLanguage: metadata.contentLanguage ?? null,
          customMetadata: custom,
          downloadTokens: randomUUID(),
          blobKey: blob.key,
          width: image?.width ?? null,
          height: image?.height ?? null,
          variants: image?.variants ?? null,
        });
      });
      if (existing) void sweep();
      return row;
    } catch (error) {
      await discard(written.length > 0 ? written : [uploadKey]);
      throw error;
    }
  }

  // --- resumable uploads ---

  async function startUpload(input: {
    bucket: string;
    path: string;
    authorized: Authorized;
    userId: string;
    metadata: ObjectMetadataInput;
    declaredSize: number;
  }): Promise<repository.UploadSessionRow> {
    const { authorized } = input;
    const metadata = storableHeaders(input.metadata);
    checkDeclaredSize(authorized, input.declaredSize);
    const existing = await repository.findObject(db, input.bucket, input.path);
    return db.transaction(async (tx) => {
      // The count and the quota are checked with the new upload's row written in one
      // transaction, under locks: starts sent together cannot all slip through.
      await repository.lockUploads(tx, input.userId);
      const open = await repository.openUploads(tx, input.userId);
      if (open.count >= OPEN_UPLOADS_MAX) {
        throw new AppError(
          'request/rate-limited',
          `You have ${open.count} uploads unfinished: finish or cancel one first`,
          { openUploads: open.count },
          { retryAfterSeconds: Math.max(1, open.soonestExpirySeconds) },
        );
      }
      if (authorized.quotaUserId) {
        await repository.lockQuota(tx, authorized.quotaUserId);
        await checkQuota(tx, authorized, input.declaredSize, { objectId: existing?.id });
      }
      const space = authorized.space;
      return repository.createUploadSession(
        tx,
        {
          id: uuidv7(),
          bucket: input.bucket,
          path: input.path,
          userId: input.userId,
          itineraryId: space.kind === 'itinerary' ? space.itineraryId : null,
          metadata,
          declaredSize: input.declaredSize,
        },
        UPLOAD_SESSION_IDLE_MS,
      );
    });
  }

  /**
   * Stores one chunk at `offset` (which must be what was received so far). The first chunk's
   * bytes are sniffed at once, so a file of the wrong type is refused before the rest comes.
   */
  async function appendChunk(
    session: repository.UploadSessionRow,
    authorized: Authorized,
    offset: number,
    body: Readable,
  ): Promise<repository.UploadSessionRow> {
    if (offset !== session.received) {
      throw new AppError(
        'storage/invalid-argument',
        `This upload has ${session.received} bytes so far: send the chunk from there, not from ${offset}`,
      );
    }
    const key = chunkKey(session.id, offset);
    const room = session.declaredSize - session.received;
    let seen = 0;
    const limited = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen > room) {
            callback(
              new AppError(
                'storage/server-file-wrong-size',
                `This upload was announced with ${session.declaredSize} bytes; more arrived`,
              ),
            );
            return;
          }
          callback(null, chunk);
        },
      }),
    );
    body.once('error', (error) => limited.destroy(error));
    const stored = await blobs.put(key, limited);
    try {
      if (offset === 0) await sniffFirstChunk(key, stored.size, session, authorized);
      const updated = await repository.recordChunk(db, session.id, offset, stored.size, {
        idleMs: UPLOAD_SESSION_IDLE_MS,
        maxMs: UPLOAD_SESSION_MAX_MS,
      });
      if (!updated) {
        throw new AppError(
          'storage/invalid-argument',
          'Another chunk was stored at this offset, or the upload expired',
        );
      }
      return updated;
    } catch (error) {
      // The same chunk sent twice at once (a client retrying) has one key: the copy that was
      // recorded first stays, whichever request wrote the bytes last.
      const current = await repository.findUploadSession(db, session.id);
      if (!current?.chunkOffsets.includes(offset)) await discard([key]);
      throw error;
    }
  }

  async function sniffFirstChunk(
    key: string,
    size: number,
    session: repository.UploadSessionRow,
    authorized: Authorized,
  ) {
    if (size < 4100 && size < session.declaredSize) return;
    const stream = await blobs.get(key, { start: 0, end: Math.min(size, 4100) - 1 });
    if (!stream) return;
    const head: Buffer[] = [];
    for await (const chunk of stream) head.push(chunk as Buffer);
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    const kind = sniffed ? kindOf(sniffed.mime) : null;
    const kinds = allowedKinds(authorized.space);
    if (!kind || !kinds.includes(kind)) {
      await repository.deleteUploadSession(db, session.id);
      void sweep();
      throw new AppError(
        'request/unsupported-media-type',
        `This file is not ${kinds.includes('document') ? 'a photo or a PDF' : 'a photo'}${sniffed ? ` (it looks like ${sniffed.mime})` : ''}`,
        { accepted: kinds },
      );
    }
    const limit = limitOf(config, kind);
    if (session.declaredSize > limit) {
      await repository.deleteUploadSession(db, session.id);
      void sweep();
      throw tooLarge(kind, limit);
    }
  }

  /** Puts the chunks together into the object (through the same checks as any upload). */
  async function finishUpload(
    session: repository.UploadSessionRow,
    authorized: Authorized,
  ): Promise<repository.FileObjectRow> {
    if (session.received !== session.declaredSize) {
      throw new AppError(
        'storage/server-file-wrong-size',
        `This upload has ${session.received} of the ${session.declaredSize} bytes announced`,
      );
    }
    const keys = session.chunkOffsets.map((offset) => chunkKey(session.id, offset));
    async function* chunks() {
      for (const key of keys) {
        const stream = await blobs.get(key);
        if (!stream) throw new Error(`A chunk of upload ${session.id} is missing`);
        yield* stream;
      }
    }
    const row = await writeObject({
      bucket: session.bucket,
      path: session.path,
      authorized,
      uploaderId: session.userId,
      metadata: { ...(session.metadata as ObjectMetadataInput), size: undefined },
      body: Readable.from(chunks()),
      declaredSize: session.declaredSize,
      uploadId: session.id,
    });
    await repository.finishUploadSession(db, session.id, row.id);
    void sweep();
    return row;
  }

  return {
    config,
    blobs,
    writeObject,
    startUpload,
    appendChunk,
    finishUpload,
    sweep,
    /** A new download token added to the object's (the old ones keep working). */
    newToken: () => randomUUID(),
    /** The short name of an object (Content-Disposition of downloads). */
    fileName: (path: string) => baseName(path),
  };
}

export type Storage = ReturnType<typeof createStorage>;
