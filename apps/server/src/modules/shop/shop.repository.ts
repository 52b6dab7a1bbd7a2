import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import type { MailMessage } from '../../mail/mailer';
import { queueMail } from '../../mail/mail-queue.repository';
import { cartItem, paymentEvent, product, shopOrder, type OrderLine } from '../../db/schema/shop';
import { revokeUnlocks, unlockPresets } from '../presets/unlocks.repository';

export type ProductRow = typeof product.$inferSelect;
export type OrderRow = typeof shopOrder.$inferSelect;

/** Products in the order they were added; inactive ones only when asked (admins). */
export async function listProducts(db: Db, includeInactive: boolean): Promise<ProductRow[]> {
  return db
    .select()
    .from(product)
    .where(includeInactive ? undefined : eq(product.active, true))
    .orderBy(asc(product.createdAt), asc(product.id));
}

export async function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(product).where(eq(product.id, id));
  return row;
}

export async function findProducts(db: Db, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(product)
    .where(inArray(product.id, [...ids]));
}

export async function insertProduct(
  db: Db,
  values: Omit<typeof product.$inferInsert, 'id'>,
): Promise<ProductRow> {
  const now = new Date();
  const [row] = await db
    .insert(product)
    .values({ id: uuidv7(), createdAt: now, updatedAt: now, ...values })
    .returning();
  if (!row) throw new Error('The product was not created');
  return row;
}

export type ProductChanges = Partial<
  Pick<
    ProductRow,
    'title' | 'description' | 'priceMinor' | 'currency' | 'presetIds' | 'active' | 'kind'
  >
>;

/** Versioned update: undefined when `expectedVersion` is stale (the caller answers 409). */
export async function updateProduct(
  db: Db,
  id: string,
  changes: ProductChanges,
  expectedVersion: number,
): Promise<ProductRow | undefined> {
  const [row] = await db
    .update(product)
    .set({ ...changes, version: sql`${product.version} + 1`, updatedAt: new Date() })
    .where(and(eq(product.id, id), eq(product.version, expectedVersion)))
    .returning();
  return row;
}

/** The signed-in traveller's cart, oldest first. */
export async function readCart(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: cartItem.productId })
    .from(cartItem)
    .where(eq(cartItem.userId, userId))
    .orderBy(asc(cartItem.addedAt), asc(cartItem.productId));
  return rows.map((row) => row.productId);
}

/** Replaces the cart with `productIds` (existing products only), in one transaction. */
export async function replaceCart(db: Db, userId: string, productIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(cartItem).where(eq(cartItem.userId, userId));
    if (productIds.length === 0) return;
    const start = Date.now();
    await tx
      .insert(cartItem)
      .values(
        productIds.map((productId, index) => ({
          userId,
          productId,
          addedAt: new Date(start + index),
        })),
      )
      .onConflictDoNothing();
  });
}

export interface NewOrder {
  /** Made by the caller, so that the mails telling of the order can name it. */
  id: string;
  userId: string;
  clientToken: string;
  paymentMode: 'invoice' | 'stripe';
  lines: OrderLine[];
  currency: string;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxRateBasisPoints: number;
  taxInclusive: boolean;
}

/**
 * Creates the order, or finds the one this buyer already made with the same token (a double
 * click, a retried request): `created` tells which. The cart is emptied and `mails` queued
 * with a new order only, in its transaction.
 */
export async function createOrderOnce(
  db: Db,
  values: NewOrder,
  mails: readonly MailMessage[],
): Promise<{ order: OrderRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [inserted] = await tx
      .insert(shopOrder)
      .values({ createdAt: now, updatedAt: now, ...values })
      .onConflictDoNothing({ target: [shopOrder.userId, shopOrder.clientToken] })
      .returning();
    if (inserted) {
      await tx.delete(cartItem).where(eq(cartItem.userId, values.userId));
      await queueMail(tx, mails);
      return { order: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(shopOrder)
      .where(
        and(eq(shopOrder.userId, values.userId), eq(shopOrder.clientToken, values.clientToken)),
      );
    if (!existing) throw new Error('The order vanished while it was being created');
    return { order: existing, created: false };
  });
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrder).where(eq(shopOrder.id, id));
  return row;
}

export async function findOrderByStripeSession(
  db: Db,
  sessionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopOrder).where(eq(shopOrder.stripeSessionId, sessionId));
  return row;
}

export async function findOrderByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(shopOrder)
    .where(eq(shopOrder.stripePaymentIntentId, paymentIntentId));
  return row;
}

/** A buyer's orders, newest first. */
export async function listOrdersOf(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(shopOrder)
    .where(eq(shopOrder.userId, userId))
    .orderBy(desc(shopOrder.createdAt), desc(shopOrder.id));
}

/** Every order with its buyer's address, newest first (admins). */
export async function listAllOrders(db: Db, limit = 500) {
  return db
    .select({ order: shopOrder, buyerEmail: user.email })
    .from(shopOrder)
    .innerJoin(user, eq(user.id, shopOrder.userId))
    .orderBy(desc(shopOrder.createdAt), desc(shopOrder.id))
    .limit(limit);
}

export async function setCheckout(
  db: Db,
  orderId: string,
  checkout: { sessionId: string; url: string | null },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(shopOrder)
    .set({ stripeSessionId: checkout.sessionId, checkoutUrl: checkout.url, updatedAt: new Date() })
    .where(eq(shopOrder.id, orderId))
    .returning();
  return row;
}

/**
 * Marks a pending order paid, unlocks its presets and queues `mails`, in one transaction. Only
 * the first payment notice changes anything: the update matches pending orders only, and each
 * unlock exists once per order and preset. `changed` is false for a repeated notice.
 */
export async function markOrderPaid(
  db: Db,
  orderId: string,
  paymentIntentId: string | null,
  mails: readonly MailMessage[],
): Promise<{ order: OrderRow | undefined; changed: boolean }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [paid] = await tx
      .update(shopOrder)
      .set({
        status: 'paid',
        paidAt: now,
        updatedAt: now,
        version: sql`${shopOrder.version} + 1`,
        ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
      })
      .where(and(eq(shopOrder.id, orderId), eq(shopOrder.status, 'pending')))
      .returning();
    if (!paid) return { order: await findOrder(tx, orderId), changed: false };
    await queueMail(tx, mails);
    const presetIds = [...new Set(paid.lines.flatMap((line) => line.presetIds))];
    await unlockPresets(tx, paid, presetIds, now);
    return { order: paid, changed: true };
  });
}

/**
 * Refunds a paid order: its unlocks are revoked (no further copies), copies already made
 * stay the buyer's; `mails` are queued with it. `changed` is false when the order was not
 * paid (already refunded).
 */
export async function refundOrder(
  db: Db,
  orderId: string,
  mails: readonly MailMessage[],
): Promise<{ order: OrderRow | undefined; changed: boolean }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [refunded] = await tx
      .update(shopOrder)
      .set({
        status: 'refunded',
        refundedAt: now,
        updatedAt: now,
        version: sql`${shopOrder.version} + 1`,
      })
      .where(and(eq(shopOrder.id, orderId), eq(shopOrder.status, 'paid')))
      .returning();
    if (!refunded) return { order: await findOrder(tx, orderId), changed: false };
    await revokeUnlocks(tx, orderId, now);
    await queueMail(tx, mails);
    return { order: refunded, changed: true };
  });
}

/** Records a payment provider's event; false when it was handled before (a replay). */
export async function recordPaymentEvent(db: Db, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvent)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvent.id });
  return inserted.length > 0;
}

/** Someone the shop writes to: their address, name and profile language (null: no account). */
export interface MailPerson {
  email: string;
  name: string | null;
  language: string | null;
}

/** The buyer of an order, as mails address them. */
export async function findBuyer(db: Db, userId: string): Promise<MailPerson | undefined> {
  const [row] = await db
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/**
 * Everyone told of a new order: accounts with the admin role, and the addresses of
 * ADMIN_EMAILS (who may not have signed up yet), each once.
 */
export async function findAdmins(db: Db, adminEmails: ReadonlySet<string>): Promise<MailPerson[]> {
  const listed = [...adminEmails];
  const accounts = await db
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(
      or(
        eq(user.role, 'admin'),
        listed.length > 0 ? inArray(sql`lower(${user.email})`, listed) : undefined,
      ),
    )
    .orderBy(asc(user.email));
  const known = new Set(accounts.map((row) => row.email.toLowerCase()));
  const others = listed
    .filter((email) => !known.has(email))
    .map((email) => ({ email, name: null, language: null }));
  return [...accounts, ...others];
}
