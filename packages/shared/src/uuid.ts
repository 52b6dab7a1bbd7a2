// Without zod: the route table (and so every page of the web app) checks ids with it.

/** A UUID of version 7 (RFC 9562), lower or upper case, in the canonical 8-4-4-4-12 form. */
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when `value` is a UUIDv7 string: every id in Jammy's API and URLs is one. */
export function isUuidV7(value: string): boolean {
  return UUID_V7.test(value);
}
