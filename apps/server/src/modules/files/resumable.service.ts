import { Readable, Transform } from 'node:stream';
import type { ObjectMetadataInput } from '@jammy/shared/storage';
import { uuidv7 } from 'uuidv7';
import type { StorageConfig } from '../../config/storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { BlobStore } from './blob-store';
import { storableHeaders } from './header-values';
import * as objects from './objects.repository';
import {
  authorizePath,
  unauthenticated,
  unauthorized,
  type Authorized,
  type StorageCaller,
} from './storage-access';
import { allowedKinds, kindOf, limitOf, tooLarge } from './upload-rules';
import * as uploads from './uploads.repository';
import type { ObjectWriter } from './uploads.service';

/**
 * A resumable upload with no chunk for this long is dropped with its chunks: the largest file
 * takes minutes on a slow line, and what an abandoned one holds must not wait for days.
 */
export const UPLOAD_SESSION_IDLE_MS = 60 * 60 * 1000;
/** However busy, an upload expires this long after its start. */
export const UPLOAD_SESSION_MAX_MS = 6 * 60 * 60 * 1000;
/** Resumable uploads one traveller may have open at once (the app runs one at a time). */
export const OPEN_UPLOADS_MAX = 10;
function chunkKey(sessionId: string, offset: number): string {
  return `uploads/${sessionId}/${String(offset).padStart(15, '0')}`;
}

/**
 * Resumable uploads (the protocol's start, chunks, status, cancel and finalize): their state is
 * a row, their chunks are blobs, so any server process can take the next chunk; finishing puts
 * the chunks together through the same checks as any upload (`writer`).
 */
export function createResumableUploads(deps: {
  db: Db;
  blobs: BlobStore;
  config: StorageConfig;
  writer: ObjectWriter;
  sweep: () => Promise<void>;
}) {
  const { db, blobs, config, writer, sweep } = deps;

  /** The open upload `id` of `bucket` (404 once it expired or when it is not there). */
  async function openUpload(bucket: string, id: string): Promise<uploads.UploadSessionRow> {
    const session = await uploads.findUploadSession(db, id);
    if (!session || session.bucket !== bucket) {
      throw new AppError(
        'storage/object-not-found',
        'There is no such upload (it may have expired)',
      );
    }
    return session;
  }

  /**
   * Only the traveller who started an upload continues it, and only while they may still write
   * its path (checked again on every request: they may have lost the right meanwhile).
   */
  async function authorizeResumption(
    session: uploads.UploadSessionRow,
    caller: StorageCaller | null,
  ): Promise<Authorized> {
    if (!caller) throw unauthenticated();
    if (caller.userId !== session.userId) throw unauthorized();
    return authorizePath(db, caller, session.path, 'write');
  }

  /** The object a finished upload made (404 once it is gone). */
  async function finishedObject(session: uploads.UploadSessionRow): Promise<objects.FileObjectRow> {
    const row = session.objectId
      ? await objects.findObject(db, session.bucket, session.path)
      : undefined;
    if (!row || row.id !== session.objectId) {
      throw new AppError(
        'storage/object-not-found',
        'This upload was finished, and its object is gone',
      );
    }
    return row;
  }

  /** Drops an upload and, by the next sweep, its chunks. */
  async function cancelUpload(session: uploads.UploadSessionRow): Promise<void> {
    await uploads.deleteUploadSession(db, session.id);
    void sweep();
  }

  async function startUpload(input: {
    bucket: string;
    path: string;
    authorized: Authorized;
    userId: string;
    metadata: ObjectMetadataInput;
    declaredSize: number;
  }): Promise<uploads.UploadSessionRow> {
    const { authorized } = input;
    const metadata = storableHeaders(input.metadata);
    writer.checkDeclaredSize(authorized, input.declaredSize);
    const existing = await objects.findObject(db, input.bucket, input.path);
    return db.transaction(async (tx) => {
      // The count and the quota are checked with the new upload's row written in one
      // transaction, under locks: starts sent together cannot all slip through.
      await uploads.lockUploads(tx, input.userId);
      const open = await uploads.openUploads(tx, input.userId);
      if (open.count >= OPEN_UPLOADS_MAX) {
        throw new AppError(
          'request/rate-limited',
          `You have ${open.count} uploads unfinished: finish or cancel one first`,
          { openUploads: open.count },
          { retryAfterSeconds: Math.max(1, open.soonestExpirySeconds) },
        );
      }
      if (authorized.quotaUserId) {
        await objects.lockQuota(tx, authorized.quotaUserId);
        await writer.checkQuota(tx, authorized, input.declaredSize, { objectId: existing?.id });
      }
      const space = authorized.space;
      return uploads.createUploadSession(
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
    session: uploads.UploadSessionRow,
    authorized: Authorized,
    offset: number,
    body: Readable,
  ): Promise<uploads.UploadSessionRow> {
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
      const updated = await uploads.recordChunk(db, session.id, offset, stored.size, {
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
      const current = await uploads.findUploadSession(db, session.id);
      if (!current?.chunkOffsets.includes(offset)) await writer.discard([key]);
      throw error;
    }
  }

  async function sniffFirstChunk(
    key: string,
    size: number,
    session: uploads.UploadSessionRow,
    authorized: Authorized,
  ) {
    if (size < 4100 && size < session.declaredSize) return;
    const stream = await blobs.get(key, { start: 0, end: Math.min(size, 4100) - 1 });
    if (!stream) return;
    const head: Buffer[] = [];
    for await (const chunk of stream) head.push(chunk as Buffer);
    // Loaded with the first upload rather than at start (half a second).
    const { fileTypeFromBuffer } = await import('file-type');
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    const kind = sniffed ? kindOf(sniffed.mime) : null;
    const kinds = allowedKinds(authorized.space);
    if (!kind || !kinds.includes(kind)) {
      await uploads.deleteUploadSession(db, session.id);
      void sweep();
      throw new AppError(
        'request/unsupported-media-type',
        `This file is not ${kinds.includes('document') ? 'a photo or a PDF' : 'a photo'}${sniffed ? ` (it looks like ${sniffed.mime})` : ''}`,
        { accepted: kinds },
      );
    }
    const limit = limitOf(config, kind);
    if (session.declaredSize > limit) {
      await uploads.deleteUploadSession(db, session.id);
      void sweep();
      throw tooLarge(kind, limit);
    }
  }

  /** Puts the chunks together into the object (through the same checks as any upload). */
  async function finishUpload(
    session: uploads.UploadSessionRow,
    authorized: Authorized,
  ): Promise<objects.FileObjectRow> {
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
    const row = await writer.writeObject({
      bucket: session.bucket,
      path: session.path,
      authorized,
      uploaderId: session.userId,
      metadata: { ...(session.metadata as ObjectMetadataInput), size: undefined },
      body: Readable.from(chunks()),
      declaredSize: session.declaredSize,
      uploadId: session.id,
    });
    await uploads.finishUploadSession(db, session.id, row.id);
    void sweep();
    return row;
  }

  return {
    openUpload,
    authorizeResumption,
    finishedObject,
    cancelUpload,
    startUpload,
    appendChunk,
    finishUpload,
  };
}
