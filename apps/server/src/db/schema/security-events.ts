import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * The account's security activity (docs/decisions/048): one row per sign-in (refused ones
 * too) and per change of a way in. Kept 180 days (the hourly housekeeping deletes older ones).
 */
export const securityEvent = pgTable(
  'security_event',
  {
    /** UUIDv7: the list's order and its cursor. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'sign-in',
        'passkey-added',
        'passkey-removed',
        'two-factor-enabled',
        'two-factor-disabled',
        'api-token-created',
        'api-token-revoked',
      ],
    }).notNull(),
    method: text('method'),
    success: boolean('success').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_event_user_idx').on(table.userId, table.id.desc()),
    index('security_event_created_idx').on(table.createdAt),
  ],
);
