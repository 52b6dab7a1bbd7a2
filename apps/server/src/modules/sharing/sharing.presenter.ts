import type { Invitation, Member, ShareLink } from '@jammy/shared/sharing';
import type { InvitationRow, MemberRow, ShareLinkRow } from './sharing.repository';

export function presentMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    version: row.version,
  };
}

/** An invitation; `invitedBy` is the inviting member's user id. */
export function presentInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy,
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** A share link; `url` (with the token) only when it was just created. */
export function presentShareLink(row: ShareLinkRow, url?: string): ShareLink {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    ...(url === undefined ? {} : { url }),
  };
}
