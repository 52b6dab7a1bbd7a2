import { idSchema } from '@jammy/shared/ids';
import {
  createProductSchema,
  orderActionSchema,
  orderListSchema,
  orderSchema,
  productPageSchema,
  updateProductSchema,
} from '@jammy/shared/shop';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../auth/session';
import { replies } from '../../lib/contract';
import { languageHints, viewerOf } from '../presets/reader';
import {
  changeProduct,
  createProduct,
  listAllOrders,
  markPaid,
  refund,
} from './shop-admin.service';
import { presentOrder, presentProductPage } from './shop.presenter';
import type { ShopRouteDeps } from './shop.routes';

const TAGS = ['shop'];
const idParams = z.object({ id: idSchema });
/** What marking paid and refunding take and answer: the order, with the version read. */
const orderAction = {
  params: idParams,
  body: orderActionSchema.nullish(),
  response: replies({ 200: orderSchema }, [401, 403, 404, 409]),
};

/** /api/admin/shop: products and prices, orders (mark paid, refund). Admins only. */
export function shopAdminRoutes(root: FastifyInstance, deps: ShopRouteDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  app.post(
    '/api/admin/shop/products',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a product: one premium itinerary or a bundle, its price and currency',
        body: createProductSchema,
        response: replies({ 201: productPageSchema }, [401, 403]),
      },
    },
    async (request, reply) => {
      const current = await requireAdmin(sessions, request);
      const view = await createProduct(db, viewerOf(current), languageHints(request), request.body);
      return reply.status(201).send(presentProductPage(view.row, view.presets, view.reader));
    },
  );

  app.patch(
    '/api/admin/shop/products/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a product: text, price, currency, itineraries inside, on sale or not',
        params: idParams,
        body: updateProductSchema,
        response: replies({ 200: productPageSchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      const current = await requireAdmin(sessions, request);
      const view = await changeProduct(
        db,
        request.params.id,
        viewerOf(current),
        languageHints(request),
        request.body,
      );
      return presentProductPage(view.row, view.presets, view.reader);
    },
  );

  app.get(
    '/api/admin/shop/orders',
    {
      schema: {
        tags: TAGS,
        summary: 'Every order with its buyer, newest first (the latest 500)',
        response: replies({ 200: orderListSchema }, [401, 403]),
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      const rows = await listAllOrders(db);
      return {
        items: rows.map((row) => presentOrder(row.order, row.buyerEmail)),
        nextCursor: null,
      };
    },
  );

  app.post(
    '/api/admin/shop/orders/:id/paid',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark an order paid (its invoice was paid): the buyer may copy what it holds',
        description:
          'Idempotent: a paid order stays as it is and unlocks nothing more. A refunded or ' +
          'cancelled order answers 409.',
        ...orderAction,
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      return presentOrder(await markPaid(deps, request.params.id, request.body?.version));
    },
  );

  app.post(
    '/api/admin/shop/orders/:id/refund',
    {
      schema: {
        tags: TAGS,
        summary: 'Refund a paid order: no more copies of what it unlocked (copies made stay)',
        description:
          'With Stripe, the payment is refunded there too. A refunded order stays refunded; ' +
          'an unpaid one answers 409.',
        ...orderAction,
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      return presentOrder(await refund(deps, request.params.id, request.body?.version));
    },
  );
}
