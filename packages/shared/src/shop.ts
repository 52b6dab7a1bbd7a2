import { z } from 'zod';
import { amountMinorSchema, currencySchema, instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { LANGUAGES } from './languages';
import { presetDetailSchema, presetSummarySchema } from './presets';
import { textSchema } from './text';

/**
 * The shop (issue 13): premium Jammy itineraries sold one by one or in bundles. Amounts are
 * integers of the currency's minor unit (cents), never floats.
 */

export const PRODUCT_KINDS = ['single', 'bundle'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const ORDER_STATUSES = ['pending', 'paid', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_MODES = ['invoice', 'stripe'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Most premium itineraries in one bundle, and most products in one cart or order. */
export const BUNDLE_MAX_PRESETS = 20;
export const CART_MAX_ITEMS = 20;

/** How taxes apply to every price of this installation (SHOP_TAX_RATE, SHOP_TAX_INCLUSIVE). */
export const taxSettingsSchema = z.object({
  /** Hundredths of a percent: 2200 is 22 %. */
  rateBasisPoints: z.number().int(),
  /** True: prices include the tax; false: the tax is added at checkout. */
  inclusive: z.boolean(),
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** A product as the shop shows it, with the premium itineraries inside (in the reader's language). */
export const productSchema = z.object({
  id: idSchema,
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  active: z.boolean(),
  version: z.number().int(),
  presets: z.array(presetSummarySchema),
  /** The reader may copy every itinerary inside already (bought, or an admin). */
  owned: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /api/shop/products/{id}: the product and each itinerary inside, stages and places. */
export const productPageSchema = productSchema.extend({ details: z.array(presetDetailSchema) });
export type ProductPage = z.infer<typeof productPageSchema>;

/** GET /api/shop/products: the products on sale (admins: `all=true` adds inactive ones). */
export const productListSchema = z.object({
  items: z.array(productSchema),
  nextCursor: z.null(),
  tax: taxSettingsSchema,
  paymentMode: z.enum(PAYMENT_MODES),
});
export type ProductList = z.infer<typeof productListSchema>;

export const productListQuerySchema = z.strictObject({
  all: z.enum(['true', 'false']).optional(),
  lang: z.enum(LANGUAGES).optional(),
});

export const productQuerySchema = z.strictObject({
  lang: z.enum(LANGUAGES).optional(),
});

const presetIdsSchema = z
  .array(idSchema)
  .min(1, 'must name at least one premium itinerary')
  .max(BUNDLE_MAX_PRESETS, `must name at most ${BUNDLE_MAX_PRESETS} itineraries`)
  .refine((ids) => new Set(ids).size === ids.length, 'must not name an itinerary twice');

/** POST /api/admin/shop/products */
export const createProductSchema = z.strictObject({
  title: textSchema({ max: 120, required: true }),
  description: textSchema({ max: 4000, multiline: true }).default(''),
  priceMinor: amountMinorSchema,
  currency: currencySchema,
  presetIds: presetIdsSchema,
  active: z.boolean().default(false),
});
export type CreateProduct = z.input<typeof createProductSchema>;

/** PATCH /api/admin/shop/products/{id}; `version` for optimistic concurrency. */
export const updateProductSchema = z.strictObject({
  title: textSchema({ max: 120, required: true }).optional(),
  description: textSchema({ max: 4000, multiline: true }).optional(),
  priceMinor: amountMinorSchema.optional(),
  currency: currencySchema.optional(),
  presetIds: presetIdsSchema.optional(),
  active: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateProduct = z.input<typeof updateProductSchema>;

/** PUT /api/shop/cart: the signed-in traveller's cart, whole (the browser's is merged in). */
export const cartSchema = z.strictObject({
  productIds: z
    .array(idSchema)
    .max(CART_MAX_ITEMS, `must hold at most ${CART_MAX_ITEMS} products`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not hold a product twice'),
});
export type Cart = z.infer<typeof cartSchema>;

/** A client order token: the same token twice is the same order (a double click, a retry). */
export const orderTokenSchema = z
  .string('must be text')
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _');

/** POST /api/shop/orders */
export const createOrderSchema = z.strictObject({
  productIds: cartSchema.shape.productIds.min(1, 'must hold at least one product'),
  token: orderTokenSchema,
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

export const orderLineSchema = z.object({
  productId: idSchema,
  title: z.string(),
  priceMinor: z.number().int(),
  presetIds: z.array(idSchema),
});

export const orderSchema = z.object({
  id: idSchema,
  status: z.enum(ORDER_STATUSES),
  paymentMode: z.enum(PAYMENT_MODES),
  lines: z.array(orderLineSchema),
  currency: z.string(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  taxRateBasisPoints: z.number().int(),
  taxInclusive: z.boolean(),
  /** Stripe mode, while pending: where to pay. */
  checkoutUrl: z.string().nullable(),
  createdAt: instantSchema,
  paidAt: instantSchema.nullable(),
  refundedAt: instantSchema.nullable(),
  version: z.number().int(),
  /** Admins' list only: who ordered. */
  buyerEmail: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ items: z.array(orderSchema), nextCursor: z.null() });

/** POST /api/admin/shop/orders/{id}/paid and …/refund: the version the admin saw. */
export const orderActionSchema = z.strictObject({ version: versionSchema.optional() });

/** Taxes of an order in minor units: inclusive prices hold the tax, exclusive ones get it added. */
export function orderTotals(
  subtotalMinor: number,
  tax: TaxSettings,
): { subtotalMinor: number; taxMinor: number; totalMinor: number } {
  const rate = tax.rateBasisPoints;
  if (tax.inclusive) {
    const taxMinor = Math.round((subtotalMinor * rate) / (10_000 + rate));
    return { subtotalMinor, taxMinor, totalMinor: subtotalMinor };
  }
  const taxMinor = Math.round((subtotalMinor * rate) / 10_000);
  return { subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}

export const NOT_FOR_SALE_MESSAGE = 'This product is not for sale';

/** The short number a buyer and an admin know an order by (its id's last 8 characters). */
export function orderNumber(orderId: string): string {
  return orderId.slice(-8).toUpperCase();
}
