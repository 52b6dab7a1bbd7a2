import { and, asc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/client';
import { passkey } from '../db/schema/passkeys';

export type PasskeyRow = typeof passkey.$inferSelect;

/**
 * Whether the traveller holds a passkey. A passkey asks for the device's lock (user
 * verification) as well as holding the key, so it counts as a second factor wherever one is
 * required, and as a fresh sign-in for a step-up.
 */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: passkey.id })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .limit(1);
  return rows.length > 0;
}

/** The traveller's passkeys, oldest first (the order they were added in). */
export function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id));
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(passkey)
    .where(eq(passkey.userId, userId));
  return row?.count ?? 0;
}

/** The passkey the browser names at a sign-in, whoever holds it. */
export async function passkeyByCredential(
  db: Db,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db.select().from(passkey).where(eq(passkey.credentialId, credentialId));
  return row;
}

/** Stores a new passkey; undefined when its credential is registered already. */
export async function insertPasskey(
  db: Db,
  values: Omit<typeof passkey.$inferInsert, 'id'>,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(passkey)
    .values({ id: uuidv7(), ...values })
    .onConflictDoNothing({ target: passkey.credentialId })
    .returning();
  return row;
}

/** After a sign-in: the authenticator's new counter, and when it was used. */
export async function markPasskeyUsed(db: Db, id: string, counter: number): Promise<void> {
  await db
    .update(passkey)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(eq(passkey.id, id));
}

/** Renames the traveller's passkey; undefined when they hold none of that id. */
export async function renamePasskey(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning();
  return row;
}

/** Removes the traveller's passkey; undefined when they hold none of that id. */
export async function deletePasskey(
  db: Db,
  userId: string,
  id: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning();
  return row;
}
