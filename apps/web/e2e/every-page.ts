import { localizePath, type Language } from '@jammy/shared/languages';
import { ROUTES, buildPath, type Route } from '@jammy/shared/route-table';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import { baseUrl, launchBrowser, newContext, seriousViolations } from './browser';

const ar = arLocale.translation;
const en = enLocale.translation;

// Every page of the route table, opened by its address in English and Arabic, signed out and
// signed in: the right answer (the page, or sign-in first), title, layout, language and
// direction, axe in Arabic, and a quiet console: no error logged, no exception thrown, no
// request failing on the way (being signed out is a normal state: GET /api/session answers
// 200 either way).

// Ids nothing has: signed out, the pages that need them send the visitor to sign in.
const ID = '0192f7a0-0000-7000-8000-000000000000';
const STAGE_ID = '0192f7a0-0000-7000-8000-000000000001';
const messages = { en, ar };

/** Where a page sends a visitor who may not see it, or null when it shows the page. */
function redirectFor(route: Route, signedIn: boolean, path: string, language: Language) {
  // No page here carries a share link: a shareable page asks for sign-in like the others.
  if (!signedIn && (route.access === 'signed-in' || route.access === 'signed-in-or-share')) {
    return `${localizePath('/login/start', language)}?redirect=${encodeURIComponent(path)}`;
  }
  if (signedIn && route.access === 'anonymous') return localizePath('/itineraries', language);
  return null;
}

function layoutFor(route: Route, signedIn: boolean): string {
  if (route.layout === 'visitor') return signedIn ? 'logged' : 'not-logged';
  return route.layout;
}

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

/**
 * Counts the requests `page` has in flight (a live event stream stays open for as long as the
 * page does, and is not counted), and answers a wait until none has been for `quietMs`.
 */
function trackRequests(page: Page): (quietMs?: number) => Promise<void> {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    changedAt = Date.now();
  });
  const settled = (request: Request) => {
    if (inFlight.delete(request)) changedAt = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return async (quietMs = 300) => {
    await expect
      .poll(() => inFlight.size === 0 && Date.now() - changedAt >= quietMs, { interval: 50 })
      .toBe(true);
  };
}

async function post<T>(context: BrowserContext, path: string, data: object): Promise<T> {
  const response = await context.request.post(`${baseUrl()}${path}`, {
    headers: { origin: baseUrl() },
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Opens every page of the route table in each of `passes` (a language, signed in or not),
 * one test per page. `adminEmail` is an address of ADMIN_EMAILS that no other file uses.
 */
export function describeEveryPage(
  passes: readonly (readonly [keyof typeof messages, boolean])[],
  adminEmail: string,
): void {
  let browser: Browser;
  /** The ids of the pages that show one thing: a Jammy itinerary and a product on sale. */
  const shown = { presetId: '', productId: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // The shop has no product until an admin adds one: an admin publishes a premium Jammy
    // itinerary and puts it on sale.
    const context = await newContext(browser);
    await signUpVerified(context, { email: adminEmail });
    const trip = await post<{ id: string }>(context, '/api/itineraries', { title: 'Premium' });
    await post(context, `/api/itineraries/${trip.id}/stages`, {
      title: 'Bergen',
      destinationName: 'Bergen',
      lat: 60.3913,
      lng: 5.3221,
      countryCode: 'NO',
    });
    const preset = await post<{ id: string }>(context, '/api/presets', {
      itineraryId: trip.id,
      region: 'europe',
      interests: [],
      premium: true,
    });
    shown.presetId = preset.id;
    const product = await post<{ id: string }>(context, '/api/admin/shop/products', {
      title: 'Premium',
      priceMinor: 900,
      currency: 'EUR',
      presetIds: [preset.id],
      active: true,
    });
    shown.productId = product.id;
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  describe.each(passes)('every page in %s, signed in: %s', (language, signedIn) => {
    const t = messages[language];
    let page: Page;
    let errors: string[];
    let networkIdle: ReturnType<typeof trackRequests>;
    const ids = { id: ID, stageId: STAGE_ID };

    beforeAll(async () => {
      const context = await newContext(browser);
      if (signedIn) {
        // A trip of one's own with a stage and a place, so its pages show what they hold.
        await signUpVerified(context);
        const trip = await post<{ id: string }>(context, '/api/itineraries', {
          title: 'Every page',
          startDate: '2027-05-01',
          endDate: '2027-05-04',
        });
        const stage = await post<{ id: string }>(context, `/api/itineraries/${trip.id}/stages`, {
          title: 'Porto',
          destinationName: 'Porto',
          lat: 41.1496,
          lng: -8.611,
          countryCode: 'PT',
        });
        await post(context, `/api/itineraries/${trip.id}/places`, {
          stageId: stage.id,
          name: 'Livraria Lello',
          category: 'sight',
          lat: 41.1469,
          lng: -8.6149,
        });
        Object.assign(ids, { id: trip.id, stageId: stage.id });
      }
      page = await context.newPage();
      errors = collectErrors(page);
      networkIdle = trackRequests(page);
    });

    // Signing out would end this suite's session: signing out has its own test.
    const routes = ROUTES.filter((route) => !(signedIn && route.id === 'logout'));
    it.each(routes.map((route) => [route.id, route] as const))('%s', async (_, route) => {
      errors.length = 0;
      const params =
        route.id === 'preset'
          ? { id: shown.presetId }
          : route.id === 'shop-product'
            ? { id: shown.productId }
            : ids;
      const path = localizePath(buildPath(route.path, params), language);
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);
      const target = redirectFor(route, signedIn, path, language);
      if (target) {
        await page.waitForURL(`${baseUrl()}${target}`);
        await page.locator('h1').first().waitFor({ state: 'visible' });
        expect(errors).toEqual([]);
        return;
      }

      const title = t.routes[route.id].title;
      await expect
        .poll(() => page.title())
        .toBe(route.id === 'home' ? t.app.homeTitle : `${title} · ${t.app.name}`);
      await page.locator('h1').first().waitFor({ state: 'visible' });
      expect(await page.locator('[data-layout]').first().getAttribute('data-layout')).toBe(
        layoutFor(route, signedIn),
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      // Axe reads the Arabic pages, right to left: the same markup and colours as the English
      // ones plus the mirrored layout (the feature suites run axe on English pages, on phones
      // and desktops). Checking both languages here doubled the suite's longest file.
      if (language === 'ar') expect(await seriousViolations(page)).toEqual([]);
      // Every request the page made once shown (lists, maps, activity) has answered, and the
      // page has handled the answers, before its console is read.
      await networkIdle();
      expect(errors).toEqual([]);
    });

    if (!signedIn) {
      it('asks who is here without an error: 200 with no user', async () => {
        const answer = await page.request.get(`${baseUrl()}/api/session`);
        expect(answer.status()).toBe(200);
        expect(await answer.json()).toEqual({ user: null });
      });
    }
  });
}
