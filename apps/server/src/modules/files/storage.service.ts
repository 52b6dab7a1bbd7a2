import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { objectMetadataInputSchema } from '@jammy/shared/storage';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from '../../config/storage';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { BlobStore, ByteRange } from './blob-store';
import { storableHeaders } from './header-values';
import * as objects from './objects.repository';
import { readJson } from './request-body';
import type { Listing } from './storage.presenter';
import { createResumableUploads } from './resumable.service';
import {
  authorizePath,
  isMembersOnlyFolder,
  unauthenticated,
  unauthorized,
  type Authorized,
  type StorageAction,
  type StorageCaller,
} from './storage-access';
import * as uploads from './uploads.repository';
import { createObjectWriter } from './uploads.service';

/** How long a sweep holds the blob keys it took before another sweep may take them. */
const GARBAGE_LEASE_MS = 5 * 60 * 1000;

export function objectNotFound(): AppError {
  return new AppError('storage/object-not-found', 'Object does not exist');
}

/**
 * File storage (DESIGN §6): who may do what with an object, the objects themselves, uploads
 * (`uploads.service.ts`, `resumable.service.ts`), and clearing the bytes nothing uses.
 */
export function createStorage(deps: {
  db: Db;
  blobs: BlobStore;
  config: StorageConfig;
  logger: FastifyBaseLogger;
  /** Told the size of each upload stored (metrics). */
  onUploaded?: ((bytes: number) => void) | undefined;
}) {
  const { db, blobs, config, logger } = deps;

  let sweeping: Promise<void> | undefined;
  /** Deletes the blobs no row points to any more (see blob_garbage); one sweep at a time. */
  function sweep(): Promise<void> {
    sweeping ??= (async () => {
      try {
        await uploads.expireUploadSessions(db);
        for (;;) {
          const keys = await uploads.takeGarbage(db, 100, GARBAGE_LEASE_MS);
          if (keys.length === 0) break;
          await Promise.all(keys.map((key) => blobs.delete(key)));
          await uploads.forgetGarbage(db, keys);
        }
      } catch (error) {
        logger.warn({ err: error }, 'clearing unused file bytes failed; it is tried again later');
      } finally {
        sweeping = undefined;
      }
    })();
    return sweeping;
  }

  const writer = createObjectWriter({ db, blobs, config, sweep, onUploaded: deps.onUploaded });
  const resumable = createResumableUploads({ db, blobs, config, writer, sweep });

  /** The one bucket this server keeps (404 for any other). */
  function bucketOf(name: string): string {
    if (name !== config.bucket) {
      throw new AppError('storage/bucket-not-found', `There is no bucket ${name}`);
    }
    return name;
  }

  /** The object at `path`, once `caller` may do `action` on it (401, 403, then 404). */
  async function authorizedObject(
    caller: StorageCaller | null,
    bucket: string,
    path: string,
    action: StorageAction,
    share?: string,
  ): Promise<objects.FileObjectRow> {
    await authorizePath(db, caller, path, action, share);
    const row = await objects.findObject(db, bucket, path);
    if (!row) throw objectNotFound();
    return row;
  }

  return {
    sweep,
    bucketOf,
    ...resumable,
    writeObject: writer.writeObject,

    /** Who uploads to `path`: a signed-in traveller who may write there. */
    async authorizeUploader(
      caller: StorageCaller | null,
      path: string,
    ): Promise<{ uploaderId: string; authorized: Authorized }> {
      const authorized = await authorizePath(db, caller, path, 'write');
      if (!caller) throw unauthenticated();
      return { uploaderId: caller.userId, authorized };
    },

    /**
     * Objects under `prefix` after `after`, one level with delimiter `/`. A link holder sees
     * neither what members-only folders hold nor that they exist.
     */
    async listObjects(
      caller: StorageCaller | null,
      options: {
        bucket: string;
        prefix: string;
        delimiter: string;
        after: string;
        maxResults: number;
        share: string | undefined;
      },
    ): Promise<Listing> {
      const access = await authorizePath(db, caller, options.prefix, 'read', options.share);
      const entries = await objects.listEntries(db, { ...options, limit: options.maxResults + 1 });
      const page = entries.slice(0, options.maxResults);
      const visible = page.filter((entry) => {
        if (!access.viaLink) return true;
        const [, , folder, ...below] = entry.entry.replace(/\/$/, '/x').split('/');
        return below.length === 0 || !isMembersOnlyFolder(folder ?? '');
      });
      return {
        entries: visible,
        lastEntry: entries.length > options.maxResults ? page.at(-1)?.entry : undefined,
      };
    },

    /** An object its caller may read (a member, or a share-link holder outside attachments). */
    readObject(caller: StorageCaller | null, bucket: string, path: string, share?: string) {
      return authorizedObject(caller, bucket, path, 'read', share);
    },

    /** An object by one of its download tokens, which stands in for a session. */
    async readObjectWithToken(
      bucket: string,
      path: string,
      token: string,
    ): Promise<objects.FileObjectRow> {
      const row = await objects.findObject(db, bucket, path);
      if (!row) throw objectNotFound();
      if (!row.downloadTokens.split(',').includes(token)) throw unauthorized();
      return row;
    },

    /** The stored bytes of `key` (or a range of them); null when they are missing. */
    readBytes(key: string, range?: ByteRange): Promise<Readable | null> {
      return blobs.get(key, range);
    },

    /**
     * Changes an object's metadata from the JSON `body` (read once the caller may write):
     * fields sent as null are cleared, custom metadata is merged; metageneration + 1.
     */
    async changeMetadata(
      caller: StorageCaller | null,
      bucket: string,
      path: string,
      body: Readable,
    ): Promise<objects.FileObjectRow> {
      await authorizePath(db, caller, path, 'write');
      const input = storableHeaders(await readJson(body, objectMetadataInputSchema));
      const row = await objects.findObject(db, bucket, path);
      if (!row) throw objectNotFound();
      const custom = input.customMetadata ?? input.metadata;
      const changes: Parameters<typeof objects.updateObjectMetadata>[2] = {};
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
      const updated = await objects.updateObjectMetadata(db, row.id, changes);
      if (!updated) throw objectNotFound();
      return updated;
    },

    /** Deletes an object (and what uses it: a photo, an attachment, a cover); its bytes go next. */
    async deleteObject(caller: StorageCaller | null, bucket: string, path: string): Promise<void> {
      await authorizePath(db, caller, path, 'write');
      const row = await objects.findObject(db, bucket, path);
      if (!row || !(await objects.deleteObject(db, row.id))) throw objectNotFound();
      void sweep();
    },

    /** Adds a download token, or revokes one: rotating the token revokes old links. */
    async changeTokens(
      caller: StorageCaller | null,
      bucket: string,
      path: string,
      change: { create: boolean; revoke: string | undefined },
    ): Promise<objects.FileObjectRow> {
      const row = await authorizedObject(caller, bucket, path, 'write');
      let tokens = row.downloadTokens.split(',').filter((token) => token !== '');
      if (change.revoke !== undefined) tokens = tokens.filter((token) => token !== change.revoke);
      if (change.create) tokens.push(randomUUID());
      const updated = await objects.updateObjectMetadata(db, row.id, {
        downloadTokens: tokens.join(','),
      });
      if (!updated) throw objectNotFound();
      return updated;
    },

    /** What a traveller's files take (and unfinished uploads received so far), and the limits. */
    async usage(userId: string) {
      return {
        usedBytes: await objects.usedBytes(db, userId, { uploads: 'received' }),
        quotaBytes: config.quotaBytes,
        imageMaxBytes: config.imageMaxBytes,
        documentMaxBytes: config.documentMaxBytes,
      };
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
