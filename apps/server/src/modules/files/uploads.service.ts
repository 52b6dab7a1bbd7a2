import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { KEEP_EXIF_METADATA_KEY, type ObjectMetadataInput } from '@jammy/shared/storage';
import { uuidv7 } from 'uuidv7';
import type { StorageConfig } from '../../config/storage';
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
  largestAllowed,
  limitOf,
  tooLarge,
  uploadInspector,
} from './upload-rules';

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

export function quotaExceeded(quota: number): AppError {
  const mb = Math.round(quota / (1024 * 1024));
  return new AppError(
    'storage/quota-exceeded',
    `Your files would take more than your ${mb} MB: delete some to make room`,
    { reason: 'quota', quotaBytes: quota },
  );
}

/** What writing objects works with; `sweep` clears the bytes a write replaced. */
export interface WriterDeps {
  db: Db;
  blobs: BlobStore;
  config: StorageConfig;
  sweep: () => Promise<void>;
  /** Told the size of each upload stored, as it arrived (metrics). */
  onUploaded?: ((bytes: number) => void) | undefined;
}

/**
 * Writing objects safely: every upload (simple, multipart, or the chunks of a resumable one put
 * together) goes through `writeObject`, under the quota of whoever holds the space.
 */
export function createObjectWriter(deps: WriterDeps) {
  const { db, blobs, config, sweep } = deps;

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
      deps.onUploaded?.(stored.size);
      return row;
    } catch (error) {
      await discard(written.length > 0 ? written : [uploadKey]);
      throw error;
    }
  }

  return { writeObject, checkQuota, checkDeclaredSize, discard };
}

export type ObjectWriter = ReturnType<typeof createObjectWriter>;
