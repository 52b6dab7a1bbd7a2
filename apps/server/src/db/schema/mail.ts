import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Mails waiting to be sent (mail/mail-queue.ts). A mail is written in the transaction of the
 * change it tells of (an order, its payment, its refund), so it exists exactly when the change
 * does; it leaves the queue once the mail server (or the outbox) took it. A failed attempt
 * stays with its error and is tried again at `next_attempt_at`.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    replyTo: text('reply_to'),
    /** Attempts begun so far: an attempt is counted when it is claimed, before sending. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (table) => [index('mail_queue_next_attempt_idx').on(table.nextAttemptAt)],
);
