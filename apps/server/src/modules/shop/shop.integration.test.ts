import type { Itinerary } from '@jammy/shared/itineraries';
import type { PresetDetail } from '@jammy/shared/presets';
import type { Order, ProductList, ProductPage } from '@jammy/shared/shop';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { expectError, expectFieldError, expectStatus, missingId } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { createProduct, premiumPresets } from '../../../test/shop-helpers';
import { presetUnlock } from '../../db/schema/shop';

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let admin: Traveller;
let buyer: Traveller;
let stranger: Traveller;
let presetIds: string[];
let free: string;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  [admin, buyer, stranger] = await Promise.all([
    server.admin('shop-admin'),
    server.traveller({ label: 'buyer' }),
    server.traveller({ label: 'stranger' }),
  ]);
  const all = expectStatus<{ items: { id: string }[] }>(
    await server.client(null).get('/api/presets?limit=100'),
    200,
  ).items.map((item) => item.id);
  presetIds = await premiumPresets(server, 3);
  free = all.find((id) => !presetIds.includes(id)) ?? '';
}, 60_000);

let token = 0;
function orderToken(): string {
  token += 1;
  return `order-token-${Date.now()}-${token}`;
}

function copy(account: Traveller, presetId: string) {
  return account.post(`/api/presets/${presetId}/copy`, { startDate: '2027-06-01' });
}

async function unlocksOf(account: Traveller, presetId: string) {
  return server.database.db
    .select()
    .from(presetUnlock)
    .where(and(eq(presetUnlock.userId, account.id), eq(presetUnlock.presetId, presetId)));
}

describe('products', () => {
  test('are added by admins from premium itineraries only, with a price in minor units', async () => {
    expectFieldError(
      await admin.post('/api/admin/shop/products', {
        title: 'Free',
        priceMinor: 100,
        currency: 'EUR',
        presetIds: [free],
      }),
      'presetIds.0',
    );
    expectFieldError(
      await admin.post('/api/admin/shop/products', {
        title: 'X',
        priceMinor: 12.5,
        currency: 'EUR',
        presetIds: [presetIds[0]],
      }),
      'priceMinor',
    );
    expectFieldError(
      await admin.post('/api/admin/shop/products', {
        title: 'X',
        priceMinor: 100,
        currency: 'EURO',
        presetIds: [presetIds[0]],
      }),
      'currency',
    );
    expectFieldError(
      await admin.post('/api/admin/shop/products', {
        title: 'X',
        priceMinor: 100,
        currency: 'EUR',
        presetIds: [missingId()],
      }),
      'presetIds.0',
    );
    expectError(
      await buyer.post('/api/admin/shop/products', {
        title: 'X',
        priceMinor: 100,
        currency: 'EUR',
        presetIds: [presetIds[0]],
      }),
      403,
      'auth/forbidden',
    );
    const bundle = await createProduct(server, admin, presetIds.slice(0, 2), {
      title: 'Two premium trips',
      priceMinor: 3500,
    });
    expect(bundle).toMatchObject({ kind: 'bundle', priceMinor: 3500, currency: 'EUR' });
    expect(bundle.presets.map((preset) => preset.id)).toEqual(presetIds.slice(0, 2));
  });

  test('are listed publicly when active; a product page shows what is inside', async () => {
    const hidden = await createProduct(server, admin, [presetIds[2] ?? ''], {
      title: 'Not yet',
      active: false,
    });
    const shown = await createProduct(server, admin, [presetIds[2] ?? ''], {
      title: 'On sale',
    });
    const list = expectStatus<ProductList>(
      await server.client(null).get('/api/shop/products'),
      200,
    );
    expect(list.paymentMode).toBe('invoice');
    expect(list.tax).toEqual({ rateBasisPoints: 0, inclusive: true });
    const ids = list.items.map((item) => item.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const all = expectStatus<ProductList>(await admin.get('/api/shop/products?all=true'), 200);
    expect(all.items.map((item) => item.id)).toContain(hidden.id);

    expectError(
      await server.client(null).get(`/api/shop/products/${hidden.id}`),
      404,
      'product/not-found',
    );
    const page = expectStatus<ProductPage>(
      await server.client(null).get(`/api/shop/products/${shown.id}?lang=it`),
      200,
    );
    const detail = page.details[0] as PresetDetail;
    expect(detail.id).toBe(presetIds[2]);
    expect(detail.stages.length).toBeGreaterThan(0);
    expect(detail.days).toBeGreaterThan(0);
    expect(page.owned).toBe(false);
  });

  test('change under optimistic concurrency (a stale version answers 409)', async () => {
    const product = await createProduct(server, admin, [presetIds[0] ?? '']);
    const changed = expectStatus<ProductPage>(
      await admin.patch(`/api/admin/shop/products/${product.id}`, {
        priceMinor: 2500,
        version: product.version,
      }),
      200,
    );
    expect(changed.priceMinor).toBe(2500);
    expectError(
      await admin.patch(`/api/admin/shop/products/${product.id}`, {
        priceMinor: 100,
        version: product.version,
      }),
      409,
      'conflict',
    );
  });
});

describe('cart and orders', () => {
  test('keeps the cart with the account, leaving out what is not on sale', async () => {
    const onSale = await createProduct(server, admin, [presetIds[0] ?? '']);
    const off = await createProduct(server, admin, [presetIds[1] ?? ''], { active: false });
    const cart = expectStatus<{ productIds: string[] }>(
      await buyer.put('/api/shop/cart', { productIds: [onSale.id, off.id, missingId()] }),
      200,
    );
    expect(cart.productIds).toEqual([onSale.id]);
    expect(
      expectStatus<{ productIds: string[] }>(await buyer.get('/api/shop/cart'), 200).productIds,
    ).toEqual([onSale.id]);
    expect(
      expectStatus<{ productIds: string[] }>(await stranger.get('/api/shop/cart'), 200).productIds,
    ).toEqual([]);
    expectFieldError(
      await buyer.put('/api/shop/cart', { productIds: [onSale.id, onSale.id] }),
      'productIds',
    );
    expectError(await server.client(null).get('/api/shop/cart'), 401, 'auth/unauthenticated');
  });

  test('makes one order per token (a double click or a retry), and empties the cart', async () => {
    const product = await createProduct(server, admin, [presetIds[0] ?? ''], {
      priceMinor: 1234,
    });
    await buyer.put('/api/shop/cart', { productIds: [product.id] });
    const payload = { productIds: [product.id], token: orderToken() };
    const [first, second] = await Promise.all([
      buyer.post('/api/shop/orders', payload),
      buyer.post('/api/shop/orders', payload),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 201]);
    const a = first?.json<Order>();
    const b = second?.json<Order>();
    expect(a?.id).toBe(b?.id);
    expect(a).toMatchObject({
      status: 'pending',
      paymentMode: 'invoice',
      currency: 'EUR',
      subtotalMinor: 1234,
      totalMinor: 1234,
      checkoutUrl: null,
    });
    const mine = expectStatus<{ items: Order[] }>(await buyer.get('/api/shop/orders'), 200);
    expect(mine.items.filter((order) => order.id === a?.id)).toHaveLength(1);
    expect(
      expectStatus<{ productIds: string[] }>(await buyer.get('/api/shop/cart'), 200).productIds,
    ).toEqual([]);
  });

  test('refuses products not on sale or in mixed currencies, naming the product', async () => {
    const off = await createProduct(server, admin, [presetIds[0] ?? ''], { active: false });
    const euro = await createProduct(server, admin, [presetIds[0] ?? '']);
    const dollar = await createProduct(server, admin, [presetIds[1] ?? ''], {
      currency: 'USD',
    });
    expectFieldError(
      await buyer.post('/api/shop/orders', { productIds: [euro.id, off.id], token: orderToken() }),
      'productIds.1',
    );
    expectFieldError(
      await buyer.post('/api/shop/orders', {
        productIds: [euro.id, dollar.id],
        token: orderToken(),
      }),
      'productIds.1',
    );
    expectFieldError(
      await buyer.post('/api/shop/orders', { productIds: [euro.id], token: 'short' }),
      'token',
    );
  });

  test('never shows an order to anyone but its buyer', async () => {
    const product = await createProduct(server, admin, [presetIds[0] ?? '']);
    const order = expectStatus<Order>(
      await buyer.post('/api/shop/orders', { productIds: [product.id], token: orderToken() }),
      201,
    );
    expectStatus(await buyer.get(`/api/shop/orders/${order.id}`), 200);
    expectError(await stranger.get(`/api/shop/orders/${order.id}`), 404, 'order/not-found');
    expectError(
      await server.client(null).get(`/api/shop/orders/${order.id}`),
      401,
      'auth/unauthenticated',
    );
    const theirs = expectStatus<{ items: Order[] }>(await stranger.get('/api/shop/orders'), 200);
    expect(theirs.items.map((item) => item.id)).not.toContain(order.id);
    expectError(
      await stranger.post(`/api/admin/shop/orders/${order.id}/paid`),
      403,
      'auth/forbidden',
    );
    const all = expectStatus<{ items: Order[] }>(await admin.get('/api/admin/shop/orders'), 200);
    expect(all.items.find((item) => item.id === order.id)?.buyerEmail).toBe(buyer.email);
  });
});

describe('unlocking', () => {
  test('a paid order lets the buyer copy; paying twice unlocks once; a refund stops new copies only', async () => {
    const presetId = presetIds[1] ?? '';
    const product = await createProduct(server, admin, [presetId]);
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    const order = expectStatus<Order>(
      await buyer.post('/api/shop/orders', { productIds: [product.id], token: orderToken() }),
      201,
    );
    // Ordering is not paying.
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    expectError(await admin.post(`/api/admin/shop/orders/${order.id}/refund`), 409, 'order/state');

    const [paid, again] = await Promise.all([
      admin.post(`/api/admin/shop/orders/${order.id}/paid`),
      admin.post(`/api/admin/shop/orders/${order.id}/paid`),
    ]);
    expect(expectStatus<Order>(paid as never, 200).status).toBe('paid');
    expect(expectStatus<Order>(again as never, 200).status).toBe('paid');
    expect(await unlocksOf(buyer, presetId)).toHaveLength(1);

    const detail = expectStatus<PresetDetail>(await buyer.get(`/api/presets/${presetId}`), 200);
    expect(detail.copyable).toBe(true);
    expect(
      expectStatus<ProductPage>(await buyer.get(`/api/shop/products/${product.id}`), 200).owned,
    ).toBe(true);
    const copied = expectStatus<Itinerary>(await copy(buyer, presetId), 201);
    // Someone else's payment unlocks nothing for a stranger.
    expectError(await copy(stranger, presetId), 403, 'preset/premium');

    const refunded = expectStatus<Order>(
      await admin.post(`/api/admin/shop/orders/${order.id}/refund`),
      200,
    );
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedAt).not.toBeNull();
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    // The copy made before the refund is the buyer's own itinerary and stays.
    expectStatus(await buyer.get(`/api/itineraries/${copied.id}`), 200);
    // A refunded order is not paid again by a late notice.
    expectError(await admin.post(`/api/admin/shop/orders/${order.id}/paid`), 409, 'order/state');
    const active = await server.database.db
      .select()
      .from(presetUnlock)
      .where(and(eq(presetUnlock.userId, buyer.id), isNull(presetUnlock.revokedAt)));
    expect(active.filter((row) => row.presetId === presetId)).toHaveLength(0);
  });

  test('has no Stripe webhook in invoice mode', async () => {
    expectError(
      await server
        .client(null)
        .post(
          '/api/shop/stripe/webhook',
          { id: 'evt_1' },
          { headers: { 'stripe-signature': 't=1,v1=abc' } },
        ),
      404,
      'shop/stripe-not-configured',
    );
  });
});
