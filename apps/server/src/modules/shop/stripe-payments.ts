import type Stripe from 'stripe';
import type { StripeConfig } from '../../config/shop';
import { AppError } from '../../lib/errors';
import type { OrderRow } from './shop.repository';

/** Stripe Checkout and its webhooks, behind the little the shop needs. */
export interface StripePayments {
  /** A Checkout Session for a pending order (the same order always gets the same session). */
  createCheckout(
    order: OrderRow,
    options: { buyerEmail: string; successUrl: string; cancelUrl: string },
  ): Promise<{ sessionId: string; url: string | null }>;
  /** Refunds the order's payment in full (one refund per order, however often asked). */
  refund(order: OrderRow): Promise<void>;
  /** The event of a webhook call, once its Stripe-Signature header verifies. */
  verify(payload: string, signature: string): Stripe.Event;
}

/** Loads the `stripe` library (only installations that use it pay for it) and wraps it. */
export async function createStripePayments(config: StripeConfig): Promise<StripePayments> {
  const { default: StripeClient } = await import('stripe');
  const api = config.apiUrl;
  const stripe = new StripeClient(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  return {
    async createCheckout(order, options) {
      const currency = order.currency.toLowerCase();
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.lines.map((line) => ({
        quantity: 1,
        price_data: { currency, unit_amount: line.priceMinor, product_data: { name: line.title } },
      }));
      // Prices without tax get it as a line of its own, so the buyer pays the order's total.
      if (!order.taxInclusive && order.taxMinor > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency,
            unit_amount: order.taxMinor,
            product_data: { name: `Tax (${order.taxRateBasisPoints / 100} %)` },
          },
        });
      }
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: order.id,
            metadata: { orderId: order.id },
            payment_intent_data: { metadata: { orderId: order.id } },
            customer_email: options.buyerEmail,
            line_items: lineItems,
            success_url: options.successUrl,
            cancel_url: options.cancelUrl,
          },
          { idempotencyKey: `jammy-order-${order.id}` },
        );
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw unavailable(error);
      }
    },

    async refund(order) {
      if (!order.stripePaymentIntentId) return;
      try {
        await stripe.refunds.create(
          { payment_intent: order.stripePaymentIntentId },
          { idempotencyKey: `jammy-refund-${order.id}` },
        );
      } catch (error) {
        throw unavailable(error);
      }
    },

    verify(payload, signature) {
      try {
        return stripe.webhooks.constructEvent(payload, signature, config.webhookSecret);
      } catch {
        throw new AppError(
          'shop/bad-signature',
          'The Stripe-Signature header does not match this payload',
        );
      }
    },
  };
}

function unavailable(error: unknown): AppError {
  return new AppError(
    'service/unavailable',
    `The payment service did not answer as expected (${error instanceof Error ? error.message : 'unknown error'}). Please try again.`,
    undefined,
    { retryAfterSeconds: 30 },
  );
}
