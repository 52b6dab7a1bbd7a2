import { z } from 'zod';

/** A UUID of version 7 (RFC 9562), lower or upper case, in the canonical 8-4-4-4-12 form. */
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when `value` is a UUIDv7 string: every id in Jammy's API and URLs is one. */
export function isUuidV7(value: string): boolean {
  return UUID_V7.test(value);
}

/** Zod schema of an id (UUIDv7). */
export const idSchema = z.string().regex(UUID_V7, 'must be a UUIDv7 id');
