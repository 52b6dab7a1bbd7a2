import { Readable } from 'node:stream';
import { AppError } from '../lib/errors';

/** The JSON metadata part may be at most this large. */
const METADATA_MAX_BYTES = 64 * 1024;

function malformed(reason: string): AppError {
  return new AppError('storage/invalid-argument', `The multipart upload is malformed: ${reason}`);
}

/** The boundary of a `multipart/related; boundary=…` content type, or null. */
export function relatedBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/related\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** The upload's two parts: the parsed JSON metadata, and the data as a stream. */
export interface RelatedUpload {
  metadata: unknown;
  /** The content type the data part declares (never trusted: the bytes are sniffed). */
  dataType: string | undefined;
  data: Readable;
}

/**
 * Reads a multipart/related upload (spec §7: a JSON metadata part, then a data part) from a
 * stream without holding the data: the metadata part is read whole (64 KB at most), the
 * data part flows on as a stream that ends at the closing boundary, keeping back only a
 * boundary's length of bytes at a time.
 */
export async function readRelated(source: Readable, boundary: string): Promise<RelatedUpload> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let buffer: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    buffer = buffer.length === 0 ? next.value : Buffer.concat([buffer, next.value]);
    return true;
  };
  /** Reads until `needle` is in the buffer (within `limit` bytes); its index. */
  const find = async (needle: Buffer, limit: number): Promise<number> => {
    for (;;) {
      const index = buffer.indexOf(needle);
      if (index >= 0) return index;
      if (buffer.length > limit) throw malformed('a part header or the metadata is too large');
      if (!(await more())) throw malformed('it ends too early');
    }
  };

  const opening = Buffer.from(`--${boundary}\r\n`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const headersEnd = Buffer.from('\r\n\r\n');

  // Preamble and the first boundary.
  let at = await find(opening, METADATA_MAX_BYTES);
  buffer = buffer.subarray(at + opening.length);
  // Metadata part: headers, then JSON up to the next boundary.
  at = await find(headersEnd, METADATA_MAX_BYTES);
  const metadataHeaders = buffer.subarray(0, at).toString('latin1');
  buffer = buffer.subarray(at + headersEnd.length);
  if (!/content-type:\s*application\/json/i.test(metadataHeaders)) {
    throw malformed('the first part must be JSON metadata');
  }
  at = await find(delimiter, METADATA_MAX_BYTES);
  let metadata: unknown;
  try {
    metadata = JSON.parse(buffer.subarray(0, at).toString('utf8'));
  } catch {
    throw malformed('the metadata part is not JSON');
  }
  buffer = buffer.subarray(at + delimiter.length);
  // The data part's headers.
  at = await find(headersEnd, METADATA_MAX_BYTES);
  const dataHeaders = buffer.subarray(0, at).toString('latin1');
  if (at > 0 && !dataHeaders.startsWith('\r\n'))
    throw malformed('a boundary is not followed by a line end');
  buffer = buffer.subarray(at + headersEnd.length);
  const dataType = /content-type:\s*([^\r\n]+)/i.exec(dataHeaders)?.[1]?.trim();

  async function* data(): AsyncGenerator<Buffer> {
    for (;;) {
      const index = buffer.indexOf(delimiter);
      if (index >= 0) {
        if (index > 0) yield buffer.subarray(0, index);
        buffer = buffer.subarray(index + delimiter.length);
        while (buffer.length < 2 && (await more()));
        if (buffer.subarray(0, 2).toString() !== '--') {
          throw malformed('only one data part is taken');
        }
        // The epilogue, if any, is read and dropped.
        while (await more()) buffer = Buffer.alloc(0);
        return;
      }
      // Everything but a possible start of the delimiter can go.
      const keep = delimiter.length - 1;
      if (buffer.length > keep) {
        yield buffer.subarray(0, buffer.length - keep);
        buffer = buffer.subarray(buffer.length - keep);
      }
      if (!(await more())) throw malformed('the closing boundary is missing');
    }
  }

  return { metadata, dataType, data: Readable.from(data(), { objectMode: false }) };
}
