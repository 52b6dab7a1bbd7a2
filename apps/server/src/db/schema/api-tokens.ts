import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Personal API tokens (docs/decisions/044). The secret is shown once; the table keeps its
 * SHA-256, so a copy of the table opens nothing. A change of `revoked_at` or a deletion
 * notifies every process (migration 0026), which drops the token from its cache and ends its
 * open streams.
 */
export const apiToken = pgTable(
  'api_token',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the whole secret, prefix included. */
    secretHash: text('secret_hash').notNull(),
    /** `read` or `read-write`. */
    access: text('access', { enum: ['read', 'read-write'] }).notNull(),
    /** The trips it reaches; null: every trip of its traveller. */
    itineraryIds: uuid('itinerary_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Written at most once a minute per process, never on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_token_secret_unique').on(table.secretHash),
    index('api_token_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);
