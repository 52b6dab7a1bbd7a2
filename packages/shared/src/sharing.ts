import { z } from 'zod';
import { dateSchema } from './itineraries';

/** Days an e-mail invitation stays valid. */
export const INVITATION_TTL_DAYS = 14;
/** Random bytes in a share-link or invitation token (base64url in the URL). */
export const TOKEN_BYTES = 32;

export type MemberRole = 'owner' | 'editor' | 'viewer';
export type InvitedRole = 'editor' | 'viewer';

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: string;
  /** Bumped by every role change; send it back with a change (stale: 409 with the member). */
  version: number;
}

export interface Invitation {
  id: string;
  email: string;
  role: InvitedRole;
  invitedBy: string | null;
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface ShareLink {
  id: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Only in the answer to the POST that created it: the token is never stored. */
  url?: string;
}

/** GET /api/itineraries/{id}/members: members, pending invitations (owner only), links (owner only). */
export interface Sharing {
  members: Member[];
  invitations: Invitation[];
  links: ShareLink[];
}

export const inviteSchema = z.strictObject({
  email: z
    .email('must be an e-mail address')
    .max(254)
    .transform((value) => value.toLowerCase()),
  role: z.enum(['editor', 'viewer']),
});

export const changeRoleSchema = z.strictObject({
  role: z.enum(['editor', 'viewer']),
  version: z.number().int().positive().optional(),
});

export const transferOwnershipSchema = z.strictObject({ userId: z.string() });

export const acceptInvitationSchema = z.strictObject({ token: z.string().min(1).max(200) });

export const createShareLinkSchema = z.strictObject({
  /** Last day the link works (inclusive, UTC); none = until revoked. */
  expiresOn: dateSchema.nullable().optional(),
});

/** Kinds of itinerary events (SSE `event:` field and activity entries). */
export const EVENT_KINDS = [
  'itinerary.updated',
  'itinerary.trashed',
  'itinerary.restored',
  'stage.created',
  'stage.updated',
  'stage.moved',
  'stage.deleted',
  'place.created',
  'place.updated',
  'place.moved',
  'place.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'list.created',
  'list.updated',
  'list.deleted',
  'item.created',
  'item.updated',
  'item.moved',
  'item.deleted',
  'member.added',
  'member.updated',
  'member.removed',
  'presence',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One change, as streamed (SSE `id:` = `id`) and listed in the activity. */
export interface ItineraryEvent {
  id: number;
  kind: EventKind;
  actor: { id: string; name: string } | null;
  /** ids and titles of what changed (e.g. { stageId, title }, { placeIds, count, stageTitle }). */
  data: Record<string, unknown>;
  at: string;
}

/** The `presence` event's data: who has the itinerary open right now. */
export interface Presence {
  viewers: { id: string; name: string }[];
}

/** POST /api/invitations/accept answers where the new member lands. */
export interface AcceptedInvitation {
  itineraryId: string;
  role: MemberRole;
}

/** GET /api/itineraries/{id}/activity: the newest events first, `?cursor=` for older ones. */
export interface ActivityPage {
  items: ItineraryEvent[];
  nextCursor: string | null;
}

/** Events in one activity page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** A stream resumed further behind than this gets a `reset` event (refetch) instead. */
export const MAX_REPLAYED_EVENTS = 500;
/** Seconds between the stream's keep-alive comments. */
export const EVENT_HEARTBEAT_SECONDS = 15;
/** The query parameter carrying a share-link token (`/itinerary/{id}?share=…`). */
export const SHARE_QUERY_PARAM = 'share';
/** The query parameter carrying an invitation token (`/itineraries?invitation=…`). */
export const INVITATION_QUERY_PARAM = 'invitation';
