import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { InboxItem, InboxOrigin, SenderCheck } from '@jammy/shared/inbox';
import { user } from './auth';
import { booking } from './bookings';
import { editable, itinerary } from './itineraries';

/**
 * A proposal as stored: what the item's presenter shows, less what is worked out on reading;
 * an applied update or cancellation also keeps the booking as it was, and the version the
 * change left, for its undo.
 */
export type StoredProposal = Omit<InboxItem['proposals'][number], 'duplicateOf'> & {
  before?: BookingSnapshot;
  appliedVersion?: number;
};

/** A booking as JSON keeps it (its times as written); all of it for a cancellation's undo. */
export type BookingSnapshot = Partial<
  Omit<typeof booking.$inferSelect, 'createdAt' | 'updatedAt'>
> & {
  createdAt?: string;
};
export type StoredAttachment = InboxItem['attachments'][number] & { objectId: string };

/**
 * An item of a traveller's booking inbox: what was read from one mail, file or paste (see
 * @jammy/shared/inbox). Its text and proposals are a stranger's words, kept as data: shown as
 * text, checked by the booking schema when accepted.
 */
export const inboxItem = pgTable(
  'inbox_item',
  {
    ...editable,
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    origin: text('origin').$type<InboxOrigin>().notNull(),
    fileName: text('file_name'),
    sender: text('sender'),
    /** Whether the sender was checked and believed (mail), or the traveller sent it themselves. */
    senderCheck: text('sender_check').$type<SenderCheck>().notNull().default('traveller'),
    senderCheckReason: text('sender_check_reason'),
    subject: text('subject'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').$type<'new' | 'accepted'>().notNull().default('new'),
    text: text('text').notNull().default(''),
    problems: jsonb('problems')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    clues: jsonb('clues').$type<InboxItem['clues']>().notNull(),
    proposals: jsonb('proposals').$type<StoredProposal[]>().notNull(),
    attachments: jsonb('attachments')
      .$type<StoredAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The trip the traveller moved it to (null: the matching one, or a new trip). */
    itineraryId: uuid('itinerary_id').references(() => itinerary.id, { onDelete: 'set null' }),
    acceptedInto: uuid('accepted_into').references(() => itinerary.id, { onDelete: 'set null' }),
    acceptedBookingIds: jsonb('accepted_booking_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('inbox_item_user_idx').on(table.userId, table.createdAt)],
);

/**
 * A booking made from an inbox item, by its confirmation code and provider: a later update or
 * cancellation of the same reservation is applied to it (and to nothing else).
 */
export const inboxBooking = pgTable(
  'inbox_booking',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => booking.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    confirmationCode: text('confirmation_code').notNull(),
    /** The carrier (or, without one, the title) folded to lower case. */
    provider: text('provider').notNull(),
  },
  (table) => [index('inbox_booking_code_idx').on(table.userId, table.confirmationCode)],
);

/**
 * A traveller's forwarding address: `<token>@<INBOX_DOMAIN>` (or the polled mailbox's address
 * plus the token). Rotating it makes a new token; mail to the old one is refused.
 */
export const inboxAddress = pgTable(
  'inbox_address',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('inbox_address_token_idx').on(table.token)],
);
