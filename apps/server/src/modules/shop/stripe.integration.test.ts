import type { Order } from '@jammy/shared/shop';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect } from 'vitest';
import { call, type Traveller } from '../../../test/clients';
import { expectError, expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { readOutboxMails, type TestServer } from '../../../test/server';
import {
  createProduct,
  premiumPresets,
  startFakeStripeApi,
  type FakeStripeApi,
} from '../../../test/shop-helpers';
import enLocale from '@jammy/shared/locales/en.json';
import { presetUnlock } from '../../db/schema/shop';

const en = enLocale.mail;

const WEBHOOK_SECRET = 'whsec_test_secret_for_jammy';
// Only signs test payloads: the client never reaches the network here.
const signer = new Stripe('sk_test_signing_only');

let testApp: TestServer;
let stripeApi: FakeStripeApi;
let admin: Traveller;
let buyer: Traveller;
let presetId: string;
let productId: string;

// The stand-in for Stripe's API starts before the file's server, which calls it.
const test = serverTest(async () => {
  stripeApi = await startFakeStripeApi();
  return {
    mail: 'outbox',
    env: {
      STRIPE_SECRET_KEY: 'sk_test_jammy',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      SHOP_TAX_RATE: '22',
      SHOP_TAX_INCLUSIVE: 'false',
    },
  };
});

test.beforeAll(async ({ server }) => {
  testApp = server;
  [admin, buyer] = await Promise.all([
    server.admin('stripe-admin'),
    server.traveller({ label: 'stripe-buyer' }),
  ]);
  [presetId = ''] = await premiumPresets(testApp, 1);
  productId = (await createProduct(testApp, admin, [presetId], { priceMinor: 1000 })).id;
}, 60_000);

afterAll(async () => {
  await stripeApi?.close();
});

function webhook(payload: string, signature: string | undefined) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/shop/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

function completedEvent(eventId: string, order: Order): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_1',
        object: 'checkout.session',
        payment_status: 'paid',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        payment_intent: 'pi_test_1',
      },
    },
  });
}

function signed(payload: string): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
}

/** The subjects of the outbox's mails to the buyer about `order`, oldest first. */
async function buyerMails(order: Order) {
  const number = order.id.slice(-8).toUpperCase();
  return (await readOutboxMails(testApp.config.dataDir)).filter(
    (mail) => mail.to === buyer.email && mail.subject.includes(number),
  );
}

function subject(template: string, order: Order): string {
  return template.replace('{number}', order.id.slice(-8).toUpperCase());
}

async function unlockCount(): Promise<number> {
  const rows = await testApp.database.db
    .select()
    .from(presetUnlock)
    .where(and(eq(presetUnlock.userId, buyer.id), eq(presetUnlock.presetId, presetId)));
  return rows.length;
}

describe('Stripe Checkout', () => {
  let order: Order;

  test('creates one Checkout Session per order, tax added as its own line', async () => {
    const payload = { productIds: [productId], token: 'stripe-order-token-0001' };
    order = expectStatus<Order>(
      await call(testApp, buyer, 'POST', '/api/shop/orders', { payload }),
      201,
    );
    expect(order).toMatchObject({
      paymentMode: 'stripe',
      subtotalMinor: 1000,
      taxMinor: 220,
      totalMinor: 1220,
      taxRateBasisPoints: 2200,
      taxInclusive: false,
      checkoutUrl: 'https://checkout.stripe.test/c/pay/cs_test_1',
    });
    const again = expectStatus<Order>(
      await call(testApp, buyer, 'POST', '/api/shop/orders', { payload }),
      200,
    );
    expect(again.id).toBe(order.id);
    const created = stripeApi.requests.filter(
      (request) => request.path === '/v1/checkout/sessions',
    );
    expect(created).toHaveLength(1);
    const body = created[0]?.body;
    expect(body?.get('client_reference_id')).toBe(order.id);
    expect(body?.get('line_items[0][price_data][unit_amount]')).toBe('1000');
    expect(body?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(body?.get('line_items[1][price_data][unit_amount]')).toBe('220');
    expect(body?.get('customer_email')).toBe(buyer.email);
    // The buyer is told how the order is paid: by card on Stripe, not by invoice.
    await expect
      .poll(async () => (await buyerMails(order)).map((mail) => mail.subject))
      .toEqual([subject(en.orderReceived.subject, order)]);
    const [received] = await buyerMails(order);
    expect(received?.text).toContain(en.orderReceived.stripe);
    expect(received?.text).not.toContain('invoice');
  });

  test('refuses a webhook whose signature does not verify, or has none', async () => {
    const payload = completedEvent('evt_forged', order);
    const forged = new Stripe('sk_test_other').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });
    expectError(await webhook(payload, forged), 400, 'shop/bad-signature');
    expectError(await webhook(payload, undefined), 400, 'shop/bad-signature');
    // A payload changed after signing does not verify either.
    const signature = signed(payload);
    expectError(
      await webhook(payload.replace('paid', 'paid '), signature),
      400,
      'shop/bad-signature',
    );
    expect(
      expectStatus<Order>(await call(testApp, buyer, 'GET', `/api/shop/orders/${order.id}`), 200)
        .status,
    ).toBe('pending');
    expect(await unlockCount()).toBe(0);
  });

  test('marks the order paid on a signed notice, once, however often it is replayed', async () => {
    const payload = completedEvent('evt_paid_1', order);
    const first = expectStatus<{ duplicate: boolean }>(
      await webhook(payload, signed(payload)),
      200,
    );
    expect(first.duplicate).toBe(false);
    const replay = expectStatus<{ duplicate: boolean }>(
      await webhook(payload, signed(payload)),
      200,
    );
    expect(replay.duplicate).toBe(true);
    // A second, different notice for the same order changes nothing either.
    const other = completedEvent('evt_paid_2', order);
    expectStatus(await webhook(other, signed(other)), 200);
    const paid = expectStatus<Order>(
      await call(testApp, buyer, 'GET', `/api/shop/orders/${order.id}`),
      200,
    );
    expect(paid.status).toBe('paid');
    expect(paid.checkoutUrl).toBeNull();
    expect(await unlockCount()).toBe(1);
    // Told once that it is paid, however many notices came.
    await expect
      .poll(async () => (await buyerMails(order)).map((mail) => mail.subject))
      .toEqual([subject(en.orderReceived.subject, order), subject(en.orderPaid.subject, order)]);
    expectStatus(
      await call(testApp, buyer, 'POST', `/api/presets/${presetId}/copy`, {
        payload: { startDate: '2027-01-10' },
      }),
      201,
    );
  });

  test('refunds through Stripe when an admin refunds, and a refund notice revokes once', async () => {
    const refunded = expectStatus<Order>(
      await call(testApp, admin, 'POST', `/api/admin/shop/orders/${order.id}/refund`),
      200,
    );
    expect(refunded.status).toBe('refunded');
    const refund = stripeApi.requests.find((request) => request.path === '/v1/refunds');
    expect(refund?.body.get('payment_intent')).toBe('pi_test_1');
    const payload = JSON.stringify({
      id: 'evt_refund_1',
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: { id: 'ch_1', object: 'charge', refunded: true, payment_intent: 'pi_test_1' },
      },
    });
    expectStatus(await webhook(payload, signed(payload)), 200);
    // The admin's refund and Stripe's notice of it are one refund: one mail.
    await expect
      .poll(async () => (await buyerMails(order)).map((mail) => mail.subject))
      .toEqual([
        subject(en.orderReceived.subject, order),
        subject(en.orderPaid.subject, order),
        subject(en.orderRefunded.subject, order),
      ]);
    const refundMail = (await buyerMails(order))[2];
    expect(refundMail?.text).toContain(en.orderRefunded.stripe);
    expectError(
      await call(testApp, buyer, 'POST', `/api/presets/${presetId}/copy`, {
        payload: { startDate: '2027-01-10' },
      }),
      403,
      'preset/premium',
    );
  });
});
