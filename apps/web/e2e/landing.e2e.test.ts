import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import deLocale from '@jammy/shared/locales/de.json';
import enLocale from '@jammy/shared/locales/en.json';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  newContext,
  seriousViolations,
  browserForThisFile,
} from './browser';

const de = deLocale.translation;
const en = enLocale.translation;

// The landing page as an anonymous visitor gets it: rendered to HTML at build time, with one
// small script instead of the app (decision 020).

const browser = await browserForThisFile();

/** The page's errors (console and uncaught) and the scripts it fetched. */
function watch(page: Page) {
  const errors: string[] = [];
  const scripts: { url: string; bytes: number }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const length = Number(response.headers()['content-length'] ?? 0);
    scripts.push({ url: new URL(response.url()).pathname, bytes: length });
  });
  return { errors, scripts };
}

async function openLanding(options = DESKTOP, path = '/') {
  const context = await newContext(browser, options);
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseUrl() }]);
  const page = await context.newPage();
  const seen = watch(page);
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('h1').waitFor();
  return { context, page, ...seen };
}

describe('the landing page', () => {
  it('loads one small script and no app code, passes axe on a phone, and leads into the app', async () => {
    const { context, page, errors, scripts } = await openLanding(PHONE);
    await page.waitForLoadState('load');
    expect(scripts.map((script) => script.url)).toEqual([
      expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/),
    ]);
    expect(await page.title()).toBe(en.app.homeTitle);
    expect(await page.locator('[data-layout]').getAttribute('data-layout')).toBe('not-logged');
    expect(await seriousViolations(page)).toEqual([]);

    // A plain link: the app starts on the page it leads to.
    await page.getByRole('link', { name: en.home.ctaSignIn }).click();
    await page.waitForURL(`${baseUrl()}/login/start`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(en.routes['login-start'].title);
    expect(scripts.length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the language list by keyboard, closes it with Escape, and switches the page', async () => {
    const { context, page, errors } = await openLanding();
    const button = page.getByRole('button', { name: /^Language: English/ });
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const list = page.locator('#site-languages');
    await list.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('lang'))).toBe('en');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe(
      'site-languages',
    );

    // A click elsewhere closes it too.
    await button.click();
    await list.waitFor({ state: 'visible' });
    await page.locator('h1').click();
    await list.waitFor({ state: 'hidden' });

    await button.click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL(`${baseUrl()}/de`);
    await expect.poll(() => page.title()).toBe(de.app.homeTitle);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the phone menu from the burger, in Arabic too, and follows its links', async () => {
    const { context, page, errors } = await openLanding(PHONE, '/ar');
    const burger = page.locator('button[aria-controls="site-menu"]');
    const menu = page.locator('#site-menu');
    expect(await menu.isVisible()).toBe(false);
    await burger.click();
    await menu.waitFor({ state: 'visible' });
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await burger.getAttribute('aria-label')).not.toBe(
      await burger.getAttribute('data-label-open'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await burger.click();
    await menu.locator('a[href="/ar/faq"]').click();
    await page.waitForURL(`${baseUrl()}/ar/faq`);
    await page.locator('h1').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts the app for "About this app" and opens its dialog over the same page', async () => {
    const { context, page, errors } = await openLanding();
    const headline = await page.locator('h1').textContent();
    await page.getByRole('button', { name: en.pwa.about.open }).click();
    const dialog = page.getByRole('dialog', { name: en.pwa.about.title });
    await dialog.waitFor();
    expect(await page.locator('#prerendered-root').count()).toBe(0);
    expect(await page.locator('h1').textContent()).toBe(headline);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(en.pwa.about.open);

    // The app now runs the page: its links navigate without loading a page.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: en.nav.faq }).first().click();
    await page.waitForURL(`${baseUrl()}/faq`);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
