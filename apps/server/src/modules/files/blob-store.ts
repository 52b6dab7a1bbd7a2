import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a finished write stored. */
export interface StoredBlob {
  size: number;
  /** Base64 MD5 of the bytes, computed while they streamed through. */
  md5Hash: string;
}

/**
 * Where object bytes live (DESIGN §6): the local disk or an S3-compatible store. Keys are
 * Jammy's own (`objects/{id}/{generation}`, `uploads/{session}/{offset}`), never a client's
 * path. A key holds all of its bytes or none: a write that fails leaves nothing behind.
 */
export interface BlobStore {
  readonly kind: 'disk' | 's3';
  /** Streams `source` into `key`, hashing as it goes; never holds the whole file in memory. */
  put(key: string, source: Readable, options?: { contentType?: string }): Promise<StoredBlob>;
  /** The bytes of `key` (or a range of them); null when there is no such blob. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Deletes `key`; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Clears what an interrupted process left (temporary files) before serving. */
  open(): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/._-]*$/;

/** Keys are made by Jammy; this refuses anything else before it reaches a file system. */
export function assertBlobKey(key: string): void {
  if (
    !KEY.test(key) ||
    key.split('/').some((part) => part === '' || part === '..' || part === '.')
  ) {
    throw new Error(`Not a blob key: ${key}`);
  }
}

/** A pass-through that counts the bytes and hashes them with MD5. */
export function hashingCounter(): Transform & { result(): StoredBlob } {
  const hash = createHash('md5');
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  let digest: string | undefined;
  return Object.assign(transform, {
    result: () => ({ size, md5Hash: (digest ??= hash.digest('base64')) }),
  });
}
