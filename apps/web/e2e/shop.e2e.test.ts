import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLocale from '@jammy/shared/locales/en.json';
import arLocale from '@jammy/shared/locales/ar.json';
import deLocale from '@jammy/shared/locales/de.json';
import { signUpVerified, uniqueEmail, waitForMail } from './accounts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newContext,
  seriousViolations,
  url,
  api,
  heading,
} from './browser';

const enAccount = enLocale.account;
const enAuth = enLocale.auth;
const enPresets = enLocale.presets;
const arPresets = arLocale.presets;
const dePresets = deLocale.presets;
const arShop = arLocale.shop;
const enShop = enLocale.shop;
const ar = arLocale.translation;
const de = deLocale.translation;
const en = enLocale.translation;
const enMail = enLocale.mail;

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const TITLE = `Sicily slow and sweet ${Date.now().toString(36)}`;
const PRODUCT = `Sicily premium ${Date.now().toString(36)}`;
let admin: BrowserContext;
let presetId = '';
let productId = '';
/** The order the buyer places and pays, refunded in the end; the buyer's browser stays open. */
let orderId = '';
let buyerEmail = '';
let buyerContext: BrowserContext | undefined;
/** What the second stage holds: a buyer's to read, not a visitor's. */
const LOCKED_PLACE = 'Caffè Sicilia';
const LOCKED_NOTES = 'Granita di mandorla with a brioche, for breakfast';

/**
 * An admin's two-day Sicily trip of two stages (Palermo, then Noto), published as a premium
 * Jammy itinerary (through the API).
 */
async function publishPremium(context: BrowserContext): Promise<string> {
  const trip = await api<{ id: string }>(context, 'POST', '/api/itineraries', {
    title: TITLE,
    description: 'Cannoli in Palermo, then the baroque towns of the south-east.',
    startDate: '2027-04-01',
    endDate: '2027-04-02',
  });
  const base = `/api/itineraries/${trip.id}`;
  const stage = await api<{ id: string }>(context, 'POST', `${base}/stages`, {
    title: 'Palermo',
    destinationName: 'Palermo',
    lat: 38.1157,
    lng: 13.3615,
    countryCode: 'IT',
    startDate: '2027-04-01',
    endDate: '2027-04-01',
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: stage.id,
    name: 'Mercato di Ballarò',
    category: 'other',
    lat: 38.1126,
    lng: 13.3586,
    day: '2027-04-01',
  });
  const noto = await api<{ id: string }>(context, 'POST', `${base}/stages`, {
    title: 'Noto',
    destinationName: 'Noto',
    lat: 36.8906,
    lng: 15.0699,
    countryCode: 'IT',
    startDate: '2027-04-02',
    endDate: '2027-04-02',
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: noto.id,
    name: LOCKED_PLACE,
    category: 'food',
    lat: 36.8919,
    lng: 15.0686,
    day: '2027-04-02',
    time: '09:00',
    notes: LOCKED_NOTES,
  });
  const preset = await api<{ id: string }>(context, 'POST', '/api/presets', {
    itineraryId: trip.id,
    region: 'europe',
    interests: ['food-and-drink', 'history'],
    premium: true,
  });
  return preset.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, DESKTOP);
  await signUpVerified(admin, { email: 'shop-admin@jammy.test', name: 'Sandro Admin' });
  presetId = await publishPremium(admin);
}, 60_000);
afterAll(async () => {
  await buyerContext?.close();
  await admin?.close();
  await browser?.close();
});

describe('the shop', () => {
  it('lets an admin put a premium itinerary on sale from the account page', async () => {
    const page = await admin.newPage();
    const main = page.locator('main');
    await page.goto(url('/account#shop'));
    const form = main.getByRole('region', { name: enShop.admin.newProduct });
    await form.waitFor({ timeout: 15_000 });
    await form.getByLabel(enShop.admin.title).fill(PRODUCT);
    await form.getByLabel(enShop.admin.description).fill('Two days of Sicily, day by day.');
    await form.getByLabel(enShop.admin.presets).click();
    await page.getByRole('option', { name: TITLE }).click();
    await page.keyboard.press('Escape');
    // The price says its unit: major units of the currency, as the buyer pays it.
    await form.getByText('In EUR, as the buyer pays it: 19.00 is €19.00.').waitFor();
    await form.getByLabel(enShop.admin.price).fill('19.50');
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/shop-admin-price-en.png` });
    await form.getByRole('button', { name: enShop.admin.create }).click();
    const row = main.locator('[data-admin-product]', { hasText: PRODUCT });
    await row.waitFor();
    productId = (await row.getAttribute('data-admin-product')) ?? '';
    expect(productId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await row.textContent()).toContain('€19.50');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('sells it: browse, cart across a reload, sign in back to the cart, invoice, paid by an admin, copied once', async () => {
    // The buyer has an account already; they arrive as a visitor.
    const signUp = await newContext(browser, DESKTOP);
    const buyer = await signUpVerified(signUp, { email: uniqueEmail('buyer') });
    await api(signUp, 'PATCH', '/api/me', { onboarded: true });
    await signUp.close();

    const context = await newContext(browser, DESKTOP);
    buyerContext = context;
    buyerEmail = buyer.email;
    const page = await context.newPage();
    const main = page.locator('main');
    await page.goto(url('/shop'));
    expect(await heading(page)).toBe(en.routes.shop.title);
    expect(await page.locator('[data-layout]').first().getAttribute('data-layout')).toBe(
      'not-logged',
    );
    const card = main.locator(`[data-product="${productId}"]`);
    await card.waitFor();
    await card.getByRole('link', { name: PRODUCT }).click();
    await expect.poll(() => heading(page)).toBe(PRODUCT);
    // What is inside: the itinerary, its days, stages and places, and its map; before buying,
    // the first stage whole and the second by its name.
    const inside = main.getByRole('region', { name: TITLE, exact: true });
    await inside.waitFor();
    expect(await inside.textContent()).toContain('2 days · 2 stages · 2 places');
    expect(await inside.textContent()).toContain('Mercato di Ballarò');
    expect(await inside.textContent()).toContain('Noto');
    expect(await inside.textContent()).not.toContain(LOCKED_PLACE);
    await inside.getByRole('region', { name: enPresets.detail.previewTitle }).waitFor();
    await inside.locator('.leaflet-container').waitFor();

    await main.getByRole('button', { name: enShop.add, exact: true }).click();
    await main.getByRole('link', { name: enShop.inCart }).click();
    await expect.poll(() => heading(page)).toBe(en.routes['shop-cart'].title);
    await main.locator(`[data-cart-item="${productId}"]`).waitFor();
    // The cart survives a reload (this browser keeps a visitor's cart).
    await page.reload();
    await main.locator(`[data-cart-item="${productId}"]`).waitFor();
    expect(await main.locator('[data-total]').textContent()).toBe('€19.50');

    await main.getByRole('link', { name: enShop.cart.signIn }).click();
    await page.waitForURL(/\/login\/start\?redirect=%2Fshop%2Fcart$/);
    await main.getByRole('link', { name: enAuth.loginStart.password }).click();
    await main.getByLabel(enAuth.fields.email).fill(buyer.email);
    await main.getByLabel(enAuth.fields.password, { exact: true }).fill(buyer.password);
    await main.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
    await page.waitForURL(url('/shop/cart'));
    await main.locator(`[data-cart-item="${productId}"]`).waitFor();
    // The browser's cart is now the account's.
    await expect
      .poll(
        async () =>
          (await api<{ productIds: string[] }>(context, 'GET', '/api/shop/cart')).productIds,
      )
      .toEqual([productId]);

    const order = main.getByRole('button', { name: enShop.cart.requestInvoice });
    // A double click makes one order.
    await order.dblclick();
    await main.locator('[data-state="order-placed"]').waitFor();
    const mine = await api<{ items: { id: string; status: string; totalMinor: number }[] }>(
      context,
      'GET',
      '/api/shop/orders',
    );
    expect(mine.items).toHaveLength(1);
    orderId = mine.items[0]?.id ?? '';
    expect(mine.items[0]).toMatchObject({ status: 'pending', totalMinor: 1950 });
    const status = async () =>
      (await api<{ status: string }>(context, 'GET', `/api/shop/orders/${orderId}`)).status;

    // Not paid yet: the itinerary stays locked, and reads as a preview.
    await page.goto(url(`/jammy-itineraries/${presetId}`));
    await main.locator('[data-state="premium-locked"]').first().waitFor();
    await main.getByRole('region', { name: enPresets.detail.previewTitle }).waitFor();
    expect(await main.textContent()).toContain('Noto');
    expect(await main.textContent()).not.toContain(LOCKED_PLACE);
    expect(await main.textContent()).not.toContain(LOCKED_NOTES);

    // The admin marks the invoice paid: the first click only asks, saying what will happen.
    const adminPage = await admin.newPage();
    await adminPage.goto(url('/account#shop'));
    const adminOrder = adminPage.locator(`main [data-order="${orderId}"]`);
    await adminOrder.waitFor({ timeout: 15_000 });
    expect(await adminOrder.textContent()).toContain(buyer.email);
    const number = orderId.slice(-8).toUpperCase();
    const confirmPaid = adminPage.getByRole('dialog', {
      name: enShop.admin.confirmPaid.title.replace('{number}', number),
    });
    await adminOrder.getByRole('button', { name: enShop.admin.markPaid }).click();
    await confirmPaid.waitFor();
    const paidText = (await confirmPaid.textContent()) ?? '';
    expect(paidText).toContain('€19.50');
    expect(paidText).toContain(buyer.email);
    expect(paidText).toContain(PRODUCT);
    expect(await status()).toBe('pending');
    // Cancel changes nothing.
    await confirmPaid.getByRole('button', { name: enShop.admin.cancel }).click();
    await confirmPaid.waitFor({ state: 'hidden' });
    expect(await status()).toBe('pending');
    expect(await adminOrder.getAttribute('data-status')).toBe('pending');
    await adminOrder.getByRole('button', { name: enShop.admin.markPaid }).click();
    await confirmPaid
      .getByRole('button', { name: enShop.admin.confirmPaid.confirm, exact: true })
      .click();
    await adminPage.locator(`main [data-order="${orderId}"][data-status="paid"]`).waitFor();
    // The buyer is told by mail, with the way to the itinerary.
    const paidMail = await waitForMail(
      buyer.email,
      new RegExp(enMail.orderPaid.subject.replace('{number}', number)),
    );
    expect(paidMail.links).toContain(url(`/jammy-itineraries/${presetId}?copy=1`));
    const paid = await api<{ paidAt: string; version: number }>(
      admin,
      'GET',
      '/api/admin/shop/orders',
    ).then((list) =>
      (list as unknown as { items: { id: string; paidAt: string; version: number }[] }).items.find(
        (item) => item.id === orderId,
      ),
    );
    // A second payment notice for the same order changes nothing and unlocks nothing more.
    const again = await api<{ status: string; paidAt: string; version: number }>(
      admin,
      'POST',
      `/api/admin/shop/orders/${orderId}/paid`,
    );
    expect(again).toMatchObject({ status: 'paid', paidAt: paid?.paidAt, version: paid?.version });
    await adminPage.close();

    // The buyer reads the whole itinerary now, sees the order paid and copies it.
    await page.goto(url(`/jammy-itineraries/${presetId}`));
    await main.getByText(LOCKED_PLACE).waitFor();
    expect(await main.textContent()).toContain(LOCKED_NOTES);
    expect(await main.locator('[data-state="preview"]').count()).toBe(0);
    await page.goto(url('/account#orders'));
    const paidOrder = main.locator(`[data-order="${orderId}"][data-status="paid"]`);
    await paidOrder.waitFor({ timeout: 15_000 });
    expect(await paidOrder.textContent()).toContain(enShop.orders.status.paid);
    await paidOrder
      .getByRole('link', { name: enShop.orders.copy.replace('{title}', PRODUCT) })
      .click();
    const dialog = page.getByRole('dialog', { name: enPresets.copy.title });
    await dialog.getByLabel(enPresets.copy.startDate).fill('2027-09-10');
    await dialog.getByRole('button', { name: enPresets.copy.submit }).click();
    await page.waitForURL(/\/itinerary\/[0-9a-f-]{36}$/);
    await expect.poll(() => heading(page)).toBe(TITLE);
    const product = await api<{ owned: boolean }>(
      context,
      'GET',
      `/api/shop/products/${productId}`,
    );
    expect(product.owned).toBe(true);
    expect(enAccount.tabs.orders).toBeTruthy();
  });

  it('refunds only once confirmed, by keyboard too, and the buyer is back to the preview', async () => {
    const context = buyerContext;
    if (!context || !orderId) throw new Error('the order of the previous test is missing');
    const status = async () =>
      (await api<{ status: string }>(context, 'GET', `/api/shop/orders/${orderId}`)).status;
    const page = await admin.newPage();
    await page.goto(url('/account#shop'));
    const order = page.locator(`main [data-order="${orderId}"][data-status="paid"]`);
    await order.waitFor({ timeout: 15_000 });
    const refund = order.getByRole('button', { name: enShop.admin.refund, exact: true });
    const dialog = page.getByRole('dialog', {
      name: enShop.admin.confirmRefund.title.replace('{number}', orderId.slice(-8).toUpperCase()),
    });
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');

    await refund.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // It says what the refund takes away, from whom, and for how much; Cancel has the focus.
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain(
      enShop.admin.confirmRefund.message
        .replace('{buyer}', buyerEmail)
        .replace('{products}', PRODUCT),
    );
    expect(text).toContain(PRODUCT);
    expect(text).toContain(enShop.admin.confirmRefund.invoice.replace('{total}', '€19.50'));
    await expect.poll(focused).toBe(enShop.admin.cancel);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/shop-refund-confirm-en.png` });
    // Escape changes nothing, and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await status()).toBe('paid');
    await expect.poll(focused).toBe(enShop.admin.refund);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect.poll(focused).toBe(enShop.admin.cancel);
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe(enShop.admin.confirmRefund.confirm);
    await page.keyboard.press('Enter');
    await page.locator(`main [data-order="${orderId}"][data-status="refunded"]`).waitFor();
    expect(await status()).toBe('refunded');
    await page.close();

    // Refunded, the buyer reads the preview again.
    const buyerPage = await context.newPage();
    await buyerPage.goto(url(`/jammy-itineraries/${presetId}`));
    const main = buyerPage.locator('main');
    await main.getByRole('region', { name: enPresets.detail.previewTitle }).waitFor();
    expect(await main.textContent()).not.toContain(LOCKED_PLACE);
    await buyerPage.close();
  });
});

describe('a premium itinerary before buying it, at 390 px', () => {
  const PREVIEWS = [
    ['en', en, enPresets],
    ['de', de, dePresets],
    ['ar', ar, arPresets],
  ] as const;

  it.each(PREVIEWS)(
    'in %s: the first stage whole, the others by name',
    async (language, _core, presets) => {
      const context = await newContext(browser, {
        ...PHONE,
        viewport: { width: 390, height: 844 },
      });
      const page = await context.newPage();
      const main = page.locator('main');
      const prefix = language === 'en' ? '' : `/${language}`;
      await page.goto(url(`${prefix}/jammy-itineraries/${presetId}`));
      await main.getByRole('region', { name: presets.detail.previewTitle }).waitFor();
      await main.getByText(presets.detail.lockedStage).waitFor();
      expect(await main.textContent()).toContain('Mercato di Ballarò');
      expect(await main.textContent()).not.toContain(LOCKED_PLACE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      expect(await seriousViolations(page)).toEqual([]);
      if (SHOTS) {
        await page.screenshot({
          path: `${SHOTS}/preset-preview-390-${language}.png`,
          fullPage: true,
        });
      }
      await page.goto(url(`${prefix}/shop/${productId}`));
      await main.getByRole('region', { name: presets.detail.previewTitle }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      if (SHOTS) {
        await page.screenshot({
          path: `${SHOTS}/product-preview-390-${language}.png`,
          fullPage: true,
        });
      }
      await context.close();
    },
  );
});

const SCREENS: [string, BrowserContextOptions][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];
const LANGUAGES = [
  ['en', en, enShop],
  ['ar', ar, arShop],
] as const;

describe.each(SCREENS)('shop pages on a %s', (_screen, options) => {
  it.each(LANGUAGES)('pass axe in %s, /shop and a product page', async (language, core) => {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    const prefix = language === 'en' ? '' : `/${language}`;
    await page.goto(url(`${prefix}/shop`));
    expect(await heading(page)).toBe(core.routes.shop.title);
    await page.locator(`main [data-product="${productId}"]`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(url(`${prefix}/shop/${productId}`));
    await expect.poll(() => heading(page)).toBe(PRODUCT);
    await page.locator('main .leaflet-container').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(
      language === 'ar' ? 'rtl' : 'ltr',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('shop screenshots at 360 px', () => {
  it.each(LANGUAGES)('in %s', async (language, core, shop) => {
    const context = await newContext(browser, { ...PHONE, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const prefix = language === 'en' ? '' : `/${language}`;
    await page.goto(url(`${prefix}/shop`));
    expect(await heading(page)).toBe(core.routes.shop.title);
    await page.locator(`main [data-product="${productId}"]`).waitFor();
    // Nothing sticks out sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/shop-360-${language}.png`, fullPage: true });
    await page.goto(url(`${prefix}/shop/${productId}`));
    await expect.poll(() => heading(page)).toBe(PRODUCT);
    await page.locator('main .leaflet-container').first().waitFor();
    await page.getByRole('button', { name: shop.add, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/shop-product-360-${language}.png`, fullPage: true });
    }
    await context.close();
  });
});
