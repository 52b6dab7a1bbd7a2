import { ROUTES, buildPath, type Route } from '@jammy/shared/route-table';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import { baseUrl, launchBrowser, newContext } from './browser';

// A normal visit logs nothing in red: being signed out is a normal state (the app asks
// GET /api/session, which answers 200 either way), and no page of the route table fails a
// request or throws on its way to showing itself.

// Ids no itinerary has: signed out, the pages that need them send the visitor to sign in.
const UNKNOWN = {
  id: '0192f7a0-0000-7000-8000-0000000000aa',
  stageId: '0192f7a0-0000-7000-8000-0000000000ab',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Every console error and uncaught exception of `page`, as readable lines. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const at = message.location().url;
      errors.push(`${message.text()}${at ? ` (${at})` : ''} on ${page.url()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message} on ${page.url()}`));
  return errors;
}

/** Opens `path` and waits until the page has shown its heading and settled. */
async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${baseUrl()}${path}`);
  expect(response?.status(), path).toBe(200);
  await page.locator('h1').first().waitFor({ state: 'visible' });
  // Requests the page makes once shown (lists, maps, activity) get time to answer.
  await page.waitForTimeout(600);
}

async function firstPresetId(context: BrowserContext): Promise<string> {
  const response = await context.request.get(`${baseUrl()}/api/presets`);
  const {
    items: [first],
  } = (await response.json()) as { items: { id: string }[] };
  if (!first) throw new Error('The catalogue has no Jammy itinerary');
  return first.id;
}

let product: Promise<string> | undefined;

/**
 * A product on sale (the shop has none until an admin adds one): an admin publishes a
 * premium Jammy itinerary and puts it on sale, once for the whole file.
 */
function shopProductId(): Promise<string> {
  product ??= (async () => {
    const context = await newContext(browser);
    await signUpVerified(context, { email: 'console-admin@jammy.test' });
    const post = async <T>(path: string, data: object): Promise<T> => {
      const response = await context.request.post(`${baseUrl()}${path}`, {
        headers: { origin: baseUrl() },
        data,
      });
      expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
      return (await response.json()) as T;
    };
    const trip = await post<{ id: string }>('/api/itineraries', { title: 'Console premium' });
    await post(`/api/itineraries/${trip.id}/stages`, {
      title: 'Bergen',
      destinationName: 'Bergen',
      lat: 60.3913,
      lng: 5.3221,
      countryCode: 'NO',
    });
    const preset = await post<{ id: string }>('/api/presets', {
      itineraryId: trip.id,
      region: 'europe',
      interests: [],
      premium: true,
    });
    const created = await post<{ id: string }>('/api/admin/shop/products', {
      title: 'Console premium',
      priceMinor: 900,
      currency: 'EUR',
      presetIds: [preset.id],
      active: true,
    });
    await context.close();
    return created.id;
  })();
  return product;
}

/** Real ids for the pages that show one thing (a Jammy itinerary, a product). */
function paramsFor(route: Route, ids: Record<string, string>, presetId: string, productId: string) {
  if (route.id === 'preset') return { id: presetId };
  if (route.id === 'shop-product') return { id: productId };
  return ids;
}

describe('the console of a signed-out visitor', () => {
  let page: Page;
  let errors: string[];
  let presetId = '';
  let productId = '';

  beforeAll(async () => {
    const context = await newContext(browser);
    presetId = await firstPresetId(context);
    productId = await shopProductId();
    page = await context.newPage();
    errors = collectErrors(page);
  });

  it.each(ROUTES.map((route) => [route.path, route] as const))(
    'stays quiet on %s',
    async (_, route: Route) => {
      errors.length = 0;
      const params = paramsFor(route, UNKNOWN, presetId, productId);
      await visit(page, buildPath(route.path, params));
      expect(errors).toEqual([]);
    },
  );

  it('asks who is here without an error: 200 with no user', async () => {
    const answer = await page.request.get(`${baseUrl()}/api/session`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ user: null });
  });
});

describe('the console of a signed-in traveller', () => {
  let page: Page;
  let errors: string[];
  const ids = { id: '', stageId: '', presetId: '', productId: '' };

  beforeAll(async () => {
    const context = await newContext(browser);
    await signUpVerified(context);
    const post = (path: string, data: object) =>
      context.request.post(`${baseUrl()}${path}`, { headers: { origin: baseUrl() }, data });
    const trip = await post('/api/itineraries', {
      title: 'Quiet console',
      startDate: '2027-05-01',
      endDate: '2027-05-04',
    });
    ids.id = ((await trip.json()) as { id: string }).id;
    const stage = await post(`/api/itineraries/${ids.id}/stages`, {
      title: 'Porto',
      destinationName: 'Porto',
      lat: 41.1496,
      lng: -8.611,
      countryCode: 'PT',
    });
    expect(stage.status()).toBe(201);
    ids.stageId = ((await stage.json()) as { id: string }).id;
    await post(`/api/itineraries/${ids.id}/places`, {
      stageId: ids.stageId,
      name: 'Livraria Lello',
      category: 'sight',
      lat: 41.1469,
      lng: -8.6149,
    });
    ids.presetId = await firstPresetId(context);
    ids.productId = await shopProductId();
    page = await context.newPage();
    errors = collectErrors(page);
  });

  // Signing out ends the session (it has its own test); the sign-in pages send a signed-in
  // traveller to their trips, which is visited anyway.
  const routes = ROUTES.filter((route) => route.id !== 'logout' && route.access !== 'anonymous');
  it.each(routes.map((route) => [route.path, route] as const))(
    'stays quiet on %s',
    async (_, route: Route) => {
      errors.length = 0;
      const params = paramsFor(route, ids, ids.presetId, ids.productId);
      await visit(page, buildPath(route.path, params));
      expect(errors).toEqual([]);
    },
  );
});
