import type { Itinerary } from '@jammy/shared/itineraries';
import type { PresetDetail } from '@jammy/shared/presets';
import type { Order, ProductList, ProductPage } from '@jammy/shared/shop';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFor,
  createSignedInUser,
  expectError,
  expectFieldError,
  expectStatus,
  missingId,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { createProduct, makeAdmin, premiumPresets } from '../../../test/shop-helpers';
import { presetUnlock } from '../../db/schema/shop';

let test: ItineraryTest;
let api: Api;
let admin: SignedInUser;
let buyer: SignedInUser;
let stranger: SignedInUser;
let presetIds: string[];
let free: string;

beforeAll(async () => {
  test = await startItineraryTest();
  api = apiFor(test.testApp);
  [admin, buyer, stranger] = await Promise.all([
    createSignedInUser(test.testApp, 'shop-admin'),
    createSignedInUser(test.testApp, 'buyer'),
    createSignedInUser(test.testApp, 'stranger'),
  ]);
  await makeAdmin(test.testApp, admin);
  const all = expectStatus<{ items: { id: string }[] }>(
    await api(null, 'GET', '/api/presets?limit=100'),
    200,
  ).items.map((item) => item.id);
  presetIds = await premiumPresets(test.testApp, 3);
  free = all.find((id) => !presetIds.includes(id)) ?? '';
}, 60_000);

afterAll(async () => {
  await test?.close();
});

let token = 0;
function orderToken(): string {
  token += 1;
  return `order-token-${Date.now()}-${token}`;
}

function copy(account: SignedInUser, presetId: string) {
  return api(account, 'POST', `/api/presets/${presetId}/copy`, {
    payload: { startDate: '2027-06-01' },
  });
}

async function unlocksOf(account: SignedInUser, presetId: string) {
  return test.testApp.database.db
    .select()
    .from(presetUnlock)
    .where(and(eq(presetUnlock.userId, account.id), eq(presetUnlock.presetId, presetId)));
}

describe('products', () => {
  it('are added by admins from premium itineraries only, with a price in minor units', async () => {
    expectFieldError(
      await api(admin, 'POST', '/api/admin/shop/products', {
        payload: { title: 'Free', priceMinor: 100, currency: 'EUR', presetIds: [free] },
      }),
      'presetIds.0',
    );
    expectFieldError(
      await api(admin, 'POST', '/api/admin/shop/products', {
        payload: { title: 'X', priceMinor: 12.5, currency: 'EUR', presetIds: [presetIds[0]] },
      }),
      'priceMinor',
    );
    expectFieldError(
      await api(admin, 'POST', '/api/admin/shop/products', {
        payload: { title: 'X', priceMinor: 100, currency: 'EURO', presetIds: [presetIds[0]] },
      }),
      'currency',
    );
    expectFieldError(
      await api(admin, 'POST', '/api/admin/shop/products', {
        payload: { title: 'X', priceMinor: 100, currency: 'EUR', presetIds: [missingId()] },
      }),
      'presetIds.0',
    );
    expectError(
      await api(buyer, 'POST', '/api/admin/shop/products', {
        payload: { title: 'X', priceMinor: 100, currency: 'EUR', presetIds: [presetIds[0]] },
      }),
      403,
      'auth/forbidden',
    );
    const bundle = await createProduct(test.testApp, admin, presetIds.slice(0, 2), {
      title: 'Two premium trips',
      priceMinor: 3500,
    });
    expect(bundle).toMatchObject({ kind: 'bundle', priceMinor: 3500, currency: 'EUR' });
    expect(bundle.presets.map((preset) => preset.id)).toEqual(presetIds.slice(0, 2));
  });

  it('are listed publicly when active; a product page shows what is inside', async () => {
    const hidden = await createProduct(test.testApp, admin, [presetIds[2] ?? ''], {
      title: 'Not yet',
      active: false,
    });
    const shown = await createProduct(test.testApp, admin, [presetIds[2] ?? ''], {
      title: 'On sale',
    });
    const list = expectStatus<ProductList>(await api(null, 'GET', '/api/shop/products'), 200);
    expect(list.paymentMode).toBe('invoice');
    expect(list.tax).toEqual({ rateBasisPoints: 0, inclusive: true });
    const ids = list.items.map((item) => item.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    const all = expectStatus<ProductList>(
      await api(admin, 'GET', '/api/shop/products?all=true'),
      200,
    );
    expect(all.items.map((item) => item.id)).toContain(hidden.id);

    expectError(
      await api(null, 'GET', `/api/shop/products/${hidden.id}`),
      404,
      'product/not-found',
    );
    const page = expectStatus<ProductPage>(
      await api(null, 'GET', `/api/shop/products/${shown.id}?lang=it`),
      200,
    );
    const detail = page.details[0] as PresetDetail;
    expect(detail.id).toBe(presetIds[2]);
    expect(detail.stages.length).toBeGreaterThan(0);
    expect(detail.days).toBeGreaterThan(0);
    expect(page.owned).toBe(false);
  });

  it('change under optimistic concurrency (a stale version answers 409)', async () => {
    const product = await createProduct(test.testApp, admin, [presetIds[0] ?? '']);
    const changed = expectStatus<ProductPage>(
      await api(admin, 'PATCH', `/api/admin/shop/products/${product.id}`, {
        payload: { priceMinor: 2500, version: product.version },
      }),
      200,
    );
    expect(changed.priceMinor).toBe(2500);
    expectError(
      await api(admin, 'PATCH', `/api/admin/shop/products/${product.id}`, {
        payload: { priceMinor: 100, version: product.version },
      }),
      409,
      'conflict',
    );
  });
});

describe('cart and orders', () => {
  it('keeps the cart with the account, leaving out what is not on sale', async () => {
    const onSale = await createProduct(test.testApp, admin, [presetIds[0] ?? '']);
    const off = await createProduct(test.testApp, admin, [presetIds[1] ?? ''], { active: false });
    const cart = expectStatus<{ productIds: string[] }>(
      await api(buyer, 'PUT', '/api/shop/cart', {
        payload: { productIds: [onSale.id, off.id, missingId()] },
      }),
      200,
    );
    expect(cart.productIds).toEqual([onSale.id]);
    expect(
      expectStatus<{ productIds: string[] }>(await api(buyer, 'GET', '/api/shop/cart'), 200)
        .productIds,
    ).toEqual([onSale.id]);
    expect(
      expectStatus<{ productIds: string[] }>(await api(stranger, 'GET', '/api/shop/cart'), 200)
        .productIds,
    ).toEqual([]);
    expectFieldError(
      await api(buyer, 'PUT', '/api/shop/cart', {
        payload: { productIds: [onSale.id, onSale.id] },
      }),
      'productIds',
    );
    expectError(await api(null, 'GET', '/api/shop/cart'), 401, 'auth/unauthenticated');
  });

  it('makes one order per token (a double click or a retry), and empties the cart', async () => {
    const product = await createProduct(test.testApp, admin, [presetIds[0] ?? ''], {
      priceMinor: 1234,
    });
    await api(buyer, 'PUT', '/api/shop/cart', { payload: { productIds: [product.id] } });
    const payload = { productIds: [product.id], token: orderToken() };
    const [first, second] = await Promise.all([
      api(buyer, 'POST', '/api/shop/orders', { payload }),
      api(buyer, 'POST', '/api/shop/orders', { payload }),
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
    const mine = expectStatus<{ items: Order[] }>(await api(buyer, 'GET', '/api/shop/orders'), 200);
    expect(mine.items.filter((order) => order.id === a?.id)).toHaveLength(1);
    expect(
      expectStatus<{ productIds: string[] }>(await api(buyer, 'GET', '/api/shop/cart'), 200)
        .productIds,
    ).toEqual([]);
  });

  it('refuses products not on sale or in mixed currencies, naming the product', async () => {
    const off = await createProduct(test.testApp, admin, [presetIds[0] ?? ''], { active: false });
    const euro = await createProduct(test.testApp, admin, [presetIds[0] ?? '']);
    const dollar = await createProduct(test.testApp, admin, [presetIds[1] ?? ''], {
      currency: 'USD',
    });
    expectFieldError(
      await api(buyer, 'POST', '/api/shop/orders', {
        payload: { productIds: [euro.id, off.id], token: orderToken() },
      }),
      'productIds.1',
    );
    expectFieldError(
      await api(buyer, 'POST', '/api/shop/orders', {
        payload: { productIds: [euro.id, dollar.id], token: orderToken() },
      }),
      'productIds.1',
    );
    expectFieldError(
      await api(buyer, 'POST', '/api/shop/orders', {
        payload: { productIds: [euro.id], token: 'short' },
      }),
      'token',
    );
  });

  it('never shows an order to anyone but its buyer', async () => {
    const product = await createProduct(test.testApp, admin, [presetIds[0] ?? '']);
    const order = expectStatus<Order>(
      await api(buyer, 'POST', '/api/shop/orders', {
        payload: { productIds: [product.id], token: orderToken() },
      }),
      201,
    );
    expectStatus(await api(buyer, 'GET', `/api/shop/orders/${order.id}`), 200);
    expectError(await api(stranger, 'GET', `/api/shop/orders/${order.id}`), 404, 'order/not-found');
    expectError(
      await api(null, 'GET', `/api/shop/orders/${order.id}`),
      401,
      'auth/unauthenticated',
    );
    const theirs = expectStatus<{ items: Order[] }>(
      await api(stranger, 'GET', '/api/shop/orders'),
      200,
    );
    expect(theirs.items.map((item) => item.id)).not.toContain(order.id);
    expectError(
      await api(stranger, 'POST', `/api/admin/shop/orders/${order.id}/paid`),
      403,
      'auth/forbidden',
    );
    const all = expectStatus<{ items: Order[] }>(
      await api(admin, 'GET', '/api/admin/shop/orders'),
      200,
    );
    expect(all.items.find((item) => item.id === order.id)?.buyerEmail).toBe(buyer.email);
  });
});

describe('unlocking', () => {
  it('a paid order lets the buyer copy; paying twice unlocks once; a refund stops new copies only', async () => {
    const presetId = presetIds[1] ?? '';
    const product = await createProduct(test.testApp, admin, [presetId]);
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    const order = expectStatus<Order>(
      await api(buyer, 'POST', '/api/shop/orders', {
        payload: { productIds: [product.id], token: orderToken() },
      }),
      201,
    );
    // Ordering is not paying.
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    expectError(
      await api(admin, 'POST', `/api/admin/shop/orders/${order.id}/refund`),
      409,
      'order/state',
    );

    const [paid, again] = await Promise.all([
      api(admin, 'POST', `/api/admin/shop/orders/${order.id}/paid`),
      api(admin, 'POST', `/api/admin/shop/orders/${order.id}/paid`),
    ]);
    expect(expectStatus<Order>(paid as never, 200).status).toBe('paid');
    expect(expectStatus<Order>(again as never, 200).status).toBe('paid');
    expect(await unlocksOf(buyer, presetId)).toHaveLength(1);

    const detail = expectStatus<PresetDetail>(
      await api(buyer, 'GET', `/api/presets/${presetId}`),
      200,
    );
    expect(detail.copyable).toBe(true);
    expect(
      expectStatus<ProductPage>(await api(buyer, 'GET', `/api/shop/products/${product.id}`), 200)
        .owned,
    ).toBe(true);
    const copied = expectStatus<Itinerary>(await copy(buyer, presetId), 201);
    // Someone else's payment unlocks nothing for a stranger.
    expectError(await copy(stranger, presetId), 403, 'preset/premium');

    const refunded = expectStatus<Order>(
      await api(admin, 'POST', `/api/admin/shop/orders/${order.id}/refund`),
      200,
    );
    expect(refunded.status).toBe('refunded');
    expect(refunded.refundedAt).not.toBeNull();
    expectError(await copy(buyer, presetId), 403, 'preset/premium');
    // The copy made before the refund is the buyer's own itinerary and stays.
    expectStatus(await api(buyer, 'GET', `/api/itineraries/${copied.id}`), 200);
    // A refunded order is not paid again by a late notice.
    expectError(
      await api(admin, 'POST', `/api/admin/shop/orders/${order.id}/paid`),
      409,
      'order/state',
    );
    const active = await test.testApp.database.db
      .select()
      .from(presetUnlock)
      .where(and(eq(presetUnlock.userId, buyer.id), isNull(presetUnlock.revokedAt)));
    expect(active.filter((row) => row.presetId === presetId)).toHaveLength(0);
  });

  it('has no Stripe webhook in invoice mode', async () => {
    expectError(
      await api(null, 'POST', '/api/shop/stripe/webhook', {
        payload: { id: 'evt_1' },
        headers: { 'stripe-signature': 't=1,v1=abc' },
      }),
      404,
      'shop/stripe-not-configured',
    );
  });
});
