import type { ObjectMetadataInput } from '@jammy/shared/storage';
import { encodeExtended, format, parse } from 'content-disposition';
import { AppError } from '../../lib/errors';

/**
 * What a header value may hold here: printable ASCII and tabs. Node refuses anything past
 * U+00FF (ERR_INVALID_CHAR, so a 500 on every download), and bytes between 0x80 and 0xFF are
 * read differently by each browser; names in other scripts travel encoded instead.
 */
const HEADER_SAFE = /^[\t\x20-\x7e]*$/;
const ASCII_TEXT = /^[\x20-\x7e]*$/;
// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Whether a stored value can be sent in a header as it is. */
export function isHeaderSafe(value: string): boolean {
  return HEADER_SAFE.test(value);
}

/**
 * A Content-Disposition in the form every browser reads (RFC 6266): kept as it is when it is
 * ASCII; otherwise parsed, and each parameter that is not ASCII sent as `name*=UTF-8''…`
 * (RFC 8187), a filename with an ASCII stand-in beside it (`filename="??.png"`). Null when it
 * is no disposition (no type, a name that is not a token, control characters in a value).
 */
export function canonicalDisposition(value: string): string | null {
  if (isHeaderSafe(value)) return value;
  if (CONTROL.test(value)) return null;
  const { type, parameters } = parse(value);
  const kept: Record<string, string> = {};
  try {
    for (const [name, text] of Object.entries(parameters)) {
      // `name*` was decoded into `name` by parse: that one is written again below.
      if (name.endsWith('*') && parameters[name.slice(0, -1)] !== undefined) continue;
      if (ASCII_TEXT.test(text)) {
        kept[name] = text;
        continue;
      }
      if (name.endsWith('*')) return null;
      if (name === 'filename') kept.filename = text.replace(/[^\x20-\x7e]/g, '?');
      kept[`${name}*`] = encodeExtended(text);
    }
    // Throws on a type or a parameter name that is not a token.
    const canonical = format({ type, parameters: kept }, { extended: false });
    return isHeaderSafe(canonical) ? canonical : null;
  } catch {
    // Also a broken character (a lone surrogate) that cannot be encoded.
    return null;
  }
}

function invalid(field: string, message: string): AppError {
  return new AppError('storage/invalid-argument', `${field}: ${message}`, {
    issues: [{ field, message }],
  });
}

/**
 * The metadata with its header-bound fields as they are stored: the disposition canonical
 * (400 naming `contentDisposition` when it cannot be), every other one checked to be safe in
 * a header. Upload and PATCH both go through it, so that every stored object can be served.
 */
export function storableHeaders<T extends ObjectMetadataInput>(metadata: T): T {
  const { contentDisposition } = metadata;
  for (const field of ['cacheControl', 'contentEncoding', 'contentLanguage'] as const) {
    const value = metadata[field];
    if (value && !isHeaderSafe(value)) throw invalid(field, 'must be printable ASCII');
  }
  if (!contentDisposition) return metadata;
  const canonical = canonicalDisposition(contentDisposition);
  if (canonical === null) {
    throw invalid(
      'contentDisposition',
      'must be a disposition type with parameters (RFC 6266), without control characters',
    );
  }
  return { ...metadata, contentDisposition: canonical };
}
