import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { localizePath } from '@jammy/shared/languages';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  browserForThisFile,
  existingAccount,
  newContext,
  screenshot,
  seriousViolations,
  url,
} from './browser';

// The sign-in page as a visitor without a session gets it: rendered to HTML at build time, with
// its small scripts instead of the app (decision 054).

const browser = await browserForThisFile();
const AUTH = { en: enLocale.auth, ar: arLocale.auth };

/** The scripts the page asks for, and its errors (console and uncaught). */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    // The wrong password's 401 is an answer the page shows, not an error of its code.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { scripts, errors };
}

describe('the prerendered sign-in page', () => {
  it.for<keyof typeof AUTH>(['en', 'ar'])(
    'loads only its own scripts on a phone (%s), passes axe, and signs in by keyboard',
    async (language) => {
      const auth = AUTH[language];
      const account = await existingAccount(browser);
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      const { scripts, errors } = watch(page);
      const redirect = localizePath('/jammy-itineraries', language);
      await page.goto(url(`${localizePath('/login', language)}?redirect=${redirect}`));
      await page.waitForLoadState('load');
      // Its two scripts; later (the passkeys offered in the e-mail field, the identity client)
      // only files of its own build, named after it: never the app's.
      const ownFile = /^\/assets\/(landing|sign-in)-[\w-]+\.js$/;
      expect(scripts.slice(0, 2)).toEqual([
        expect.stringMatching(/^\/assets\/landing-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/sign-in-[\w-]+\.js$/),
      ]);
      const appEntry = await page.locator('meta[name="jammy-app"]').getAttribute('content');
      expect(appEntry).toMatch(/^\/assets\/index-/);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      expect(await seriousViolations(page)).toEqual([]);
      // The other ways keep where the visitor was going, as the app's links do.
      const main = page.locator('main');
      expect(
        await main.getByRole('link', { name: auth.common.createAccount }).getAttribute('href'),
      ).toBe(`${localizePath('/register', language)}?redirect=${encodeURIComponent(redirect)}`);
      await screenshot(page, `sign-in-page-${language}-phone`, { fullPage: true });

      // Nothing typed: each field says what it needs, and the first takes the focus.
      const email = main.getByLabel(auth.fields.email);
      const password = main.getByLabel(auth.fields.password, { exact: true });
      const submit = main.getByRole('button', { name: auth.login.submit, exact: true });
      await submit.click();
      await main.getByText(auth.validation.emailRequired).waitFor();
      await main.getByText(auth.validation.passwordRequired).waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      // A wrong password: the app's alert, with the app's words.
      await email.fill(account.email);
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      await password.fill('not the password at all');
      await submit.click();
      const alert = main.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(auth.errors.invalidCredentials);
      expect(page.url()).toContain(localizePath('/login', language));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `sign-in-page-${language}-failure`, { fullPage: true });

      // By keyboard: the password, shown and hidden again, and Enter.
      await password.fill('');
      await password.focus();
      await page.keyboard.type(account.password);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      expect(await password.getAttribute('type')).toBe('text');
      await page.keyboard.press('Enter');
      expect(await password.getAttribute('type')).toBe('password');
      const before = scripts.length;
      await password.press('Enter');
      await page.waitForURL(url(redirect));
      // The app's code arrived with the page it opened, not with the sign-in page.
      expect(scripts.slice(0, before).filter((file) => !ownFile.test(file))).toEqual([]);
      expect(scripts.slice(before)).toContain(appEntry);
      await expect
        .poll(() => page.locator('[data-layout]').first().getAttribute('data-layout'))
        .toBe('logged');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('starts the app for "About this app", which then runs the same page', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const { errors } = watch(page);
    await page.goto(url('/login'));
    await page.waitForLoadState('load');
    await page.getByRole('button', { name: enLocale.translation.pwa.about.open }).click();
    const dialog = page.getByRole('dialog', { name: enLocale.translation.pwa.about.title });
    await dialog.waitFor();
    expect(await page.locator('#prerendered-root').count()).toBe(0);
    expect(await page.locator('main h1').textContent()).toBe(
      enLocale.translation.routes.login.title,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The app's form now: its links navigate without loading a page.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('main').getByRole('link', { name: AUTH.en.login.forgot }).click();
    await page.waitForURL(url('/forgot-password'));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.for([
    ['en', 390],
    ['en', 1280],
    ['ar', 390],
    ['ar', 1280],
  ] as const)('looks as the app draws the page (%s, %i px)', async ([language, width]) => {
    const options = width === 390 ? PHONE : DESKTOP;
    const path = localizePath('/login', language);
    const prerendered = await newContext(browser, options);
    // A session cookie that opens no session: the server sends the app, which draws the page.
    const app = await newContext(browser, options);
    await app.addCookies([{ name: 'jammy.session_token', value: 'ended', url: baseUrl() }]);
    const shots: Buffer[] = [];
    for (const context of [prerendered, app]) {
      const page = await context.newPage();
      await page.goto(url(path));
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('meta[name="jammy-app"]').count()).toBe(
        context === prerendered ? 1 : 0,
      );
      const kind = context === prerendered ? 'prerendered' : 'app';
      await screenshot(page, `sign-in-${kind}-${language}-${width}`);
      shots.push(await page.screenshot());
      await context.close();
    }
    expect(shots[0]?.equals(shots[1] ?? Buffer.alloc(0))).toBe(true);
  });
});
