import {
  DOCUMENT_TYPES,
  IMAGE_FOLDERS,
  IMAGE_TYPES,
  type ObjectSpace,
} from '@jammy/shared/storage';
import { Transform } from 'node:stream';
import type { StorageConfig } from '../../config/storage';
import { AppError } from '../../lib/errors';

/** Bytes read before the type is decided (file-type needs at most this many). */
const SNIFF_BYTES = 4100;

/** HEIC and HEIF photos are taken and converted to JPEG when this server's libvips can. */
const HEIC_TYPES = ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'];

export type UploadKind = 'image' | 'document';

/** Which kinds of file a path takes: a cover and photos take images; elsewhere PDFs too. */
export function allowedKinds(space: ObjectSpace): readonly UploadKind[] {
  if (space.kind === 'itinerary' && (IMAGE_FOLDERS as readonly string[]).includes(space.folder)) {
    return ['image'];
  }
  return ['image', 'document'];
}

/** The kind of a sniffed content type, or null when Jammy does not store it. */
export function kindOf(contentType: string): UploadKind | null {
  if ((IMAGE_TYPES as readonly string[]).includes(contentType)) return 'image';
  if (HEIC_TYPES.includes(contentType)) return 'image';
  if ((DOCUMENT_TYPES as readonly string[]).includes(contentType)) return 'document';
  return null;
}

export function isHeic(contentType: string): boolean {
  return HEIC_TYPES.includes(contentType);
}

/** The largest upload a path may take at all (before the type is known). */
export function largestAllowed(config: StorageConfig, kinds: readonly UploadKind[]): number {
  return Math.max(...kinds.map((kind) => limitOf(config, kind)));
}

export function limitOf(config: StorageConfig, kind: UploadKind): number {
  return kind === 'image' ? config.imageMaxBytes : config.documentMaxBytes;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number(value.toFixed(2))} MB`;
}

/**
 * A file above its limit: 402 storage/quota-exceeded, the one status the Firebase SDK reads
 * as "too much" (it names errors by status alone, and a 413 is `storage/unknown` to it). The
 * details tell it from a full quota, and name the kind and its limit for the app to say.
 */
export function tooLarge(kind: UploadKind | 'file', limit: number): AppError {
  const noun = kind === 'image' ? 'A photo' : kind === 'document' ? 'A document' : 'A file';
  return new AppError('storage/quota-exceeded', `${noun} may be at most ${megabytes(limit)}`, {
    reason: 'file-too-large',
    kind,
    limitBytes: limit,
  });
}

/** An empty file: nothing to store (and no type to find), whatever the path. */
export function emptyFile(): AppError {
  return new AppError('storage/invalid-argument', 'The file is empty', {
    reason: 'empty',
    issues: [{ field: 'file', message: 'is empty' }],
  });
}

function unsupported(kinds: readonly UploadKind[], found: string | undefined): AppError {
  const wanted = kinds.includes('document')
    ? 'a photo (JPEG, PNG, WebP, AVIF or HEIC) or a PDF'
    : 'a photo (JPEG, PNG, WebP, AVIF or HEIC)';
  return new AppError(
    'request/unsupported-media-type',
    `This file is not ${wanted}${found ? ` (it looks like ${found})` : ''}`,
    { accepted: kinds },
  );
}

/** What the inspector learnt once the bytes have passed. */
export interface Inspection {
  contentType: string;
  kind: UploadKind;
  size: number;
}

/**
 * A pass-through that decides the content type from the first bytes (file-type), refuses a
 * type the path does not take (415) as soon as it is known, and stops at the kind's size
 * limit (413): the rest of a refused upload is never stored.
 */
export function uploadInspector(
  config: StorageConfig,
  kinds: readonly UploadKind[],
): Transform & { inspection(): Inspection } {
  let head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  let decided: { contentType: string; kind: UploadKind; limit: number } | undefined;

  async function decide(): Promise<void> {
    // Loaded with the first upload rather than at start (half a second).
    const { fileTypeFromBuffer } = await import('file-type');
    const sniffed = await fileTypeFromBuffer(Buffer.concat(head));
    const kind = sniffed ? kindOf(sniffed.mime) : null;
    if (!sniffed || !kind || !kinds.includes(kind)) throw unsupported(kinds, sniffed?.mime);
    decided = { contentType: sniffed.mime, kind, limit: limitOf(config, kind) };
    if (size > decided.limit) throw tooLarge(kind, decided.limit);
  }

  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (decided) {
        if (size > decided.limit) return callback(tooLarge(decided.kind, decided.limit));
        return callback(null, chunk);
      }
      head.push(chunk);
      headSize += chunk.length;
      if (headSize < SNIFF_BYTES) return callback();
      decide().then(
        () => {
          const buffered = Buffer.concat(head);
          head = [];
          callback(null, buffered);
        },
        (error: unknown) => callback(error as Error),
      );
    },
    flush(callback) {
      if (size === 0) return callback(emptyFile());
      if (decided) return callback();
      decide().then(
        () => callback(null, Buffer.concat(head)),
        (error: unknown) => callback(error as Error),
      );
    },
  });
  return Object.assign(transform, {
    inspection(): Inspection {
      if (!decided) throw new Error('The upload has not been inspected yet');
      return { contentType: decided.contentType, kind: decided.kind, size };
    },
  });
}
