import { z } from 'zod';
import { dateSchema, instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { emailSchema, tokenSchema } from './text';
import { EVENT_KINDS } from './sharing-plain';

export * from './sharing-plain';

/** Days an e-mail invitation stays valid. */
export const INVITATION_TTL_DAYS = 14;
/** Random bytes in a share-link or invitation token (base64url in the URL). */
export const TOKEN_BYTES = 32;

export const memberRoleSchema = z.enum(['owner', 'editor', 'viewer']);
export type MemberRole = z.infer<typeof memberRoleSchema>;
export const invitedRoleSchema = z.enum(['editor', 'viewer']);
export type InvitedRole = z.infer<typeof invitedRoleSchema>;

export const memberSchema = z.object({
  userId: idSchema,
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  joinedAt: instantSchema,
  /** Bumped by every role change; send it back with a change (stale: 409 with the member). */
  version: z.number().int(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: invitedRoleSchema,
  invitedBy: idSchema.nullable(),
  sentAt: instantSchema,
  expiresAt: instantSchema,
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const shareLinkSchema = z.object({
  id: idSchema,
  createdAt: instantSchema,
  expiresAt: instantSchema.nullable(),
  revokedAt: instantSchema.nullable(),
  /** Only in the answer to the POST that created it: the token is never stored. */
  url: z.string().optional(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** GET /api/itineraries/{id}/members: members, pending invitations (owner only), links (owner only). */
export const sharingSchema = z.object({
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  links: z.array(shareLinkSchema),
});
export type Sharing = z.infer<typeof sharingSchema>;

export const inviteSchema = z.strictObject({
  email: emailSchema(),
  role: invitedRoleSchema,
});

export const changeRoleSchema = z.strictObject({
  role: invitedRoleSchema,
  version: versionSchema.optional(),
});

export const transferOwnershipSchema = z.strictObject({ userId: idSchema });

export const acceptInvitationSchema = z.strictObject({ token: tokenSchema });

/** How far ahead a share link may expire: beyond, it is "until revoked". */
export const SHARE_LINK_MAX_DAYS = 3660;

export const createShareLinkSchema = z.strictObject({
  /** Last day the link works (inclusive, UTC); none = until revoked; at most ten years ahead. */
  expiresOn: dateSchema
    .refine(
      (value) => Date.parse(value) <= Date.now() + SHARE_LINK_MAX_DAYS * 86_400_000,
      `must be within ${SHARE_LINK_MAX_DAYS} days from today (leave it empty for no end)`,
    )
    .nullable()
    .optional(),
});

/** A share-link token as the `?share=` query parameter carries it. */
export const shareTokenSchema = tokenSchema;

export const eventKindSchema = z.enum(EVENT_KINDS);

/** One change, as streamed (SSE `id:` = `id`) and listed in the activity. */
export const itineraryEventSchema = z.object({
  id: z.number().int(),
  kind: eventKindSchema,
  actor: z.object({ id: idSchema, name: z.string() }).nullable(),
  /** ids and titles of what changed (e.g. { stageId, title }, { placeIds, count, stageTitle }). */
  data: z.record(z.string(), z.unknown()),
  at: instantSchema,
  /** The name of the API token the change was made with; null when made in the app. */
  via: z.string().nullable(),
});
export type ItineraryEvent = z.infer<typeof itineraryEventSchema>;

/** The `presence` event's data: who has the itinerary open right now. */
export interface Presence {
  viewers: { id: string; name: string }[];
}

/** POST /api/invitations/accept answers where the new member lands. */
export const acceptedInvitationSchema = z.object({
  itineraryId: idSchema,
  role: memberRoleSchema,
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** GET /api/itineraries/{id}/activity: the newest events first, `?cursor=` for older ones. */
export const activityPageSchema = z.object({
  items: z.array(itineraryEventSchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** Events in one activity page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** A stream resumed further behind than this gets a `reset` event (refetch) instead. */
export const MAX_REPLAYED_EVENTS = 500;
/** Seconds between the stream's keep-alive comments. */
export const EVENT_HEARTBEAT_SECONDS = 15;
export { INVITATION_QUERY_PARAM, SHARE_QUERY_PARAM } from './sharing-params';
