import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { user } from '../../db/schema/auth';
import { inboxAddress } from '../../db/schema/inbox';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 16 letters and digits (80 bits): a mail address's local part, the same in any letter case. */
function newAddressToken(): string {
  return [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
}

/** The traveller's forwarding token, made on first use. */
export async function addressTokenOf(db: Executor, userId: string): Promise<string> {
  await db
    .insert(inboxAddress)
    .values({ userId, token: newAddressToken() })
    .onConflictDoNothing({ target: inboxAddress.userId });
  const [row] = await db
    .select({ token: inboxAddress.token })
    .from(inboxAddress)
    .where(eq(inboxAddress.userId, userId));
  if (!row) throw new Error('The forwarding address was not made');
  return row.token;
}

/** A new token: mail to the old address is refused from now on. */
export async function rotateAddressToken(db: Executor, userId: string): Promise<string> {
  const token = newAddressToken();
  await db
    .insert(inboxAddress)
    .values({ userId, token })
    .onConflictDoUpdate({ target: inboxAddress.userId, set: { token, createdAt: sql`now()` } });
  return token;
}

/** Whose forwarding token this is, with the addresses their mail is believed from. */
export async function travellerOfToken(
  db: Executor,
  token: string,
): Promise<{ userId: string; verifiedSenders: string[] } | null> {
  const [row] = await db
    .select({ userId: user.id, email: user.email, verified: user.emailVerified })
    .from(inboxAddress)
    .innerJoin(user, eq(user.id, inboxAddress.userId))
    .where(and(eq(inboxAddress.token, token.toLowerCase())));
  if (!row) return null;
  return {
    userId: row.userId,
    verifiedSenders: row.verified && row.email ? [row.email.toLowerCase()] : [],
  };
}

/** The traveller's own verified address, the one their forwarded mail is believed from. */
export async function verifiedSendersOf(db: Executor, userId: string): Promise<string[]> {
  const [row] = await db
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.verified && row.email ? [row.email.toLowerCase()] : [];
}
