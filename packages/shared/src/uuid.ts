// Without zod: the route table (and so every page of the web app) checks ids with it.

/** A UUID of version 7 (RFC 9562), lower or upper case, in the canonical 8-4-4-4-12 form. */
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when `value` is a UUIDv7 string: every id in Jammy's API and URLs is one. */
export function isUuidV7(value: string): boolean {
  return UUID_V7.test(value);
}

/**
 * A new UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. The web app names a
 * trip made offline with one, so the trip has its final id before the server has seen it.
 */
export function newUuidV7(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let time = now;
  for (let index = 5; index >= 0; index -= 1) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
