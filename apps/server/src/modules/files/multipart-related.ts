import { Transform, type Readable } from 'node:stream';
import { AppError } from '../../lib/errors';

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
 * boundary's length of bytes at a time. The source is piped into the data stream, so that
 * when the upload is refused part-way it is left paused and whole, for the rest to be read
 * and dropped (a response the client can read), not held by a parser that stopped.
 */
export async function readRelated(source: Readable, boundary: string): Promise<RelatedUpload> {
  const iterator = source.iterator({ destroyOnReturn: false });
  let buffer: Buffer = Buffer.alloc(0);
  const more = async (): Promise<boolean> => {
    const next = await iterator.next();
    if (next.done) return false;
    const chunk = next.value as Buffer;
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
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

  let metadata: unknown;
  let dataType: string | undefined;
  try {
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
    dataType = /content-type:\s*([^\r\n]+)/i.exec(dataHeaders)?.[1]?.trim();
  } finally {
    // Lets go of the source without destroying it: the data part is piped from here on.
    await iterator.return?.();
  }

  let closed = false;
  /** Passes on the data before the delimiter; at the closing boundary, nothing more. */
  function take(stream: Transform, final: boolean): void {
    const index = buffer.indexOf(delimiter);
    if (index >= 0) {
      if (index > 0) stream.push(buffer.subarray(0, index));
      buffer = buffer.subarray(index);
      if (buffer.length < delimiter.length + 2) {
        if (final) throw malformed('the closing boundary is missing');
        return;
      }
      if (buffer.subarray(delimiter.length, delimiter.length + 2).toString() !== '--') {
        throw malformed('only one data part is taken');
      }
      // The epilogue, if any, is read and dropped.
      closed = true;
      buffer = Buffer.alloc(0);
      return;
    }
    if (final) throw malformed('the closing boundary is missing');
    // Everything but a possible start of the delimiter can go.
    const keep = delimiter.length - 1;
    if (buffer.length > keep) {
      stream.push(buffer.subarray(0, buffer.length - keep));
      buffer = buffer.subarray(buffer.length - keep);
    }
  }
  const data = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (closed) return callback();
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      try {
        take(this, false);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback) {
      try {
        if (!closed) take(this, true);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  source.pipe(data);
  source.once('error', (error) => data.destroy(error));
  return { metadata, dataType, data };
}
