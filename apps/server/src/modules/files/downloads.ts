import { type ImageVariant } from '@jammy/shared/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { ByteRange } from './blob-store';
import { canonicalDisposition, isHeaderSafe } from './header-values';
import type { FileObjectRow } from './objects.repository';
import { objectNotFound, type Storage } from './storage.service';

/** Cache lifetime of files whose uploader set no Cache-Control. */
const DEFAULT_CACHE_CONTROL = 'private, max-age=3600';

/**
 * Files are shown in the app (images) and opened in the browser (PDFs): they may be framed
 * by the app itself only, run no script, and load nothing.
 */
const MEDIA_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** The one range of a `Range: bytes=…` header, 'unsatisfiable', or null for the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (allowed by RFC 9110).
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `inline` with the file's name, safe for any characters in it. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The header values of a stored object, each one safe to send: what uploads and changes store
 * is checked (header-values.ts), and a row stored before those checks is repaired here rather
 * than by a migration (its disposition encoded, or the default; other values left out).
 */
function servedHeaders(row: FileObjectRow) {
  const safe = (value: string | null) => (value !== null && isHeaderSafe(value) ? value : null);
  const name = row.path.slice(row.path.lastIndexOf('/') + 1);
  return {
    disposition:
      (row.contentDisposition === null ? null : canonicalDisposition(row.contentDisposition)) ??
      disposition(name),
    cacheControl: safe(row.cacheControl) ?? DEFAULT_CACHE_CONTROL,
    language: safe(row.contentLanguage),
  };
}

/**
 * Sends an object's bytes (or a photo variant's) as a stream: ETag and Last-Modified (304 on
 * a match), one byte range (206, or 416), the uploader's Cache-Control, and headers that keep
 * the browser from treating a file as a page.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Pick<Storage, 'readBytes'>,
  row: FileObjectRow,
  variant: ImageVariant | undefined,
) {
  const stored = variant
    ? row.variants?.[variant]
    : { key: row.blobKey, size: row.size, md5Hash: row.md5Hash };
  if (!stored) throw objectNotFound();
  const etag = `"${stored.md5Hash}"`;
  const headers = servedHeaders(row);
  // No Content-Encoding: the bytes are served as they were stored (only identity is taken).
  reply
    .header('etag', etag)
    .header('last-modified', row.updatedAt.toUTCString())
    .header('cache-control', headers.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('content-security-policy', MEDIA_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('content-disposition', headers.disposition);
  if (headers.language) reply.header('content-language', headers.language);

  const ifNoneMatch = request.headers['if-none-match'];
  if (
    ifNoneMatch &&
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  ) {
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, stored.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${stored.size}`)
      .send(new AppError('storage/invalid-argument', 'This range is not in the file').toBody());
  }
  const stream = await storage.readBytes(stored.key, range ?? undefined);
  if (!stream) {
    request.log.error(
      { key: stored.key, path: row.path },
      'the bytes of a stored object are missing',
    );
    throw objectNotFound();
  }
  reply.type(variant ? 'image/webp' : row.contentType);
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', stored.size);
  }
  return reply.send(stream);
}
