import { localizePath, type Language } from '@jammy/shared/languages';
import { ROUTES, buildPath } from '@jammy/shared/route-table';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../src/i18n/locales/ar.json';
import en from '../src/i18n/locales/en.json';
import { DESKTOP, baseUrl, launchBrowser, seriousViolations } from './browser';

const ID = '0192f7a0-0000-7000-8000-000000000000';
const STAGE_ID = '0192f7a0-0000-7000-8000-000000000001';
const messages = { en, ar };

// Until accounts exist every visitor is anonymous: pages open to everyone get not-logged.
const EXPECTED_LAYOUT = {
  visitor: 'not-logged',
  'not-logged': 'not-logged',
  logged: 'logged',
  empty: 'empty',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'ar'] as const)(
  'every page in %s',
  (language: Language & keyof typeof messages) => {
    const t = messages[language];
    let page: Page;
    beforeAll(async () => {
      const context = await browser.newContext(DESKTOP);
      page = await context.newPage();
    });

    it.each(ROUTES.map((route) => [route.id, route] as const))('%s', async (_, route) => {
      const path = localizePath(buildPath(route.path, { id: ID, stageId: STAGE_ID }), language);
      const response = await page.goto(`${baseUrl()}${path}`);
      expect(response?.status()).toBe(200);

      const title = t.routes[route.id].title;
      await expect
        .poll(() => page.title())
        .toBe(route.id === 'home' ? t.app.homeTitle : `${title} · ${t.app.name}`);
      expect(await page.locator('h1').first().isVisible()).toBe(true);
      expect(await page.locator('[data-layout]').first().getAttribute('data-layout')).toBe(
        EXPECTED_LAYOUT[route.layout],
      );
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });
  },
);

describe('the 404 page', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await browser.newContext(DESKTOP)).newPage();
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
