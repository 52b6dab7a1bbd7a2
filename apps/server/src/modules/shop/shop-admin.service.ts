import type { createProductSchema, updateProductSchema } from '@jammy/shared/shop';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { findPresetsByIds } from '../presets/presets.repository';
import type { LanguageHints, Viewer } from '../presets/reader';
import { paidMails, refundMails } from './shop-mail';
import { presentOrder, presentProductPage } from './shop.presenter';
import * as repository from './shop.repository';
import {
  orderNotFound,
  presetsOf,
  productNotFound,
  shopReader,
  type ProductView,
  type ShopDeps,
} from './shop.service';

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

function checkVersion(order: repository.OrderRow, version: number | undefined): void {
  if (version !== undefined && version !== order.version) throw conflict(presentOrder(order));
}

async function orderOf(db: Db, id: string): Promise<repository.OrderRow> {
  const row = await repository.findOrder(db, id);
  if (!row) throw orderNotFound();
  return row;
}

/** The order a payment or a refund left (gone meanwhile: 404); its mails, if any, go now. */
function written(
  deps: ShopDeps,
  result: { order: repository.OrderRow | undefined; changed: boolean },
): repository.OrderRow {
  if (!result.order) throw orderNotFound();
  if (result.changed) deps.mailQueue.kick();
  return result.order;
}

/** A product as its admin sees it: with every itinerary inside, whole. */
async function adminView(
  db: Db,
  row: repository.ProductRow,
  admin: Viewer,
  hints: LanguageHints,
): Promise<ProductView> {
  const presets = await presetsOf(db, [row]);
  return { row, presets, reader: await shopReader(db, hints, admin, []) };
}

/** Adds a product: one premium itinerary, or a bundle of several. */
export async function createProduct(
  db: Db,
  admin: Viewer,
  hints: LanguageHints,
  input: z.output<typeof createProductSchema>,
): Promise<ProductView> {
  await checkPresets(db, input.presetIds);
  const row = await repository.insertProduct(db, {
    ...input,
    kind: input.presetIds.length > 1 ? 'bundle' : 'single',
  });
  return adminView(db, row, admin, hints);
}

/** Changes a product; a stale version: 409 with the product as it is. */
export async function changeProduct(
  db: Db,
  id: string,
  admin: Viewer,
  hints: LanguageHints,
  input: z.output<typeof updateProductSchema>,
): Promise<ProductView> {
  const row = await repository.findProduct(db, id);
  if (!row) throw productNotFound();
  const { version, ...changes } = input;
  const update: repository.ProductChanges = { ...changes };
  if (changes.presetIds) {
    await checkPresets(db, changes.presetIds);
    update.kind = changes.presetIds.length > 1 ? 'bundle' : 'single';
  }
  const updated = await repository.updateProduct(db, row.id, update, version);
  if (!updated) {
    const current = await adminView(db, row, admin, hints);
    throw conflict(presentProductPage(current.row, current.presets, current.reader));
  }
  return adminView(db, updated, admin, hints);
}

/** Every order with its buyer, newest first (the latest 500). */
export function listAllOrders(db: Db) {
  return repository.listAllOrders(db);
}

/**
 * Marks an order paid (its invoice was paid): the buyer may copy what it holds. A paid order
 * stays as it is and unlocks nothing more; a refunded or cancelled one answers 409.
 */
export async function markPaid(
  deps: ShopDeps,
  id: string,
  version: number | undefined,
): Promise<repository.OrderRow> {
  const row = await orderOf(deps.db, id);
  if (row.status === 'paid') return row;
  checkVersion(row, version);
  const result = await repository.markOrderPaid(
    deps.db,
    row.id,
    null,
    await paidMails(deps.mails, row),
  );
  const order = written(deps, result);
  if (!result.changed && order.status !== 'paid') {
    throw new AppError('order/state', `This order is ${order.status}: it cannot be paid`, {
      current: presentOrder(order),
    });
  }
  return order;
}

/**
 * Refunds a paid order (with Stripe, the payment there too): no more copies of what it
 * unlocked (copies made stay). A refunded order stays refunded; an unpaid one answers 409.
 */
export async function refund(
  deps: ShopDeps,
  id: string,
  version: number | undefined,
): Promise<repository.OrderRow> {
  const row = await orderOf(deps.db, id);
  if (row.status === 'refunded') return row;
  if (row.status !== 'paid') {
    throw new AppError(
      'order/state',
      `This order is ${row.status}: only a paid order is refunded`,
      {
        current: presentOrder(row),
      },
    );
  }
  checkVersion(row, version);
  if (row.paymentMode === 'stripe' && deps.stripe) await deps.stripe.refund(row);
  return written(
    deps,
    await repository.refundOrder(deps.db, row.id, await refundMails(deps.mails, row)),
  );
}
