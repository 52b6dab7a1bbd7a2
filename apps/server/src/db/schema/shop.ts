import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { preset } from './itineraries';

/**
 * The shop (issue 13): products sell premium Jammy itineraries, one (`single`) or several
 * (`bundle`). Prices are integers of the currency's minor unit.
 */
export const product = pgTable(
  'product',
  {
    id: uuid('id').primaryKey(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** single | bundle */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Shown in the shop and orderable. */
    active: boolean('active').notNull().default(false),
    /** The premium presets it unlocks, in the order shown. */
    presetIds: uuid('preset_ids').array().notNull(),
  },
  (table) => [check('product_price_not_negative', sql`${table.priceMinor} >= 0`)],
);

/** A traveller's cart once signed in (a visitor's lives in the browser). */
export const cartItem = pgTable(
  'cart_item',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

/** What an order line was when ordered: the product may change later, the order does not. */
export interface OrderLine {
  productId: string;
  title: string;
  priceMinor: number;
  presetIds: string[];
}

/**
 * An order: pending until paid (by Stripe Checkout or an admin for an invoice), then paid,
 * possibly refunded. `client_token` makes creating it idempotent per buyer.
 */
export const shopOrder = pgTable(
  'shop_order',
  {
    id: uuid('id').primaryKey(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientToken: text('client_token').notNull(),
    /** pending | paid | refunded | cancelled */
    status: text('status').notNull().default('pending'),
    /** invoice | stripe */
    paymentMode: text('payment_mode').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /** Hundredths of a percent (2200 = 22 %), and whether prices included it. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    checkoutUrl: text('checkout_url'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('shop_order_client_token_unique').on(table.userId, table.clientToken),
    index('shop_order_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('shop_order_stripe_session_unique').on(table.stripeSessionId),
  ],
);

/**
 * What a paid order unlocks: the buyer may copy the preset while `revoked_at` is null. A
 * refund revokes; copies already made are the buyer's own itineraries and stay.
 */
export const presetUnlock = pgTable(
  'preset_unlock',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => shopOrder.id, { onDelete: 'cascade' }),
    presetId: uuid('preset_id')
      .notNull()
      .references(() => preset.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.presetId] }),
    index('preset_unlock_user_idx').on(table.userId, table.presetId),
  ],
);

/** Stripe events already handled: a replayed one is acknowledged and does nothing. */
export const paymentEvent = pgTable('payment_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
