import { objectPathProblem } from '@jammy/shared/storage';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { StorageCaller } from './storage-access';
import type { Storage } from './storage.service';

/** What the storage protocol's routes share: their tag, parameters, security and path check. */
export const STORAGE_TAGS = ['storage'];

/** Sign-in by session cookie or `Authorization: Firebase <token>`; a share link or download token may do instead. */
export const STORAGE_SECURITY: { security: Record<string, string[]>[] } = {
  security: [{ session: [] }, { storageToken: [] }, {}],
};

export const bucketParams = z.object({ bucket: z.string() });
export const objectParams = bucketParams.extend({ '*': z.string() });

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

/** 400 `storage/invalid-argument` naming the header or parameter `field`. */
export function invalidArgument(field: string, message: string): AppError {
  return new AppError('storage/invalid-argument', `${field}: ${message}`, {
    issues: [{ field, message }],
  });
}

/** What the protocol's routes work with: the service, and who asks a request. */
export interface StorageContext {
  storage: Storage;
  /** The caller of a request (see storageCallers): a session, a storage token, or nobody. */
  callerOf: (request: FastifyRequest) => Promise<StorageCaller | null>;
  /** Where clients reach this server (the resumable upload address is built on it). */
  publicUrl: URL | undefined;
}
