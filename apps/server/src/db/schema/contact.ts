import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A message sent through the contact form. Kept even when it looks like a robot's (status
 * `spam`): a person who filled the form fast never loses a message, admins can still read it.
 */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: uuid('id').primaryKey(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's account when they were signed in; the message stays when it is deleted. */
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull().default('open'),
    spamReason: text('spam_reason'),
    /** HMAC of the client's address: enough to count its messages, not to know it. */
    clientHash: text('client_hash').notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('contact_message_status_idx').on(table.status, table.id),
    index('contact_message_email_idx').on(table.email, table.createdAt),
    index('contact_message_user_idx').on(table.userId, table.createdAt),
    index('contact_message_client_idx').on(table.clientHash, table.createdAt),
    check('contact_message_status_check', sql`${table.status} in ('open', 'handled', 'spam')`),
  ],
);

/** An answer an admin sent by mail to a contact message. */
export const contactReply = pgTable(
  'contact_reply',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessage.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_reply_message_idx').on(table.messageId, table.createdAt)],
);
