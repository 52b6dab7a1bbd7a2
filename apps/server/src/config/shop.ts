import { z } from 'zod';
import { flag, optionalHttpUrl, optionalString, type Variables } from './variables';

/** The shop: its taxes, and Stripe when card payments go through it. */
export const shopVariables = {
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalHttpUrl,
  SHOP_TAX_RATE: z.coerce
    .number('must be a percentage such as 22 or 7.7')
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .refine(
      (value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6),
      'may have at most two decimals',
    )
    .default(0),
  SHOP_TAX_INCLUSIVE: flag('true'),
};
type ShopVariables = Variables<typeof shopVariables>;

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another Stripe-compatible API address (tests use a local one); unset: Stripe's own. */
  apiUrl: URL | undefined;
}

export interface ShopConfig {
  /** Hundredths of a percent (2200 = 22 %). */
  taxRateBasisPoints: number;
  /** Prices include the tax (true) or get it added at checkout (false). */
  taxInclusive: boolean;
  stripe: StripeConfig | undefined;
}

export interface ShopPart {
  /** The shop: taxes, and Stripe Checkout when a secret key is set (else invoices). */
  shop: ShopConfig;
  /** Whether card payments go through Stripe (STRIPE_SECRET_KEY set): a processor to name. */
  stripe: boolean;
}

/** What the shop's variables may not be together. */
export function shopProblems(values: ShopVariables): string[] {
  return values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET
    ? [
        '  STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set (payments are confirmed by its webhook)',
      ]
    : [];
}

export function shopConfigOf(values: ShopVariables): ShopPart {
  return {
    shop: {
      taxRateBasisPoints: Math.round(values.SHOP_TAX_RATE * 100),
      taxInclusive: values.SHOP_TAX_INCLUSIVE,
      stripe:
        values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: values.STRIPE_SECRET_KEY,
              webhookSecret: values.STRIPE_WEBHOOK_SECRET,
              apiUrl: values.STRIPE_API_URL ? new URL(values.STRIPE_API_URL) : undefined,
            }
          : undefined,
    },
    stripe: values.STRIPE_SECRET_KEY !== undefined,
  };
}
