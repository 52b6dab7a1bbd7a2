import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** How long a storage token is good for (as long as a Firebase ID token). */
export const STORAGE_TOKEN_TTL_MS = 60 * 60 * 1000;

const claimsSchema = z.object({ uid: z.string(), sid: z.string(), exp: z.number().int() });
export type StorageTokenClaims = z.infer<typeof claimsSchema>;

/** Keys derived for this use only: a storage token can never pass for a session cookie. */
function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('jammy storage token v1').digest();
}

/**
 * A short-lived token for `Authorization: Firebase <token>` (what the Firebase SDK sends):
 * the user and the session it was issued in, and when it expires, signed with HMAC-SHA256.
 * It is worth nothing once the session ends (checked on every request).
 */
export function signStorageToken(secret: string, claims: StorageTokenClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The claims of a token whose signature holds and that has not expired; null otherwise. */
export function verifyStorageToken(
  secret: string,
  token: string,
  now = Date.now(),
): StorageTokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(parsed);
  if (!claims.success || claims.data.exp <= now) return null;
  return claims.data;
}
