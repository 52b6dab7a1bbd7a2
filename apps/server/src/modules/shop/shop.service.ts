import {
  NOT_FOR_SALE_MESSAGE,
  orderTotals,
  type CreateOrder,
  type PaymentMode,
} from '@jammy/shared/shop';
import { uuidv7 } from 'uuidv7';
import type { ShopConfig } from '../../config/shop';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import type { MailQueue } from '../../mail/mail-queue';
import { findPresetsByIds, findUserLanguage } from '../presets/presets.repository';
import { readerLanguage, type LanguageHints, type Reader, type Viewer } from '../presets/reader';
import { unlockedPresetIds } from '../presets/unlocks.repository';
import { newOrderMails, type ShopMailDeps } from './shop-mail';
import type { PresetWithCounts } from './shop.presenter';
import * as repository from './shop.repository';
import type { StripePayments } from './stripe-payments';

/** What the shop works with: its settings, Stripe when configured, and its mails. */
export interface ShopDeps {
  db: Db;
  shop: ShopConfig;
  /** Set when STRIPE_SECRET_KEY is: orders are paid through Stripe Checkout. */
  stripe: StripePayments | undefined;
  /** Where the mails of orders, payments and refunds are made, and sent from. */
  mails: ShopMailDeps;
  mailQueue: MailQueue;
}

export function productNotFound(): AppError {
  return new AppError('product/not-found', 'There is no such product');
}

export function orderNotFound(): AppError {
  return new AppError('order/not-found', 'There is no such order');
}

/** How orders are paid here: Stripe Checkout when configured, otherwise an invoice. */
export function paymentModeOf(deps: Pick<ShopDeps, 'stripe'>): PaymentMode {
  return deps.stripe ? 'stripe' : 'invoice';
}

/** The shop's tax, as every order computes it. */
export function taxOf(shop: ShopConfig) {
  return { rateBasisPoints: shop.taxRateBasisPoints, inclusive: shop.taxInclusive };
}

/** Who reads the shop: language, admin or not, and the premium presets they may copy. */
export async function shopReader(
  db: Db,
  hints: LanguageHints,
  viewer: Viewer | null,
  presetIds: readonly string[],
): Promise<Reader> {
  const profileLanguage = viewer ? await findUserLanguage(db, viewer.userId) : null;
  return {
    language: readerLanguage(hints, profileLanguage),
    interests: [],
    signedIn: viewer !== null,
    admin: viewer?.admin === true,
    unlocked: viewer ? await unlockedPresetIds(db, viewer.userId, presetIds) : new Set(),
  };
}

/** The presets inside `products`, by id, in one query. */
export async function presetsOf(
  db: Db,
  products: readonly repository.ProductRow[],
): Promise<Map<string, PresetWithCounts>> {
  const ids = [...new Set(products.flatMap((row) => row.presetIds))];
  const rows = await findPresetsByIds(db, ids);
  return new Map(rows.map((row) => [row.preset.id, row]));
}

/** A product with what the presenter needs: the presets inside, and who reads. */
export interface ProductView {
  row: repository.ProductRow;
  presets: Map<string, PresetWithCounts>;
  reader: Reader;
}

/** Products on sale (inactive ones too when an admin asks for all), for this reader. */
export async function listProducts(
  db: Db,
  viewer: Viewer | null,
  hints: LanguageHints,
  all: boolean,
): Promise<Omit<ProductView, 'row'> & { rows: repository.ProductRow[] }> {
  const rows = await repository.listProducts(db, viewer?.admin === true && all);
  const presets = await presetsOf(db, rows);
  const reader = await shopReader(db, hints, viewer, [...presets.keys()]);
  return { rows, presets, reader };
}

/** A product on sale (an inactive one only for admins), with the presets inside. */
export async function readProduct(
  db: Db,
  id: string,
  viewer: Viewer | null,
  hints: LanguageHints,
): Promise<ProductView> {
  const row = await repository.findProduct(db, id);
  if (!row || (!row.active && viewer?.admin !== true)) throw productNotFound();
  const presets = await presetsOf(db, [row]);
  const reader = await shopReader(db, hints, viewer, [...presets.keys()]);
  return { row, presets, reader };
}

export function readCart(db: Db, userId: string): Promise<string[]> {
  return repository.readCart(db, userId);
}

/** Replaces the cart; products no longer on sale are left out (and out of the answer). */
export async function replaceCart(
  db: Db,
  userId: string,
  productIds: string[],
): Promise<{ productIds: string[] }> {
  const onSale = new Set(
    (await repository.findProducts(db, productIds))
      .filter((row) => row.active)
      .map((row) => row.id),
  );
  const kept = productIds.filter((id) => onSale.has(id));
  await repository.replaceCart(db, userId, kept);
  return { productIds: kept };
}

/**
 * Orders products for `buyer`, once per client token: the same token again answers the order
 * it made (`created` false). Every product must be on sale and priced in one currency. The
 * order's mails are written with it, so a mail server that is down loses neither
 * (mail/mail-queue.ts). With Stripe, a pending order gets its Checkout session.
 */
export async function placeOrder(
  deps: ShopDeps,
  buyer: { userId: string; email: string },
  input: CreateOrder,
  origin: string,
): Promise<{ order: repository.OrderRow; created: boolean }> {
  const { db } = deps;
  const { productIds, token } = input;
  const tax = taxOf(deps.shop);
  const rows = await repository.findProducts(db, productIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = productIds.map((id) => byId.get(id));
  const missing = productIds.findIndex((_, index) => !ordered[index]?.active);
  if (missing !== -1) throw invalidField(`productIds.${missing}`, NOT_FOR_SALE_MESSAGE);
  const products = ordered.filter((row): row is repository.ProductRow => row !== undefined);
  const currency = products[0]?.currency ?? 'EUR';
  const other = products.findIndex((row) => row.currency !== currency);
  if (other !== -1) {
    throw invalidField(`productIds.${other}`, `is priced in another currency than ${currency}`);
  }
  const subtotal = products.reduce((sum, row) => sum + row.priceMinor, 0);
  const values: repository.NewOrder = {
    id: uuidv7(),
    userId: buyer.userId,
    clientToken: token,
    paymentMode: paymentModeOf(deps),
    lines: products.map((row) => ({
      productId: row.id,
      title: row.title,
      priceMinor: row.priceMinor,
      presetIds: row.presetIds,
    })),
    currency,
    ...orderTotals(subtotal, tax),
    taxRateBasisPoints: tax.rateBasisPoints,
    taxInclusive: tax.inclusive,
  };
  const mails = await newOrderMails(deps.mails, values);
  const { order, created } = await repository.createOrderOnce(db, values, mails);
  if (created) deps.mailQueue.kick();
  if (!deps.stripe || order.status !== 'pending' || order.stripeSessionId) {
    return { order, created };
  }
  const checkout = await deps.stripe.createCheckout(order, {
    buyerEmail: buyer.email,
    successUrl: `${origin}/account?order=${order.id}#orders`,
    cancelUrl: `${origin}/shop/cart`,
  });
  return { order: (await repository.setCheckout(db, order.id, checkout)) ?? order, created };
}

/** A buyer's orders, newest first. */
export function listOrders(db: Db, userId: string): Promise<repository.OrderRow[]> {
  return repository.listOrdersOf(db, userId);
}

/** One of the buyer's orders; another buyer's is answered as absent (it is nobody's business). */
export async function readOrder(db: Db, userId: string, id: string): Promise<repository.OrderRow> {
  const row = await repository.findOrder(db, id);
  if (!row || row.userId !== userId) throw orderNotFound();
  return row;
}
