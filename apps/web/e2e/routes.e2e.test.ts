import { localizePath, type Language } from '@jammy/shared/languages';
import { ROUTES, buildPath, type Route } from '@jammy/shared/route-table';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import { signUpVerified } from './accounts';
import { baseUrl, launchBrowser, newContext, seriousViolations } from './browser';

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

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['en', false],
  ['ar', false],
  ['en', true],
  ['ar', true],
] as const)('every page in %s, signed in: %s', (language, signedIn) => {
  const t = messages[language];
  let page: Page;
  beforeAll(async () => {
    const context = await newContext(browser);
    if (signedIn) await signUpVerified(context);
    page = await context.newPage();
  });

  // Signing out would end this suite's session: signing out has its own test.
  const routes = ROUTES.filter((route) => !(signedIn && route.id === 'logout'));
  it.each(routes.map((route) => [route.id, route] as const))('%s', async (_, route) => {
    const path = localizePath(buildPath(route.path, { id: ID, stageId: STAGE_ID }), language);
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(200);
    const target = redirectFor(route, signedIn, path, language);
    if (target) {
      await page.waitForURL(`${baseUrl()}${target}`);
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
  });
});

describe('the 404 page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });

  it.each([
    ['/no-such-page', 'en'],
    ['/itinerary/not-an-id', 'en'],
    [`/itinerary/${ID}/stage/abc/edit`, 'en'],
    ['/ar/no-such-page', 'ar'],
  ] as const)('shows %s as Page Not Found with HTTP 404', async (path, language) => {
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status()).toBe(404);
    const heading = page.locator('h1');
    await expect
      .poll(() => heading.textContent())
      .toBe(`${messages[language].error.notFound}: ${path}`);
    expect(await page.locator('[data-error-status]').getAttribute('data-error-status')).toBe('404');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(
      language === 'ar' ? 'rtl' : 'ltr',
    );
    expect(await page.getByRole('link', { name: messages[language].error.backHome }).count()).toBe(
      1,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('is shown for an unknown path reached by client-side navigation too', async () => {
    await page.goto(`${baseUrl()}/faq`);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nowhere-here');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('h1').textContent()).toBe('Page Not Found: /nowhere-here');
  });
});
