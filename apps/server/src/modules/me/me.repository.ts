import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, session, user, verification } from '../../db/schema/auth';

export type UserRow = typeof user.$inferSelect;

export async function findUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  return row;
}

export interface ProfileChanges {
  name?: string;
  language?: string;
  homePlace?: string | null;
  termsAcceptedAt?: Date;
  onboardedAt?: Date;
  interests?: string[];
}

/**
 * Writes profile changes and bumps the version; with `expectedVersion`, only if the row is
 * still at that version (undefined when it is not: a conflict).
 */
export async function updateProfile(
  db: Db,
  id: string,
  changes: ProfileChanges,
  expectedVersion: number | undefined,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(user)
    .set({ ...changes, version: sql`${user.version} + 1`, updatedAt: new Date() })
    .where(
      expectedVersion === undefined
        ? eq(user.id, id)
        : and(eq(user.id, id), eq(user.version, expectedVersion)),
    )
    .returning();
  return row;
}

/** Deletes the user; sessions, sign-in methods (and, later, their own data) go with them. */
export async function deleteUser(db: Db, id: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, email));
    await tx.delete(user).where(eq(user.id, id));
  });
}

export async function listSignInMethods(db: Db, userId: string) {
  return db
    .select({ providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId));
}

/** The user's sessions that have not expired (never their tokens). */
export async function listActiveSessions(db: Db, userId: string) {
  return db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
}

/** Ends one of the user's sessions; false when it is not theirs (or gone). */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  return deleted.length > 0;
}

/** Ends every session of the user but one. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, keepId)))
    .returning({ id: session.id });
  return deleted.length;
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
}
