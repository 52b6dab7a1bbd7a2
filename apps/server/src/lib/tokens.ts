import { createHash, randomBytes } from 'node:crypto';
import { TOKEN_BYTES } from '@jammy/shared/sharing';

/**
 * Secret tokens in links (share links, invitations, calendar feeds): the database keeps only
 * their SHA-256, so a copy of it opens nothing.
 */

/** A fresh random token (base64url) and the SHA-256 hex digest that is stored instead. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The stored form of a token: its SHA-256, in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
