import type { MemberRole } from '@jammy/shared/sharing';
import { INVITATION_TTL_DAYS } from '@jammy/shared/sharing';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { hashToken } from '../../lib/tokens';
import type { Executor as Db } from '../../db/client';
import { changedAt } from '../../db/clock';
import { user } from '../../db/schema/auth';
import {
  itinerary,
  itineraryInvitation,
  itineraryMember,
  shareLink,
} from '../../db/schema/itineraries';

export type InvitationRow = typeof itineraryInvitation.$inferSelect;
export type ShareLinkRow = typeof shareLink.$inferSelect;

// --- members ---

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: Date;
  version: number;
}

const ROLE_ORDER = sql`case ${itineraryMember.role} when 'owner' then 0 when 'editor' then 1 else 2 end`;

/** Members with their names and addresses (the caller adds the where clause). */
function selectMembers(db: Db) {
  return db
    .select({
      userId: itineraryMember.userId,
      name: user.name,
      email: user.email,
      role: itineraryMember.role,
      joinedAt: itineraryMember.createdAt,
      version: itineraryMember.version,
    })
    .from(itineraryMember)
    .innerJoin(user, eq(user.id, itineraryMember.userId));
}

/** The members of an itinerary: owner first, then editors, then viewers, by name. */
export function listMembers(db: Db, itineraryId: string): Promise<MemberRow[]> {
  return selectMembers(db)
    .where(eq(itineraryMember.itineraryId, itineraryId))
    .orderBy(ROLE_ORDER, asc(user.name), asc(user.id));
}

export async function findMember(
  db: Db,
  itineraryId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(
    and(eq(itineraryMember.itineraryId, itineraryId), eq(itineraryMember.userId, userId)),
  );
  return row;
}

/** The member whose account has this (lower-cased) e-mail address, if any. */
export async function findMemberByEmail(db: Db, itineraryId: string, email: string) {
  const [row] = await db
    .select({ userId: itineraryMember.userId })
    .from(itineraryMember)
    .innerJoin(user, eq(user.id, itineraryMember.userId))
    .where(and(eq(itineraryMember.itineraryId, itineraryId), sql`lower(${user.email}) = ${email}`));
  return row;
}

/**
 * Gives a member another role, if their row is still at `expectedVersion` (when given).
 * Answers the new version, or undefined when the row was stale or is gone.
 */
export async function setMemberRole(
  db: Db,
  itineraryId: string,
  userId: string,
  role: MemberRole,
  expectedVersion?: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(itineraryMember)
    .set({ role, version: sql`${itineraryMember.version} + 1`, updatedAt: changedAt() })
    .where(
      and(
        eq(itineraryMember.itineraryId, itineraryId),
        eq(itineraryMember.userId, userId),
        expectedVersion === undefined ? undefined : eq(itineraryMember.version, expectedVersion),
      ),
    )
    .returning({ version: itineraryMember.version });
  return row?.version;
}

/** Removes a member, if their row is still at `expectedVersion` (when given). */
export async function removeMember(
  db: Db,
  itineraryId: string,
  userId: string,
  expectedVersion?: number,
): Promise<boolean> {
  const removed = await db
    .delete(itineraryMember)
    .where(
      and(
        eq(itineraryMember.itineraryId, itineraryId),
        eq(itineraryMember.userId, userId),
        expectedVersion === undefined ? undefined : eq(itineraryMember.version, expectedVersion),
      ),
    )
    .returning({ userId: itineraryMember.userId });
  return removed.length > 0;
}

/** Adds a member; an existing membership is left as it is. True when it was added. */
export async function addMember(
  db: Db,
  itineraryId: string,
  userId: string,
  role: MemberRole,
): Promise<boolean> {
  const added = await db
    .insert(itineraryMember)
    .values({ itineraryId, userId, role })
    .onConflictDoNothing()
    .returning({ userId: itineraryMember.userId });
  return added.length > 0;
}

export async function setOwner(db: Db, itineraryId: string, ownerId: string): Promise<void> {
  await db
    .update(itinerary)
    .set({ ownerId, version: sql`${itinerary.version} + 1`, updatedAt: changedAt() })
    .where(eq(itinerary.id, itineraryId));
}

// --- invitations ---

export function listInvitations(db: Db, itineraryId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(itineraryInvitation)
    .where(eq(itineraryInvitation.itineraryId, itineraryId))
    .orderBy(desc(itineraryInvitation.sentAt), asc(itineraryInvitation.id));
}

export async function findInvitation(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(itineraryInvitation)
    .where(and(eq(itineraryInvitation.id, id), eq(itineraryInvitation.itineraryId, itineraryId)));
  return row;
}

export async function findInvitationByEmail(db: Db, itineraryId: string, email: string) {
  const [row] = await db
    .select()
    .from(itineraryInvitation)
    .where(
      and(eq(itineraryInvitation.itineraryId, itineraryId), eq(itineraryInvitation.email, email)),
    );
  return row;
}

export async function findInvitationByToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(itineraryInvitation)
    .where(eq(itineraryInvitation.tokenHash, hashToken(token)));
  return row;
}

/** When an invitation sent at `sentAt` stops working. */
function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Creates the invitation of `email`, or renews the pending one (new token, role, expiry):
 * one row per address and itinerary.
 */
export async function upsertInvitation(
  db: Db,
  values: {
    itineraryId: string;
    email: string;
    role: 'editor' | 'viewer';
    tokenHash: string;
    invitedBy: string;
  },
): Promise<InvitationRow> {
  const now = new Date();
  const expiresAt = invitationExpiry(now);
  const [row] = await db
    .insert(itineraryInvitation)
    .values({ id: uuidv7(), ...values, createdAt: now, sentAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [itineraryInvitation.itineraryId, itineraryInvitation.email],
      set: {
        role: values.role,
        tokenHash: values.tokenHash,
        invitedBy: values.invitedBy,
        sentAt: now,
        expiresAt,
      },
    })
    .returning();
  if (!row) throw new Error('The invitation was not written');
  return row;
}

export async function renewInvitation(
  db: Db,
  id: string,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  const now = new Date();
  const [row] = await db
    .update(itineraryInvitation)
    .set({ tokenHash, sentAt: now, expiresAt: invitationExpiry(now) })
    .where(eq(itineraryInvitation.id, id))
    .returning();
  return row;
}

export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(itineraryInvitation)
    .where(eq(itineraryInvitation.id, id))
    .returning({ id: itineraryInvitation.id });
  return deleted.length > 0;
}

// --- share links ---

/** The links not revoked, newest first. */
export function listShareLinks(db: Db, itineraryId: string): Promise<ShareLinkRow[]> {
  return db
    .select()
    .from(shareLink)
    .where(and(eq(shareLink.itineraryId, itineraryId), isNull(shareLink.revokedAt)))
    .orderBy(desc(shareLink.createdAt), desc(shareLink.id));
}

export async function insertShareLink(
  db: Db,
  values: { itineraryId: string; tokenHash: string; createdBy: string; expiresAt: Date | null },
): Promise<ShareLinkRow> {
  const [row] = await db
    .insert(shareLink)
    .values({ id: uuidv7(), ...values, createdAt: new Date() })
    .returning();
  if (!row) throw new Error('The share link was not created');
  return row;
}

export async function findShareLink(db: Db, itineraryId: string, id: string) {
  const [row] = await db
    .select()
    .from(shareLink)
    .where(and(eq(shareLink.id, id), eq(shareLink.itineraryId, itineraryId)));
  return row;
}

export async function revokeShareLink(db: Db, id: string): Promise<void> {
  await db
    .update(shareLink)
    .set({ revokedAt: sql`coalesce(${shareLink.revokedAt}, now())` })
    .where(eq(shareLink.id, id));
}

/** The language and name of the account with this e-mail address, if there is one. */
export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, language: user.language })
    .from(user)
    .where(sql`lower(${user.email}) = ${email}`);
  return row;
}

export async function findUser(db: Db, id: string) {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      language: user.language,
    })
    .from(user)
    .where(eq(user.id, id));
  return row;
}
