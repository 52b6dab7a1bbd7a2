import { CONTACT_LIMITS, CONTACT_RETENTION_DAYS, type ContactStatus } from '@jammy/shared/contact';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/client';
import { contactMessage, contactReply } from '../../db/schema/contact';

export type ContactMessageRow = typeof contactMessage.$inferSelect;
export type ContactReplyRow = typeof contactReply.$inferSelect;

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  language: string;
  status: ContactStatus;
  spamReason: string | null;
  clientHash: string;
}

/** Which limit a new message would break, if any. */
export type ContactLimit = 'email' | 'account' | 'client';

/**
 * Stores a message unless its address, account or client already sent their share in the
 * window. Messages are counted under one transaction lock, so two sent together cannot both
 * slip under a limit, and every server process counts the same rows.
 */
export async function insertContactMessage(
  db: Db,
  input: NewContactMessage,
): Promise<{ row: ContactMessageRow } | { limited: ContactLimit }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('jammy.contact'))`);
    const since = sql`now() - make_interval(mins => ${CONTACT_LIMITS.windowMinutes})`;
    const [counts] = await tx
      .select({
        email: sql<number>`count(*) filter (where ${contactMessage.email} = ${input.email})::int`,
        account: input.userId
          ? sql<number>`count(*) filter (where ${contactMessage.userId} = ${input.userId})::int`
          : sql<number>`0`,
        client: sql<number>`count(*) filter (where ${contactMessage.clientHash} = ${input.clientHash})::int`,
      })
      .from(contactMessage)
      .where(gt(contactMessage.createdAt, since));
    if ((counts?.email ?? 0) >= CONTACT_LIMITS.perEmail) return { limited: 'email' as const };
    if ((counts?.account ?? 0) >= CONTACT_LIMITS.perAccount) return { limited: 'account' as const };
    if ((counts?.client ?? 0) >= CONTACT_LIMITS.perClient) return { limited: 'client' as const };
    const [row] = await tx
      .insert(contactMessage)
      .values({ id: uuidv7(), ...input })
      .returning();
    if (!row) throw new Error('The contact message was not stored');
    return { row };
  });
}

/** A page of messages with one status, newest first (keyset on the time-ordered id). */
export async function listContactMessages(
  db: Db,
  input: { status: ContactStatus; cursor?: string | undefined; limit: number },
): Promise<{ rows: ContactMessageRow[]; replies: ContactReplyRow[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(contactMessage)
    .where(
      and(
        eq(contactMessage.status, input.status),
        input.cursor ? lt(contactMessage.id, input.cursor) : undefined,
      ),
    )
    .orderBy(desc(contactMessage.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const replies = await repliesOf(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return { rows: page, replies, nextCursor: rows.length > input.limit && last ? last.id : null };
}

export function repliesOf(db: Db, messageIds: string[]): Promise<ContactReplyRow[]> {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(contactReply)
    .where(inArray(contactReply.messageId, messageIds))
    .orderBy(asc(contactReply.createdAt), asc(contactReply.id));
}

export async function findContactMessage(
  db: Db,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessage).where(eq(contactMessage.id, id));
  return row;
}

/** Records an answer sent by mail. */
export async function insertContactReply(
  db: Db,
  input: { messageId: string; authorId: string; authorEmail: string; body: string },
): Promise<ContactReplyRow> {
  const [row] = await db
    .insert(contactReply)
    .values({ id: uuidv7(), ...input })
    .returning();
  if (!row) throw new Error('The reply was not stored');
  return row;
}

/** Sets a message's status if it is still at `version` (undefined: changed or gone). */
export async function setContactStatus(
  db: Db,
  input: { id: string; status: ContactStatus; version: number; adminId: string },
): Promise<ContactMessageRow | undefined> {
  const handled = input.status === 'handled';
  const [row] = await db
    .update(contactMessage)
    .set({
      status: input.status,
      handledAt: handled ? sql`coalesce(${contactMessage.handledAt}, now())` : null,
      handledBy: handled ? input.adminId : null,
      version: sql`${contactMessage.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(contactMessage.id, input.id), eq(contactMessage.version, input.version)))
    .returning();
  return row;
}

/** Deletes handled and suspected messages past retention; open ones wait for an answer. */
export async function purgeContactMessages(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - CONTACT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(contactMessage)
    .where(
      and(
        or(eq(contactMessage.status, 'handled'), eq(contactMessage.status, 'spam')),
        lt(contactMessage.createdAt, cutoff),
      ),
    )
    .returning({ id: contactMessage.id });
  return removed.length;
}
