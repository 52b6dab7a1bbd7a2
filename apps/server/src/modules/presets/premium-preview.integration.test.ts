import type { PresetContent, PresetDetail } from '@jammy/shared/presets';
import type { Order, ProductPage } from '@jammy/shared/shop';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { createProduct } from '../../../test/shop-helpers';
import { preset } from '../../db/schema/itineraries';

/**
 * Issue 23: a premium Jammy itinerary is read whole only by those who may copy it (buyers of a
 * paid, unrefunded order, and admins). Everyone else reads a preview: the summary, the names
 * of the stages and the first stage in full — through every route that answers its content.
 */

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let admin: Traveller;
let buyer: Traveller;
let refunded: Traveller;
let stranger: Traveller;
let premiumId: string;
let freeId: string;
let productId: string;
let content: PresetContent;
/** The summary's own text (title and description in every language), shown to everyone. */
let summaryText: string;

/** Every text of the stages after the first: what a preview must not hold. */
function hiddenTexts(): string[] {
  // The stages' names are shown (they may name a place, "Lagoon and the Knysna Heads").
  const names = content.stages.map((stage) => [
    stage.destinationName,
    Object.values(stage.text).map((text) => text.title),
  ]);
  const shown = JSON.stringify([content.stages[0], names]) + summaryText;
  const texts = content.stages
    .slice(1)
    .flatMap((stage) => [
      ...Object.values(stage.text).map((text) => text.tip),
      ...stage.places.flatMap((place) => [
        place.name,
        place.address ?? '',
        place.url ?? '',
        ...Object.values(place.text ?? {}).map((text) => text.notes),
      ]),
    ]);
  // Only what the summary, the names and the first stage (whole) do not say as well.
  return [...new Set(texts)].filter((text) => text.length > 3 && !shown.includes(text));
}

async function order(account: Traveller): Promise<Order> {
  const response = await account.post('/api/shop/orders', {
    productIds: [productId],
    token: `preview-${account.id}-${Date.now()}`,
  });
  return expectStatus<Order>(response, 201);
}

async function pay(orderId: string): Promise<void> {
  expectStatus(await admin.post(`/api/admin/shop/orders/${orderId}/paid`), 200);
}

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  [admin, buyer, refunded, stranger] = await Promise.all([
    server.admin('preview-admin'),
    server.traveller({ label: 'preview-buyer' }),
    server.traveller({ label: 'preview-refunded' }),
    server.traveller({ label: 'preview-stranger' }),
  ]);
  // The catalogue trip with the most stages, every one of them with places.
  const rows = await server.database.db.select().from(preset);
  const byStages = rows
    .map((row) => ({ row, content: row.content as PresetContent }))
    .filter(({ content: c }) => c.stages.length >= 3 && c.stages.every((s) => s.places.length > 0))
    .sort((a, b) => b.content.stages.length - a.content.stages.length);
  const chosen = byStages[0];
  if (!chosen) throw new Error('the catalogue has no trip of three stages with places');
  premiumId = chosen.row.id;
  content = chosen.content;
  summaryText = JSON.stringify(chosen.row.text);
  freeId = rows.find((row) => row.id !== premiumId)?.id ?? '';
  await server.database.db.update(preset).set({ premium: true }).where(eq(preset.id, premiumId));
  productId = (await createProduct(server, admin, [premiumId])).id;
  await pay((await order(buyer)).id);
  const toRefund = await order(refunded);
  await pay(toRefund.id);
  expectStatus(await admin.post(`/api/admin/shop/orders/${toRefund.id}/refund`), 200);
}, 60_000);

function expectPreview(detail: PresetDetail, raw: string): void {
  expect(detail.preview).toBe(true);
  expect(detail.copyable).toBe(false);
  // The summary stays whole: what the trip is, how long, how many stages and places.
  expect(detail.stageCount).toBe(content.stages.length);
  expect(detail.placeCount).toBe(
    content.stages.reduce((sum, stage) => sum + stage.places.length, 0),
  );
  expect(detail.stages).toHaveLength(content.stages.length);
  const [first, ...rest] = detail.stages;
  // The first stage in full: its tip and every place.
  expect(first).toMatchObject({ index: 0, locked: false });
  if (first?.locked !== false) throw new Error('the first stage is not shown in full');
  expect(first.places.map((place) => place.name)).toEqual(
    content.stages[0]?.places.map((place) => place.name),
  );
  // The others by their names and days only.
  rest.forEach((stage, offset) => {
    const source = content.stages[offset + 1];
    expect(Object.keys(stage).sort()).toEqual(
      ['countryCode', 'days', 'destinationName', 'index', 'locked', 'startDay', 'title'].sort(),
    );
    expect(stage).toMatchObject({
      index: offset + 1,
      locked: true,
      destinationName: source?.destinationName,
      startDay: source?.startDay,
      days: source?.days,
    });
  });
  for (const text of hiddenTexts()) expect(raw).not.toContain(text);
}

function expectWhole(detail: PresetDetail): void {
  expect(detail.preview).toBe(false);
  expect(detail.copyable).toBe(true);
  expect(detail.stages.map((stage) => stage.locked)).toEqual(content.stages.map(() => false));
  const places = detail.stages.flatMap((stage) =>
    stage.locked ? [] : stage.places.map((place) => place.name),
  );
  expect(places).toEqual(content.stages.flatMap((stage) => stage.places.map((p) => p.name)));
}

async function readPreset(account: SignedInUser | null) {
  const response = await server.client(account).get(`/api/presets/${premiumId}?lang=en`);
  return { detail: expectStatus<PresetDetail>(response, 200), raw: response.body };
}

async function readProduct(account: SignedInUser | null) {
  const response = await server.client(account).get(`/api/shop/products/${productId}?lang=en`);
  const page = expectStatus<ProductPage>(response, 200);
  const detail = page.details[0];
  if (!detail) throw new Error('the product page has no itinerary');
  return { page, detail, raw: response.body };
}

describe('GET /api/presets/{id} of a premium itinerary', () => {
  test('previews it to an anonymous visitor: summary, stage names, the first stage', async () => {
    // The check below has something to look for: the later stages' places, notes and tips.
    expect(hiddenTexts().length).toBeGreaterThan(20);
    const { detail, raw } = await readPreset(null);
    expectPreview(detail, raw);
  });

  test('previews it to a signed-in traveller who has not bought it', async () => {
    const { detail, raw } = await readPreset(stranger);
    expectPreview(detail, raw);
  });

  test('shows it whole to a buyer of a paid order', async () => {
    expectWhole((await readPreset(buyer)).detail);
  });

  test('previews it again to a buyer whose order was refunded', async () => {
    const { detail, raw } = await readPreset(refunded);
    expectPreview(detail, raw);
  });

  test('shows it whole to an admin', async () => {
    expectWhole((await readPreset(admin)).detail);
  });

  test('previews it in every language (the hidden text of each language stays hidden)', async () => {
    for (const language of ['it', 'fr', 'es', 'de', 'ar']) {
      const response = await server.client(null).get(`/api/presets/${premiumId}?lang=${language}`);
      expect(expectStatus<PresetDetail>(response, 200).preview).toBe(true);
      for (const text of hiddenTexts()) expect(response.body).not.toContain(text);
    }
  });

  test('shows a free itinerary whole to everyone', async () => {
    const detail = expectStatus<PresetDetail>(
      await server.client(null).get(`/api/presets/${freeId}`),
      200,
    );
    expect(detail.preview).toBe(false);
    expect(detail.stages.every((stage) => !stage.locked)).toBe(true);
  });
});

describe('GET /api/shop/products/{id} of a product holding it', () => {
  test('previews the itinerary to an anonymous visitor', async () => {
    const { page, detail, raw } = await readProduct(null);
    expect(page.owned).toBe(false);
    expectPreview(detail, raw);
  });

  test('previews it to a signed-in traveller who has not bought it', async () => {
    const { detail, raw } = await readProduct(stranger);
    expectPreview(detail, raw);
  });

  test('shows it whole to its buyer', async () => {
    const { page, detail } = await readProduct(buyer);
    expect(page.owned).toBe(true);
    expectWhole(detail);
  });

  test('previews it to a buyer whose order was refunded', async () => {
    const { page, detail, raw } = await readProduct(refunded);
    expect(page.owned).toBe(false);
    expectPreview(detail, raw);
  });

  test('shows it whole to an admin', async () => {
    expectWhole((await readProduct(admin)).detail);
  });
});

describe('the other ways to its content', () => {
  test('the list of Jammy itineraries holds summaries only', async () => {
    const response = await server.client(null).get('/api/presets?limit=100');
    expectStatus(response, 200);
    for (const text of hiddenTexts()) expect(response.body).not.toContain(text);
  });

  test('the shop’s list holds summaries only', async () => {
    const response = await stranger.get('/api/shop/products');
    expectStatus(response, 200);
    for (const text of hiddenTexts()) expect(response.body).not.toContain(text);
  });

  test('copying is refused to a non-buyer and a refunded buyer, allowed to the buyer', async () => {
    const copy = (account: Traveller) =>
      account.post(`/api/presets/${premiumId}/copy`, { startDate: '2027-06-01' });
    expect((await copy(stranger)).statusCode).toBe(403);
    expect((await copy(refunded)).statusCode).toBe(403);
    expect((await copy(buyer)).statusCode).toBe(201);
  });

  test('a page of the app holds none of it (the server embeds no preset in its HTML)', async () => {
    for (const path of [`/jammy-itineraries/${premiumId}`, `/shop/${productId}`]) {
      const response = await stranger.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      for (const text of hiddenTexts()) expect(response.body).not.toContain(text);
    }
  });
});
