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
import type { Db } from '../../db/client';
import { replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { findPresetsByIds } from '../presets/presets.repository';
import { paidMails, refundMails } from './shop-mail';
import { presentOrder, presentProductPage } from './shop.presenter';
import {
  findOrder,
  findProduct,
  insertProduct,
  listAllOrders,
  markOrderPaid,
  refundOrder,
  updateProduct,
  type OrderRow,
  type ProductChanges,
} from './shop.repository';
import {
  orderNotFound,
  presetsOf,
  productNotFound,
  shopReader,
  type ShopDeps,
} from './shop.routes';

const TAGS = ['shop'];
const idParams = z.object({ id: idSchema });

/** Every preset a product names must exist and be premium (free ones are not sold). */
async function checkPresets(db: Db, presetIds: readonly string[]): Promise<void> {
  const found = new Map(
    (await findPresetsByIds(db, presetIds)).map((row) => [row.preset.id, row.preset]),
  );
  presetIds.forEach((id, index) => {
    const preset = found.get(id);
    if (!preset) throw invalidField(`presetIds.${index}`, 'is not a Jammy itinerary');
    if (!preset.premium) {
      throw invalidField(`presetIds.${index}`, 'is not premium: free itineraries are not sold');
    }
  });
}

function checkVersion(order: OrderRow, version: number | undefined): void {
  if (version !== undefined && version !== order.version) throw conflict(presentOrder(order));
}

/** /api/admin/shop: products and prices, orders (mark paid, refund). Admins only. */
export function shopAdminRoutes(root: FastifyInstance, deps: ShopDeps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = deps;

  const answerProduct = async (
    request: Parameters<typeof shopReader>[1],
    current: Parameters<typeof shopReader>[2],
    row: Parameters<typeof presentProductPage>[0],
  ) => {
    const presets = await presetsOf(db, [row]);
    return presentProductPage(row, presets, await shopReader(db, request, current, []));
  };

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
      const body = request.body;
      await checkPresets(db, body.presetIds);
      const row = await insertProduct(db, {
        ...body,
        kind: body.presetIds.length > 1 ? 'bundle' : 'single',
      });
      return reply.status(201).send(await answerProduct(request, current, row));
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
      const row = await findProduct(db, request.params.id);
      if (!row) throw productNotFound();
      const { version, ...changes } = request.body;
      const update: ProductChanges = { ...changes };
      if (changes.presetIds) {
        await checkPresets(db, changes.presetIds);
        update.kind = changes.presetIds.length > 1 ? 'bundle' : 'single';
      }
      const updated = await updateProduct(db, row.id, update, version);
      if (!updated) throw conflict(await answerProduct(request, current, row));
      return answerProduct(request, current, updated);
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
        params: idParams,
        body: orderActionSchema.nullish(),
        response: replies({ 200: orderSchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      const row = await findOrder(db, request.params.id);
      if (!row) throw orderNotFound();
      if (row.status === 'paid') return presentOrder(row);
      checkVersion(row, request.body?.version);
      const { order, changed } = await markOrderPaid(
        db,
        row.id,
        null,
        await paidMails(deps.mails, row),
      );
      if (!order) throw orderNotFound();
      if (changed) deps.mailQueue.kick();
      if (!changed && order.status !== 'paid') {
        throw new AppError('order/state', `This order is ${order.status}: it cannot be paid`, {
          current: presentOrder(order),
        });
      }
      return presentOrder(order);
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
        params: idParams,
        body: orderActionSchema.nullish(),
        response: replies({ 200: orderSchema }, [401, 403, 404, 409]),
      },
    },
    async (request) => {
      await requireAdmin(sessions, request);
      const row = await findOrder(db, request.params.id);
      if (!row) throw orderNotFound();
      if (row.status === 'refunded') return presentOrder(row);
      if (row.status !== 'paid') {
        throw new AppError(
          'order/state',
          `This order is ${row.status}: only a paid order is refunded`,
          {
            current: presentOrder(row),
          },
        );
      }
      checkVersion(row, request.body?.version);
      if (row.paymentMode === 'stripe' && deps.stripe) await deps.stripe.refund(row);
      const { order, changed } = await refundOrder(db, row.id, await refundMails(deps.mails, row));
      if (!order) throw orderNotFound();
      if (changed) deps.mailQueue.kick();
      return presentOrder(order);
    },
  );
}
