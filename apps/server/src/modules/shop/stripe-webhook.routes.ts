import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { PUBLIC, replies } from '../../lib/contract';
import { AppError } from '../../lib/errors';
import {
  findOrder,
  findOrderByPaymentIntent,
  findOrderByStripeSession,
  markOrderPaid,
  recordPaymentEvent,
  refundOrder,
} from './shop.repository';
import type { MailQueue } from '../../mail/mail-queue';
import { paidMails, refundMails, type ShopMailDeps } from './shop-mail';
import type { StripePayments } from './stripe-payments';

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** The event was handled before: nothing was done again. */
  duplicate: z.boolean(),
});

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

interface WebhookDeps {
  db: Db;
  stripe: StripePayments | undefined;
  mails: ShopMailDeps;
  mailQueue: MailQueue;
}

/**
 * What an event means for our orders; every step is idempotent on its own. A payment or a
 * refund that changes an order queues its mail to the buyer with it.
 */
async function handle(deps: WebhookDeps, event: Stripe.Event): Promise<void> {
  const { db } = deps;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return;
      const orderId = session.metadata?.orderId ?? session.client_reference_id;
      const order =
        (orderId ? await findOrder(db, orderId).catch(() => undefined) : undefined) ??
        (await findOrderByStripeSession(db, session.id));
      if (!order || order.status !== 'pending') return;
      const paid = await markOrderPaid(
        db,
        order.id,
        idOf(session.payment_intent),
        await paidMails(deps.mails, order),
      );
      if (paid.changed) deps.mailQueue.kick();
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent);
      if (!charge.refunded || !paymentIntent) return;
      const order = await findOrderByPaymentIntent(db, paymentIntent);
      if (!order || order.status !== 'paid') return;
      const refunded = await refundOrder(db, order.id, await refundMails(deps.mails, order));
      if (refunded.changed) deps.mailQueue.kick();
      return;
    }
    default:
      return;
  }
}

/**
 * POST /api/shop/stripe/webhook: Stripe's notices of payments and refunds. The signature is
 * checked over the raw body; a replayed event is acknowledged and changes nothing.
 */
export async function stripeWebhookRoutes(root: FastifyInstance, deps: WebhookDeps) {
  await root.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep them as text.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, typeof body === 'string' ? body : body.toString('utf8'));
      },
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/shop/stripe/webhook',
      {
        schema: {
          tags: ['shop'],
          summary: 'Stripe’s payment notices (signed with STRIPE_WEBHOOK_SECRET)',
          description:
            'Answers 404 when Stripe is not configured, 400 when the signature does not verify.',
          ...PUBLIC,
          headers: z.object({ 'stripe-signature': z.string().max(4096).optional() }),
          body: z.string().max(1_000_000).describe('The event as Stripe sends it (JSON text)'),
          response: replies({ 200: webhookAnswerSchema }, [404]),
        },
      },
      async (request) => {
        if (!deps.stripe) {
          throw new AppError(
            'shop/stripe-not-configured',
            'Payments are by invoice here: there is no Stripe webhook',
          );
        }
        const signature = request.headers['stripe-signature'];
        if (!signature) {
          throw new AppError('shop/bad-signature', 'The Stripe-Signature header is missing');
        }
        const event = deps.stripe.verify(request.body, signature);
        await handle(deps, event);
        const first = await recordPaymentEvent(deps.db, event.id, event.type);
        return { received: true as const, duplicate: !first };
      },
    );
  });
}
