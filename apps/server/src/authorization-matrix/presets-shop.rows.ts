import type { PresetSummary } from '@jammy/shared/presets';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { expectStatus } from '../../test/expect';
import { createItinerary, createStage } from '../../test/factories';
import { preset as presetTable } from '../db/schema/itineraries';
import { adminOnly, everyone, signedIn, type Row, type World } from './matrix';

/** A free Jammy itinerary of the catalogue, and another made premium (they ship free). */
const catalogue = (world: World) =>
  world.once('catalogue', async () => {
    const presets = expectStatus<{ items: PresetSummary[] }>(
      await world.api(null, 'GET', '/api/presets?limit=100'),
      200,
    ).items;
    const free = presets.find((candidate) => !candidate.premium);
    if (!free) throw new Error('the catalogue has no free Jammy itinerary');
    const premium = presets.find((candidate) => candidate.id !== free.id);
    if (!premium) throw new Error('the catalogue has only one Jammy itinerary');
    await world.server.database.db
      .update(presetTable)
      .set({ premium: true })
      .where(eq(presetTable.id, premium.id));
    return { presetId: free.id, premiumId: premium.id };
  });
const preset = async (world: World) => ({ presetId: (await catalogue(world)).presetId });
const premium = async (world: World) => ({ premiumId: (await catalogue(world)).premiumId });
/** An itinerary of the admin's that can be published: one stage with a destination. */
async function publishableTrip({ server, users }: World): Promise<string> {
  const admin = server.client(users.admin);
  const trip = await createItinerary(admin, { title: 'Mine' });
  await createStage(admin, trip.id, {
    title: 'Rome',
    destinationName: 'Rome',
    lat: 41.9,
    lng: 12.5,
    countryCode: 'IT',
  });
  return trip.id;
}
/** A Jammy itinerary an admin published (deletable, unlike the catalogue's). */
const publishedPreset = async (world: World) => {
  const response = await world.api(world.users.admin, 'POST', '/api/presets', {
    payload: { itineraryId: await publishableTrip(world), region: 'europe', interests: [] },
  });
  const created = expectStatus<PresetSummary & { admin: { version: number } }>(response, 201);
  return { presetId: created.id, version: String(created.admin.version) };
};
const adminTrip = async (world: World) => ({ adminTripId: await publishableTrip(world) });
// --- the shop ---
const product = async (world: World) => {
  const { premiumId } = await catalogue(world);
  const response = await world.api(world.users.admin, 'POST', '/api/admin/shop/products', {
    payload: {
      title: 'Premium',
      priceMinor: 900,
      currency: 'EUR',
      presetIds: [premiumId],
      active: true,
    },
  });
  const created = expectStatus<{ id: string; version: number }>(response, 201);
  return { productId: created.id, version: String(created.version) };
};
/** A pending order of the owner's (nobody else's to read). */
const order = async (world: World) => {
  const { productId } = await product(world);
  const response = await world.api(world.users.owner, 'POST', '/api/shop/orders', {
    payload: { productIds: [productId], token: `matrix-${uuidv7()}` },
  });
  return { productId, orderId: expectStatus<{ id: string }>(response, 201).id };
};
const paidOrder = async (world: World) => {
  const { orderId } = await order(world);
  const paid = `/api/admin/shop/orders/${orderId}/paid`;
  expectStatus(await world.api(world.users.admin, 'POST', paid), 200);
  return { orderId };
};
/**
 * The owner has bought the premium itinerary (a paid order of their own, never refunded): the
 * one caller besides admins who reads it whole.
 */
const boughtPremium = async (world: World) => {
  await world.once('owner bought', () => paidOrder(world));
  return { presetId: (await catalogue(world)).premiumId };
};
const boughtProduct = async (world: World) => {
  await boughtPremium(world);
  return product(world);
};
/** A premium itinerary is read whole by those who may copy it, else as a preview (issue 23). */
const premiumView = (detail: { preview: boolean } | undefined) =>
  detail?.preview ? 'preview' : 'whole';
const readsPremium = {
  // anonymous, stranger, link holder, viewer, editor, owner (the buyer), admin
  expect: ['preview', 'preview', '-', 'preview', 'preview', 'whole', 'whole'],
};

export const PRESET_SHOP_ROWS: readonly Row[] = [
  // --- Jammy itineraries ---
  { method: 'GET', path: '/api/presets', expect: everyone(200, 400) },
  {
    method: 'GET',
    path: '/api/presets/:presetId',
    expect: everyone(200, 400),
    prepare: boughtPremium,
    sees: { ...readsPremium, of: (body) => premiumView(JSON.parse(body) as { preview: boolean }) },
  },
  {
    method: 'POST',
    path: '/api/presets/:presetId/copy',
    expect: signedIn(201, 400),
    prepare: preset,
    payload: () => ({ startDate: '2027-05-01' }),
  },
  {
    method: 'POST',
    path: '/api/presets',
    expect: adminOnly(201),
    prepare: adminTrip,
    payload: ({ adminTripId = '' }) => ({
      itineraryId: adminTripId,
      region: 'europe',
      interests: ['art'],
    }),
  },
  {
    method: 'PATCH',
    path: '/api/presets/:presetId',
    expect: adminOnly(200),
    prepare: publishedPreset,
    payload: ({ version = '1' }) => ({ published: false, version: Number(version) }),
  },
  {
    method: 'DELETE',
    path: '/api/presets/:presetId',
    expect: adminOnly(204),
    prepare: publishedPreset,
  },
  // --- the shop: browsing is public, carts and orders are each buyer's own ---
  { method: 'GET', path: '/api/shop/products', expect: everyone(200, 400) },
  {
    method: 'GET',
    path: '/api/shop/products/:productId',
    expect: everyone(200, 400),
    prepare: boughtProduct,
    sees: {
      ...readsPremium,
      of: (body) =>
        premiumView((JSON.parse(body) as { details: { preview: boolean }[] }).details[0]),
    },
  },
  { method: 'GET', path: '/api/shop/cart', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/shop/cart',
    expect: signedIn(200),
    prepare: product,
    payload: ({ productId = '' }) => ({ productIds: [productId] }),
  },
  {
    method: 'POST',
    path: '/api/shop/orders',
    expect: signedIn(201),
    prepare: product,
    payload: ({ productId = '' }) => ({ productIds: [productId], token: `matrix-${uuidv7()}` }),
  },
  { method: 'GET', path: '/api/shop/orders', expect: signedIn(200) },
  {
    method: 'GET',
    path: '/api/shop/orders/:orderId',
    expect: [401, 404, 401, 404, 404, 200, 404],
    prepare: order,
  },
  // Stripe is not configured in this installation: there is no webhook to call.
  {
    method: 'POST',
    path: '/api/shop/stripe/webhook',
    expect: everyone(404),
    payload: () => ({ id: 'evt_matrix', type: 'checkout.session.completed' }),
  },
  {
    method: 'POST',
    path: '/api/admin/shop/products',
    expect: adminOnly(201),
    prepare: premium,
    payload: ({ premiumId = '' }) => ({
      title: 'Premium',
      priceMinor: 900,
      currency: 'EUR',
      presetIds: [premiumId],
    }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/shop/products/:productId',
    expect: adminOnly(200),
    prepare: product,
    payload: ({ version = '1' }) => ({ priceMinor: 1200, version: Number(version) }),
  },
  { method: 'GET', path: '/api/admin/shop/orders', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/shop/orders/:orderId/paid',
    expect: adminOnly(200),
    prepare: order,
  },
  {
    method: 'POST',
    path: '/api/admin/shop/orders/:orderId/refund',
    expect: adminOnly(200),
    prepare: paidOrder,
  },
];
