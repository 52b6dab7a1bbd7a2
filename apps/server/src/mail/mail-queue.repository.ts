import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../db/client';
import { mailQueue } from '../db/schema/mail';
import type { MailMessage } from './mailer';

export type QueuedMailRow = typeof mailQueue.$inferSelect;

/** Puts mails in the queue, in the caller's transaction when it passes one. */
export async function queueMail(db: Db, messages: readonly MailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const now = new Date();
  await db.insert(mailQueue).values(
    messages.map((message) => ({
      id: uuidv7(),
      createdAt: now,
      nextAttemptAt: now,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo ?? null,
    })),
  );
}

/**
 * Claims up to `limit` mails that are due: each is counted as attempted and set aside for
 * `leaseMs`, so that another process (which skips the rows locked here) does not send it too.
 * A process that stops while sending leaves its mails due again once the lease is over.
 */
export async function claimDueMail(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<QueuedMailRow[]> {
  const due = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(lte(mailQueue.nextAttemptAt, sql`now()`))
    .orderBy(asc(mailQueue.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailQueue)
    .set({
      attempts: sql`${mailQueue.attempts} + 1`,
      nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
    })
    .where(inArray(mailQueue.id, due))
    .returning();
}

/** A mail the server took: it leaves the queue. */
export async function forgetMail(db: Db, id: string): Promise<void> {
  await db.delete(mailQueue).where(eq(mailQueue.id, id));
}

/** A failed attempt: the error is kept and the mail is due again at `nextAttemptAt`. */
export async function postponeMail(
  db: Db,
  id: string,
  attempts: number,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .update(mailQueue)
    .set({ nextAttemptAt, lastError: error })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempts)));
}
