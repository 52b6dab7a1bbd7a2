// The part of storage.ts without zod (limits, types, errors, string decoding): the web app's
// file features use it on a trip's page, which must not load the schemas for that. storage.ts
// re-exports all of it.
import { isUuidV7 } from './uuid';

/**
 * The file storage protocol (spec §3, §5, §7, §8, §9; DESIGN §6): object metadata, the rules
 * for object paths and custom metadata keys, upload string formats, error codes, and the
 * retry limits. Server and web client share them.
 */

/** The bucket when STORAGE_BUCKET is not set. */
export const DEFAULT_STORAGE_BUCKET = 'jammy';

/** Longest object path, in UTF-8 bytes (the limit of Google Cloud Storage names). */
export const OBJECT_PATH_MAX_BYTES = 1024;
/** Longest single segment of an object path, in UTF-8 bytes. */
export const OBJECT_SEGMENT_MAX_BYTES = 255;
/** Custom metadata: most keys, longest key and longest value (characters). */
export const CUSTOM_METADATA_MAX_KEYS = 32;
export const CUSTOM_METADATA_KEY_MAX = 128;
export const CUSTOM_METADATA_VALUE_MAX = 1024;
/** Most items a list answers in one page (and the default). */
export const LIST_MAX_RESULTS = 1000;

/** Default size limits (bytes): photos and documents; the server's can be configured. */
export const DEFAULT_IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const DEFAULT_DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Sizes of the resized copies of every photo (longest side, pixels), served as WebP. */
export const IMAGE_VARIANTS = { thumb: 320, medium: 1280 } as const;
export type ImageVariant = keyof typeof IMAGE_VARIANTS;

/** Types a photo may have (sniffed from the bytes, never taken from the client). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Types a document may have. */
export const DOCUMENT_TYPES = ['application/pdf'] as const;

/**
 * Custom metadata key that keeps a photo's EXIF (place and camera) instead of stripping it:
 * `"true"` keeps it. Without it, photos are stored without location or camera data.
 */
export const KEEP_EXIF_METADATA_KEY = 'keepExif';

/** Retry limits (spec §9): operations give up after 2 minutes, uploads after 10. */
export const STORAGE_OPERATION_RETRY_MS = 2 * 60 * 1000;
export const STORAGE_UPLOAD_RETRY_MS = 10 * 60 * 1000;
/** The longest wait between two tries (the wait doubles up to this, plus jitter). */
export const STORAGE_MAX_RETRY_WAIT_MS = 64 * 1000;

/** Statuses worth another try (spec §9): every 5xx, 408 and 429. */
export function isRetryableStatus(status: number): boolean {
  return (status >= 500 && status < 600) || status === 408 || status === 429;
}

/** Spec §8's storage error codes (without the `storage/` prefix) and their messages. */
export const STORAGE_MESSAGES = {
  unknown: 'An unknown error occurred, please check the error payload for server response.',
  'object-not-found': 'Object does not exist',
  'bucket-not-found': 'Bucket does not exist',
  'project-not-found': 'Project does not exist',
  'quota-exceeded': 'Quota for bucket exceeded, please view quota on the account page.',
  unauthenticated: 'User is not authenticated, please authenticate and try again.',
  unauthorized: 'User does not have permission to access this object.',
  'unauthorized-app': 'This app does not have permission to access storage.',
  'retry-limit-exceeded': 'Max retry time for operation exceeded, please try again.',
  'invalid-checksum': 'Uploaded file does not match the checksum sent with it.',
  canceled: 'User canceled the upload/download.',
  'invalid-event-name': 'Invalid event name.',
  'invalid-url': 'Invalid URL.',
  'invalid-default-bucket': 'Invalid default bucket.',
  'no-default-bucket': 'No default bucket is configured.',
  'cannot-slice-blob': 'Cannot slice blob for upload. Please retry the upload.',
  'server-file-wrong-size': 'Server recorded incorrect upload file size, please retry the upload.',
  'no-download-url': 'The given file does not have any download URLs.',
  'invalid-argument': 'Invalid argument.',
  'invalid-argument-count': 'Invalid argument count.',
  'app-deleted': 'The storage app has been deleted.',
  'invalid-root-operation': 'The operation cannot be performed on a root reference.',
  'invalid-format': 'String does not match the format.',
  'internal-error': 'Internal error.',
  'unsupported-environment': 'Unsupported environment.',
} as const;
export type StorageErrorName = keyof typeof STORAGE_MESSAGES;
export type StorageErrorCode = `storage/${StorageErrorName}`;

// --- object paths (spec §5: never the root) ---

const encoder = new TextEncoder();
// eslint-disable-next-line no-control-regex -- control characters are what is refused
export const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * What is wrong with an object path, or null when it may name an object: not the root, no
 * empty, `.` or `..` segment, no control characters, no backslash, no `#`, `[`, `]`, `*`,
 * `?`, at most OBJECT_PATH_MAX_BYTES bytes and OBJECT_SEGMENT_MAX_BYTES a segment.
 */
export function objectPathProblem(path: string): string | null {
  if (path === '' || path === '/') return 'must not be the root';
  if (path.normalize('NFC') !== path) return 'must be in Unicode normal form C';
  if (/[\uD800-\uDFFF]/.test(path.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, ''))) {
    return 'must not contain broken characters';
  }
  if (CONTROL.test(path)) return 'must not contain control characters';
  if (/[\\#[\]*?]/.test(path)) return 'must not contain \\ # [ ] * or ?';
  if (encoder.encode(path).length > OBJECT_PATH_MAX_BYTES) {
    return `must be at most ${OBJECT_PATH_MAX_BYTES} bytes long`;
  }
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '') return 'must not have empty segments (// or a leading or trailing /)';
    if (segment === '.' || segment === '..') return 'must not contain . or .. segments';
    if (encoder.encode(segment).length > OBJECT_SEGMENT_MAX_BYTES) {
      return `must have segments of at most ${OBJECT_SEGMENT_MAX_BYTES} bytes`;
    }
  }
  return spellingProblem(segments);
}

/** Top folders that decide who may use a path. */
const SPACES = ['itineraries', 'users'] as const;
/** An itinerary's folders with a meaning of their own (what they take, who reads them). */
export const ITINERARY_FOLDERS = ['cover', 'photos', 'attachments'] as const;

/** A segment as compared for sameness: compatibility forms folded (NFKC), in lower case. */
export function foldSegment(segment: string): string {
  return segment.normalize('NFKC').toLowerCase();
}

/**
 * The names that decide access have one spelling, so that a trip has one tree and a
 * members-only folder no second door: `itineraries` and `users` in lower case, the id after
 * them in lower case, and an itinerary's `cover`, `photos` and `attachments` exactly so.
 */
function spellingProblem([top = '', id, folder]: string[]): string | null {
  const space = foldSegment(top);
  if (!(SPACES as readonly string[]).includes(space)) return null;
  if (top !== space) return `must begin with ${space}/ in lower case`;
  if (id !== undefined && id !== foldSegment(id) && isUuidV7(foldSegment(id))) {
    return `must name the ${space === 'users' ? 'traveller' : 'itinerary'} by its id in lower case (0-9, a-f)`;
  }
  if (space === 'itineraries' && folder !== undefined) {
    const meaning = foldSegment(folder);
    if ((ITINERARY_FOLDERS as readonly string[]).includes(meaning) && folder !== meaning) {
      return `must spell the folder ${meaning} in lower case`;
    }
  }
  return null;
}

/** The last segment of a path: the object's short name. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Where an object lives: an itinerary's files, a traveller's own, or anywhere else (refused). */
export type ObjectSpace =
  | { kind: 'itinerary'; itineraryId: string; folder: string }
  | { kind: 'user'; userId: string }
  | { kind: 'other' };

/** The space of a (valid) object path: `itineraries/{id}/…` or `users/{uid}/…`. */
export function objectSpace(path: string): ObjectSpace {
  const [top, id, next, ...rest] = path.split('/');
  // Only the one spelling of a path (objectPathProblem) names a space: any other is nobody's.
  if (!id || next === undefined || !isUuidV7(id) || id !== id.toLowerCase()) {
    return { kind: 'other' };
  }
  if (top === 'itineraries') {
    return { kind: 'itinerary', itineraryId: id, folder: rest.length > 0 ? next : '' };
  }
  if (top === 'users') return { kind: 'user', userId: id };
  return { kind: 'other' };
}

/** Folders of an itinerary with their own use: a cover or photos take images only. */
export const IMAGE_FOLDERS = ['cover', 'photos'] as const;

// --- custom metadata (spec §5's field-name rule) ---

/** What is wrong with a custom metadata key, or null: not empty, not `__x__`, none of ~ * / [ ]. */
export function metadataKeyProblem(key: string): string | null {
  if (key === '') return 'must not be empty';
  if (/^__.*__$/.test(key)) return 'must not begin and end with two underscores';
  if (/[~*/[\]]/.test(key)) return 'must not contain ~ * / [ or ]';
  if (CONTROL.test(key)) return 'must not contain control characters';
  if ([...key].length > CUSTOM_METADATA_KEY_MAX) {
    return `must be at most ${CUSTOM_METADATA_KEY_MAX} characters`;
  }
  return null;
}

// --- upload strings (spec §5) ---

export const STRING_FORMATS = ['raw', 'base64', 'base64url', 'data_url'] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

/** A string format error, with the message the Firebase SDK gives for it. */
export class StringFormatError extends Error {
  override name = 'StringFormatError';
  readonly code = 'storage/invalid-format';
}

/** The bytes of an upload string and, for a data URL, the content type it names. */
export interface DecodedString {
  bytes: Uint8Array;
  contentType: string | null;
}

function decodeBase64(value: string, format: 'base64' | 'base64url'): Uint8Array {
  const pattern = format === 'base64' ? /^[A-Za-z0-9+/]*={0,2}$/ : /^[A-Za-z0-9_-]*={0,2}$/;
  const wrongAlphabet = format === 'base64' ? /[-_]/ : /[+/]/;
  if (wrongAlphabet.test(value) || !pattern.test(value) || value.length % 4 === 1) {
    throw new StringFormatError(
      `String does not match format '${format}': Invalid character found`,
    );
  }
  const standard = format === 'base64' ? value : value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Decodes an upload string in one of spec §5's formats (the Firebase SDK's `uploadString`
 * rules): raw is UTF-8; base64 and base64url must use their own alphabet; a data URL must be
 * `data:[type][;base64],…`.
 */
export function decodeUploadString(value: string, format: StringFormat): DecodedString {
  if (format === 'raw') return { bytes: encoder.encode(value), contentType: null };
  if (format === 'base64' || format === 'base64url') {
    return { bytes: decodeBase64(value, format), contentType: null };
  }
  const match = /^data:([^,]*),(.*)$/s.exec(value);
  if (!match) {
    throw new StringFormatError(
      "String does not match format 'data_url': Must be formatted 'data:[<mediatype>][;base64],<data>",
    );
  }
  const [, header = '', data = ''] = match;
  const base64 = header.endsWith(';base64');
  const contentType = (base64 ? header.slice(0, -7) : header) || null;
  if (base64) return { bytes: decodeBase64(data, 'base64'), contentType };
  let text: string;
  try {
    text = decodeURIComponent(data);
  } catch {
    throw new StringFormatError("String does not match format 'data_url': Malformed data URL.");
  }
  return { bytes: encoder.encode(text), contentType };
}
