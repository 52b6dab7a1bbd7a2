import { z } from 'zod';
import { instantSchema } from './fields';
import { idSchema } from './ids';

/**
 * The account's security activity (docs/decisions/048): sign-ins and the changes of the ways
 * in, each with its time, address and device, shown to the traveller alone.
 */

/** How long an event is kept. */
export const SECURITY_EVENT_RETENTION_DAYS = 180;
/** Events in one page of the list. */
export const SECURITY_EVENT_PAGE_SIZE = 20;

export const securityEventKindSchema = z.enum([
  'sign-in',
  'passkey-added',
  'passkey-removed',
  'two-factor-enabled',
  'two-factor-disabled',
  'api-token-created',
  'api-token-revoked',
]);
export type SecurityEventKind = z.infer<typeof securityEventKindSchema>;

export const securityEventSchema = z.object({
  id: idSchema,
  kind: securityEventKindSchema,
  /**
   * A sign-in's way in: `password`, `email-link`, `phone`, `passkey`, `two-factor`, or the
   * provider (`google`, `github`, `oidc`); null for other events.
   */
  method: z.string().nullable(),
  /** False for a refused sign-in (a wrong password, a passkey that did not check out). */
  success: z.boolean(),
  /** What it concerned: the passkey's or the token's name. */
  detail: z.string().nullable(),
  /** The client's address (behind a proxy, as TRUST_PROXY decides). */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instantSchema,
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** GET /api/me/security-events: newest first, `?cursor=` (the last id seen) for older ones. */
export const securityEventPageSchema = z.object({
  items: z.array(securityEventSchema),
  nextCursor: idSchema.nullable(),
});
export type SecurityEventPage = z.infer<typeof securityEventPageSchema>;
