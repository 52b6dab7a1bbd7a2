import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { itinerary } from './itineraries';

/**
 * A private calendar feed of an itinerary: calendar apps subscribe to its address, which
 * carries a random token. One per member and itinerary; it works only while its creator is
 * still a member (a feed does not outlive its creator's access).
 */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: uuid('id').primaryKey(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the random token; the token is shown once, when the feed is made. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a calendar app last read it: lets the member see that a subscription works. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /**
     * Whether bookings' confirmation codes are written into it, chosen when it is made. Off
     * by default, and for the feeds made before there was a choice: whoever has the address
     * reads the feed.
     */
    includeConfirmationCodes: boolean('include_confirmation_codes').notNull().default(false),
  },
  (table) => [
    uniqueIndex('calendar_feed_token_unique').on(table.tokenHash),
    uniqueIndex('calendar_feed_member_unique').on(table.itineraryId, table.userId),
    index('calendar_feed_user_idx').on(table.userId),
  ],
);
