import type { Readable } from 'node:stream';
import type { ZodType, z } from 'zod';
import { AppError, validationError } from '../../lib/errors';

/** JSON bodies of the storage protocol (metadata) are small. */
const JSON_MAX_BYTES = 64 * 1024;

/**
 * Reads a small JSON body from the raw request (storage routes take their bodies as
 * streams) and validates it; an empty body is `{}`.
 */
export async function readJson<T extends ZodType>(
  source: Readable,
  schema: T,
): Promise<z.output<T>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > JSON_MAX_BYTES) {
      throw new AppError(
        'request/too-large',
        `Metadata may be at most ${JSON_MAX_BYTES / 1024} KB`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  let parsed: unknown = {};
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new AppError('request/malformed-json', 'The metadata is not valid JSON');
    }
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const error = validationError(result.error);
    throw new AppError('storage/invalid-argument', error.message, error.details);
  }
  return result.data;
}
