import type { PresetDetail } from '@jammy/shared/presets';
import type { Order, Product } from '@jammy/shared/shop';
import { PRODUCT_KINDS, ORDER_STATUSES, PAYMENT_MODES } from '@jammy/shared/shop';
import { presentDetail, presentSummary } from '../presets/presets.presenter';
import type { Reader } from '../presets/reader';
import type { findPresetsByIds } from '../presets/presets.repository';
import type { OrderRow, ProductRow } from './shop.repository';

export type PresetWithCounts = Awaited<ReturnType<typeof findPresetsByIds>>[number];

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.find((known) => known === value) ?? fallback;
}

/** The presets of a product in its own order (a preset deleted since is left out). */
function presetsOf(row: ProductRow, presets: ReadonlyMap<string, PresetWithCounts>) {
  return row.presetIds
    .map((id) => presets.get(id))
    .filter((found): found is PresetWithCounts => found !== undefined);
}

/** A product as the shop shows it, with the premium itineraries inside. */
export function presentProduct(
  row: ProductRow,
  presets: ReadonlyMap<string, PresetWithCounts>,
  reader: Reader,
): Product {
  const inside = presetsOf(row, presets);
  const summaries = inside.map((found) =>
    presentSummary(
      { ...found.preset, stageCount: found.stageCount, placeCount: found.placeCount },
      reader,
    ),
  );
  return {
    id: row.id,
    kind: oneOf(PRODUCT_KINDS, row.kind, 'single'),
    title: row.title,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency,
    active: row.active,
    version: row.version,
    presets: summaries,
    owned: summaries.length > 0 && summaries.every((summary) => summary.copyable),
  };
}

/** A product's page: the product and every itinerary inside with its stages and places. */
export function presentProductPage(
  row: ProductRow,
  presets: ReadonlyMap<string, PresetWithCounts>,
  reader: Reader,
): Product & { details: PresetDetail[] } {
  return {
    ...presentProduct(row, presets, reader),
    details: presetsOf(row, presets).map((found) =>
      presentDetail(
        { ...found.preset, stageCount: found.stageCount, placeCount: found.placeCount },
        reader,
      ),
    ),
  };
}

export function presentOrder(row: OrderRow, buyerEmail?: string): Order {
  return {
    id: row.id,
    status: oneOf(ORDER_STATUSES, row.status, 'pending'),
    paymentMode: oneOf(PAYMENT_MODES, row.paymentMode, 'invoice'),
    lines: row.lines.map((line) => ({
      productId: line.productId,
      title: line.title,
      priceMinor: line.priceMinor,
      presetIds: line.presetIds,
    })),
    currency: row.currency,
    subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor,
    totalMinor: row.totalMinor,
    taxRateBasisPoints: row.taxRateBasisPoints,
    taxInclusive: row.taxInclusive,
    checkoutUrl: row.status === 'pending' ? row.checkoutUrl : null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    version: row.version,
    ...(buyerEmail === undefined ? {} : { buyerEmail }),
  };
}
