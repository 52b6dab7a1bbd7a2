import { describe, expect, it } from 'vitest';
import deLocale from '@jammy/shared/locales/de.json';
import itLocale from '@jammy/shared/locales/it.json';
import { DESKTOP, baseUrl, newContext, browserForThisFile } from './browser';

const de = deLocale.translation;
const it_ = itLocale.translation;

const browser = await browserForThisFile();

describe('language', () => {
  it('remembers the choice made on /language in the i18n_redirected cookie and redirects / to it', async () => {
    const context = await newContext(browser, { ...DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/language`);
    await page.getByRole('radio', { name: 'Italiano' }).click();
    await page.waitForURL(`${baseUrl()}/it/language`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(it_.routes.language.title);

    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({ value: 'it', path: '/', sameSite: 'Lax', secure: false });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    const response = await page.goto(`${baseUrl()}/`);
    expect(page.url()).toBe(`${baseUrl()}/it`);
    expect(response?.status()).toBe(200);
    // Only the root redirects: another page keeps the language of its address.
    await page.goto(`${baseUrl()}/faq`);
    expect(page.url()).toBe(`${baseUrl()}/faq`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('follows the browser language on the first visit to /, without fallback', async () => {
    const french = await newContext(browser, { ...DESKTOP, locale: 'fr-FR' });
    const page = await french.newPage();
    await page.goto(`${baseUrl()}/`);
    expect(page.url()).toBe(`${baseUrl()}/fr`);
    await french.close();

    const japanese = await newContext(browser, { ...DESKTOP, locale: 'ja-JP' });
    const other = await japanese.newPage();
    await other.goto(`${baseUrl()}/`);
    expect(other.url()).toBe(`${baseUrl()}/`);
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('en');
    await japanese.close();
  });

  it('switches the current page by keyboard from the header menu', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/faq`);
    await page.getByRole('button', { name: /^Language: English/ }).focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitem', { name: 'Deutsch' });
    await item.waitFor();
    await item.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/de/faq`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(de.routes.faq.title);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    await context.close();
  });
});
