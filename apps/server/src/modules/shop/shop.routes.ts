import { idSchema } from '@jammy/shared/ids';
import {
  cartSchema,
  createOrderSchema,
  orderListSchema,
  orderSchema,
  productListQuerySchema,
  productListSchema,
  productPageSchema,
  productQuerySchema,
} from '@jammy/shared/shop';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import { replies } from '../../lib/contract';
import { languageHints, viewerOf } from '../presets/reader';
import { presentOrder, presentProduct, presentProductPage } from './shop.presenter';
import {
  listOrders,
  listProducts,
  paymentModeOf,
  placeOrder,
  readCart,
  readOrder,
  readProduct,
  replaceCart,
  taxOf,
  type ShopDeps,
} from './shop.service';

const TAGS = ['shop'];
const idParams = z.object({ id: idSchema });

/** What the shop's routes need besides the shop itself. */
export interface ShopRouteDeps extends ShopDeps {
  sessions: Sessions;
  publicUrl: URL | undefined;
}

/** The origin travellers reach Jammy at: PUBLIC_URL, else the request's own. */
function publicOrigin(request: FastifyRequest, configured: URL | undefined): string {
  return (configured ?? new URL(`${request.protocol}://${request.host}`)).origin;
}

/** Public answers are the same for every anonymous reader of a language; a traveller's are theirs. */
function cacheFor(reply: FastifyReply, signedIn: boolean): void {
  reply.header('cache-control', signedIn ? 'private, no-cache' : 'public, max-age=60');
  if (!signedIn) reply.header('vary', 'Accept-Language, Cookie');
}

/**
 * /api/shop: products (public), the signed-in traveller's cart and orders. Paying: Stripe
 * Checkout when configured, otherwise an invoice an admin marks paid.
 */
export function shopRoutes(root: FastifyInstance, deps: ShopRouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

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
      const hints = languageHints(request, request.query.lang);
      const all = request.query.all === 'true';
      const { rows, presets, reader } = await listProducts(
        db,
        current && viewerOf(current),
        hints,
        all,
      );
      cacheFor(reply, current !== null);
      return {
        items: rows.map((row) => presentProduct(row, presets, reader)),
        nextCursor: null,
        tax: taxOf(deps.shop),
        paymentMode: paymentModeOf(deps),
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
      const hints = languageHints(request, request.query.lang);
      const view = await readProduct(db, request.params.id, current && viewerOf(current), hints);
      cacheFor(reply, current !== null);
      return presentProductPage(view.row, view.presets, view.reader);
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
      return replaceCart(db, current.user.id, request.body.productIds);
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
      const { order, created } = await placeOrder(
        deps,
        { userId: current.user.id, email: current.user.email },
        request.body,
        publicOrigin(request, deps.publicUrl),
      );
      return reply.status(created ? 201 : 200).send(presentOrder(order));
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
      const rows = await listOrders(db, current.user.id);
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
      return presentOrder(await readOrder(db, current.user.id, request.params.id));
    },
  );
}
