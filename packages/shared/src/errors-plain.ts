// The part of errors.ts without zod: the web app names these codes on every page (its API
// client's errors are typed by them) and must not load the schemas for that. errors.ts
// re-exports all of it.

/**
 * Stable error codes of the API (DESIGN §2). The client maps them back to messages;
 * the status travels with each.
 */
export const ERROR_CODES = {
  'request/invalid': 400,
  'request/malformed-json': 400,
  'request/too-large': 413,
  'request/unsupported-media-type': 415,
  'request/rate-limited': 429,
  'auth/unauthenticated': 401,
  'auth/forbidden': 403,
  /** The installation requires a second factor of this traveller: set one up first. */
  'auth/second-factor-required': 403,
  /** This needs a sign-in (or a step-up) of the last 10 minutes: confirm with the password or a code. */
  'auth/step-up-required': 403,
  /** The password or code given to step up is not the traveller's. */
  'auth/step-up-refused': 403,
  'route/not-found': 404,
  'outbox/message-not-found': 404,
  'contact/not-found': 404,
  /** The mail server refused or did not answer: nothing was recorded, send again later. */
  'mail/unavailable': 503,
  'session/not-found': 404,
  'api-token/not-found': 404,
  /** The traveller holds `MAX_API_TOKENS` working tokens already: revoke one first. */
  'api-token/too-many': 409,
  'passkey/not-found': 404,
  'itinerary/not-found': 404,
  'stage/not-found': 404,
  'place/not-found': 404,
  'note/not-found': 404,
  'list/not-found': 404,
  'list-item/not-found': 404,
  'member/not-found': 404,
  'member/already-member': 409,
  'member/owner': 409,
  'member/not-editor': 409,
  'invitation/not-found': 404,
  'invitation/expired': 410,
  'invitation/email-mismatch': 403,
  'share-link/not-found': 404,
  'calendar-feed/not-found': 404,
  'share/not-found': 404,
  'share/revoked': 404,
  'share/expired': 404,
  'preset/not-found': 404,
  'preset/premium': 403,
  'preset/catalogue': 409,
  'product/not-found': 404,
  'order/not-found': 404,
  /** The order is not in a state that allows this (refunding an unpaid order). */
  'order/state': 409,
  /** Stripe is not configured here: payments are by invoice. */
  'shop/stripe-not-configured': 404,
  /** A Stripe webhook whose signature does not verify. */
  'shop/bad-signature': 400,
  'photo/not-found': 404,
  'attachment/not-found': 404,
  'booking/not-found': 404,
  'inbox/item-not-found': 404,
  /** The traveller's inbox holds as many items as it may: accept, dismiss or delete some first. */
  'inbox/full': 409,
  /** What this inbox item changed was undone already, or the booking changed since. */
  'inbox/not-undoable': 409,
  'expense/not-found': 404,
  'budget-line/not-found': 404,
  'budget-rate/not-found': 404,
  'import/not-found': 404,
  /** This person already has as many files waiting or being read as one may: retry after `Retry-After`. */
  'import/too-many': 429,
  // The storage protocol (spec §8): the same codes the Firebase SDK gives its errors.
  'storage/object-not-found': 404,
  'storage/bucket-not-found': 404,
  'storage/quota-exceeded': 402,
  'storage/unauthenticated': 401,
  'storage/unauthorized': 403,
  'storage/invalid-checksum': 400,
  'storage/server-file-wrong-size': 400,
  'storage/invalid-argument': 400,
  'storage/invalid-root-operation': 400,
  'storage/invalid-format': 400,
  'storage/internal-error': 500,
  conflict: 409,
  /** The same thing already exists (a unique key taken by a request that arrived together). */
  'conflict/duplicate': 409,
  /** What the change refers to was removed, or something still refers to what it removes. */
  'conflict/reference': 409,
  /** Two changes collided in the database and this one lost: send it again. */
  'conflict/concurrent': 409,
  /** A write with this Idempotency-Key is still being handled: send it again shortly. */
  'idempotency/in-progress': 409,
  /** This Idempotency-Key was already used for another request (method, address or body). */
  'idempotency/key-reused': 422,
  'health/database-unavailable': 503,
  /** Too busy or not ready (database pool exhausted, shutting down): retry after `Retry-After`. */
  'service/unavailable': 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** True when `code` is one of the catalogue's (an answer may come from elsewhere: a proxy). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** One problem with one field of a request: `field` is a dotted path such as `stages.0.title`. */
export interface FieldIssue {
  field: string;
  message: string;
}
