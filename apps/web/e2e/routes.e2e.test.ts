import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import enLocale from '@jammy/shared/locales/en.json';
import arLocale from '@jammy/shared/locales/ar.json';
import { baseUrl, newContext, seriousViolations, browserForThisFile } from './browser';
import { describeEveryPage } from './every-page';

const en = enLocale.translation;
const ar = arLocale.translation;

// Every page signed out (the signed-in passes are in routes-signed-in: two files that two
// workers run side by side), and the 404 page.
describeEveryPage(
  [
    ['en', false],
    ['ar', false],
  ],
  'routes-admin@jammy.test',
);

const ID = '0192f7a0-0000-7000-8000-000000000000';
const messages = { en, ar };
const browser = await browserForThisFile();

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
