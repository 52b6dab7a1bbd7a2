import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Answers already given to writes sent with an `Idempotency-Key` (an offline edit replayed
 * after a lost answer is not applied twice). A row without `status` is a request still being
 * handled. Kept IDEMPOTENCY_KEY_TTL_MS (24 h), then purged.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** SHA-256 of the request body as received (hex). */
    bodyHash: text('body_hash').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_key_created_at_idx').on(table.createdAt),
  ],
);
