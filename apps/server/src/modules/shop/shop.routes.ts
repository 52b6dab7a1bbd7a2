import { idSchema } from '@jammy/shared/ids';
import {
  NOT_FOR_SALE_MESSAGE,
  cartSchema,
  createOrderSchema,
  orderListSchema,
  orderSchema,
  orderTotals,
  type PaymentMode,
  productListQuerySchema,
  productListSchema,
  productPageSchema,
  productQuerySchema,
} from '@jammy/shared/shop';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import { requireSession, type CurrentSession, type Sessions } from '../../auth/session';
import type { ShopConfig } from '../../config';
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import type { MailQueue } from '../../mail/mail-queue';
import { readerLanguage, type Reader } from '../presets/presets.presenter';
import { findPresetsByIds, findUserLanguage } from '../presets/presets.repository';
import {
  presentOrder,
  presentProduct,
  presentProductPage,
  type PresetWithCounts,
} from './shop.presenter';
import {
  createOrderOnce,
  findOrder,
  findProduct,
  findProducts,
  listOrdersOf,
  listProducts,
  readCart,
  replaceCart,
  setCheckout,
  type NewOrder,
  type ProductRow,
} from './shop.repository';
import { newOrderMails, type ShopMailDeps } from './shop-mail';
import type { StripePayments } from './stripe-payments';
import { unlockedPresetIds } from './unlocks.repository';

const TAGS = ['shop'];
const idParams = z.object({ id: idSchema });

export interface ShopDeps {
  db: Db;
  sessions: Sessions;
  shop: ShopConfig;
  /** Set when STRIPE_SECRET_KEY is: orders are paid through Stripe Checkout. */
  stripe: StripePayments | undefined;
  publicUrl: URL | undefined;
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

/** The origin travellers reach Jammy at: PUBLIC_URL, else the request's own. */
export function publicOrigin(request: FastifyRequest, configured: URL | undefined): string {
  return (configured ?? new URL(`${request.protocol}://${request.host}`)).origin;
}

/** Who reads the shop: language, admin or not, and the premium presets they may copy. */
export async function shopReader(
  db: Db,
  request: FastifyRequest,
  current: CurrentSession | null,
  presetIds: readonly string[],
): Promise<Reader> {
  const profileLanguage = current ? await findUserLanguage(db, current.user.id) : null;
  return {
    language: readerLanguage(request, profileLanguage),
    interests: [],
    signedIn: current !== null,
    admin: current?.user.role === 'admin',
    unlocked: current ? await unlockedPresetIds(db, current.user.id, presetIds) : new Set(),
  };
}

/** The presets inside `products`, by id, in one query. */
export async function presetsOf(
  db: Db,
  products: readonly ProductRow[],
): Promise<Map<string, PresetWithCounts>> {
  const ids = [...new Set(products.flatMap((row) => row.presetIds))];
  const rows = await findPresetsByIds(db, ids);
  return new Map(rows.map((row) => [row.preset.id, row]));
}

/**
 * /api/shop: products (public), the signed-in traveller's cart and orders. Paying: Stripe
 * Checkout when configured, otherwise an invoice an admin marks paid.
 */
export function shopRoutes(root: FastifyInstance, deps: ShopDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;
  const paymentMode: PaymentMode = deps.stripe ? 'stripe' : 'invoice';
  const tax = { rateBasisPoints: deps.shop.taxRateBasisPoints, inclusive: deps.shop.taxInclusive };

  app.get(
    '/api/shop/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Products on sale, with the premium itineraries inside, the taxes and how to pay',
        description: 'Public. `all=true` adds inactive products, for admins.',
        querystring: productListQuerySchema,
        security: [{ session: [] }, {}],
        response: replies({ 200: productListSchema }),
      },
    },
    async (request, reply) => {
      const current = await sessions.find(request);
      const admin = current?.user.role === 'admin';
      const rows = await listProducts(db, admin && request.query.all === 'true');
      const presets = await presetsOf(db, rows);
      const reader = await shopReader(db, request, current, [...presets.keys()]);
      reply.header('cache-control', current ? 'private, no-cache' : 'public, max-age=60');
      if (!current) reply.header('vary', 'Accept-Language, Cookie');
      return {
        items: rows.map((row) => presentProduct(row, presets, reader)),
        nextCursor: null,
        tax,
        paymentMode,
      };
    },
  );

  app.get(
    '/api/shop/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'A product with each itinerary inside: stages, days, places, interests',
        params: idParams,
        querystring: productQuerySchema,
        security: [{ session: [] }, {}],
        response: replies({ 200: productPageSchema }, [404]),
      },
    },
    async (request, reply) => {
      const current = await sessions.find(request);
      const row = await findProduct(db, request.params.id);
      if (!row || (!row.active && current?.user.role !== 'admin')) throw productNotFound();
      const presets = await presetsOf(db, [row]);
      const reader = await shopReader(db, request, current, [...presets.keys()]);
      reply.header('cache-control', current ? 'private, no-cache' : 'public, max-age=60');
      if (!current) reply.header('vary', 'Accept-Language, Cookie');
      return presentProductPage(row, presets, reader);
    },
  );

  app.get(
    '/api/shop/cart',
    {
      schema: {
        tags: TAGS,
        summary: 'My cart (products still on sale), kept with my account',
        response: replies({ 200: cartSchema }, [401]),
      },
    },
    async (request) => {
      const current = await requireSession(sessions, request);
      return { productIds: await readCart(db, current.user.id) };
    },
  );

  app.put(
    '/api/shop/cart',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace my cart; products no longer on sale are left out of the answer',
        body: cartSchema,
        response: replies({ 200: cartSchema }, [401]),
      },
    },
    async (request) => {
      const current = await requireSession(sessions, request);
      const onSale = new Set(
        (await findProducts(db, request.body.productIds))
          .filter((row) => row.active)
          .map((row) => row.id),
      );
      const productIds = request.body.productIds.filter((id) => onSale.has(id));
      await replaceCart(db, current.user.id, productIds);
      return { productIds };
    },
  );

  app.post(
    '/api/shop/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'Order products (idempotent: the same token answers the same order)',
        description:
          'A new order answers 201; the same `token` again answers 200 with the order it made. ' +
          'With Stripe, `checkoutUrl` is where to pay; otherwise the order waits for an invoice ' +
          'to be paid and an admin to mark it paid.',
        body: createOrderSchema,
        response: replies({ 200: orderSchema, 201: orderSchema }, [401]),
      },
    },
    async (request, reply) => {
      const current = await requireSession(sessions, request);
      const { productIds, token } = request.body;
      const rows = await findProducts(db, productIds);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const ordered = productIds.map((id) => byId.get(id));
      const missing = productIds.findIndex((_, index) => !ordered[index]?.active);
      if (missing !== -1) throw invalidField(`productIds.${missing}`, NOT_FOR_SALE_MESSAGE);
      const products = ordered.filter((row): row is ProductRow => row !== undefined);
      const currency = products[0]?.currency ?? 'EUR';
      const other = products.findIndex((row) => row.currency !== currency);
      if (other !== -1) {
        throw invalidField(`productIds.${other}`, `is priced in another currency than ${currency}`);
      }
      const subtotal = products.reduce((sum, row) => sum + row.priceMinor, 0);
      const totals = orderTotals(subtotal, tax);
      const values: NewOrder = {
        id: uuidv7(),
        userId: current.user.id,
        clientToken: token,
        paymentMode,
        lines: products.map((row) => ({
          productId: row.id,
          title: row.title,
          priceMinor: row.priceMinor,
          presetIds: row.presetIds,
        })),
        currency,
        ...totals,
        taxRateBasisPoints: tax.rateBasisPoints,
        taxInclusive: tax.inclusive,
      };
      // Written with the order, so a mail server that is down loses neither (mail/mail-queue.ts).
      const mails = await newOrderMails(deps.mails, values);
      const { order, created } = await createOrderOnce(db, values, mails);
      if (created) deps.mailQueue.kick();
      let answer = order;
      if (deps.stripe && order.status === 'pending' && !order.stripeSessionId) {
        const origin = publicOrigin(request, deps.publicUrl);
        const checkout = await deps.stripe.createCheckout(order, {
          buyerEmail: current.user.email,
          successUrl: `${origin}/account?order=${order.id}#orders`,
          cancelUrl: `${origin}/shop/cart`,
        });
        answer = (await setCheckout(db, order.id, checkout)) ?? order;
      }
      return reply.status(created ? 201 : 200).send(presentOrder(answer));
    },
  );

  app.get(
    '/api/shop/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'My orders, newest first',
        response: replies({ 200: orderListSchema }, [401]),
      },
    },
    async (request) => {
      const current = await requireSession(sessions, request);
      const rows = await listOrdersOf(db, current.user.id);
      return { items: rows.map((row) => presentOrder(row)), nextCursor: null };
    },
  );

  app.get(
    '/api/shop/orders/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One of my orders (nobody else’s)',
        params: idParams,
        response: replies({ 200: orderSchema }, [401, 404]),
      },
    },
    async (request) => {
      const current = await requireSession(sessions, request);
      const row = await findOrder(db, request.params.id);
      // Another buyer's order is answered as absent: its existence is nobody else's business.
      if (!row || row.userId !== current.user.id) throw orderNotFound();
      return presentOrder(row);
    },
  );
}
