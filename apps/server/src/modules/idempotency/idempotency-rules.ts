import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_MS } from '@jammy/shared/constants';

/** The longest Idempotency-Key accepted (a UUID is 36; some clients send longer tokens). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
const KEY_PATTERN = /^[\x21-\x7e]+$/;

/**
 * How long a claimed key whose request has not answered stays "in progress". A process killed
 * while handling it (a crash, a deployment's SIGKILL) never stores an answer nor forgets the
 * key; past this time the claim is taken as abandoned and a request sent again is handled anew
 * (rather than answered 409 for 24 h). Far longer than any JSON write takes here; the server
 * answers a live request's twin 409 until then.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

/** A key is 1 to 200 visible ASCII characters; anything else is a 400 naming the header. */
export function isValidKey(key: string): boolean {
  return key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && KEY_PATTERN.test(key);
}

/** What identifies a request besides its key: the same key must come with the same request. */
export interface RequestFingerprint {
  method: string;
  path: string;
  bodyHash: string;
}

/** SHA-256 (hex) of the body as parsed JSON (`null` when there is none). */
export function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/** A stored key: the request it was first used with and, once answered, the answer. */
export interface StoredKey extends RequestFingerprint {
  status: number | null;
  createdAt: Date;
}

export type KeyDecision =
  /** Older than the time keys are honoured: forget it and handle the request anew. */
  | 'expired'
  /** The same key was used for another request. */
  | 'mismatch'
  /** The first request with this key is still being handled. */
  | 'in-progress'
  /** Claimed longer ago than CLAIM_LEASE_MS and never answered: its process is gone. */
  | 'abandoned'
  /** Answered before: send the stored answer again. */
  | 'replay';

/** What to do with a request whose key is already stored. */
export function decide(stored: StoredKey, incoming: RequestFingerprint, now: number): KeyDecision {
  if (now - stored.createdAt.getTime() >= IDEMPOTENCY_KEY_TTL_MS) return 'expired';
  if (
    stored.method !== incoming.method ||
    stored.path !== incoming.path ||
    stored.bodyHash !== incoming.bodyHash
  ) {
    return 'mismatch';
  }
  if (stored.status !== null) return 'replay';
  return now - stored.createdAt.getTime() >= CLAIM_LEASE_MS ? 'abandoned' : 'in-progress';
}
