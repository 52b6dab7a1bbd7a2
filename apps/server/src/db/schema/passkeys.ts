import {
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Passkeys (WebAuthn credentials, docs/decisions/047): what the server keeps of each is public
 * (the key that checks the authenticator's signatures), so a copy of the table opens nothing.
 */
export const passkey = pgTable(
  'passkey',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The credential's id, base64url, as the browser names it at every sign-in. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (0 for the many that keep none). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`…). */
    transports: text('transports').array().notNull().default([]),
    /** The authenticator's model (AAGUID), all zeros when it does not say. */
    aaguid: text('aaguid').notNull(),
    /** Synced beyond the device that made it (a password manager, an OS account). */
    backedUp: boolean('backed_up').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('passkey_credential_unique').on(table.credentialId),
    index('passkey_user_idx').on(table.userId, table.createdAt),
  ],
);
