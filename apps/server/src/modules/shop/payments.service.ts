import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { MailQueue } from '../../mail/mail-queue';
import { paidMails, refundMails, type ShopMailDeps } from './shop-mail';
import {
  findOrder,
  findOrderByPaymentIntent,
  findOrderByStripeSession,
  markOrderPaid,
  recordPaymentEvent,
  refundOrder,
} from './shop.repository';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** What acting on payment notices needs: the orders, and the mails they queue. */
export interface PaymentDeps {
  db: Db;
  mails: ShopMailDeps;
  mailQueue: MailQueue;
}

/**
 * What an event means for our orders; every step is idempotent on its own. A payment or a
 * refund that changes an order queues its mail to the buyer with it.
 */
async function handle(deps: PaymentDeps, event: Stripe.Event): Promise<void> {
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
 * Acts on one of Stripe's notices, then records it: `duplicate` when it was handled before
 * (a replay changes nothing, every step being idempotent).
 */
export async function handleStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<{ duplicate: boolean }> {
  await handle(deps, event);
  const first = await recordPaymentEvent(deps.db, event.id, event.type);
  return { duplicate: !first };
}
