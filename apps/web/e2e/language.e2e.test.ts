import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jammy/shared/languages';
import deLocale from '@jammy/shared/locales/de.json';
import itLocale from '@jammy/shared/locales/it.json';
import { DESKTOP, baseUrl, newContext, browserForThisFile, seriousViolations } from './browser';

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

    const taiwan = await newContext(browser, { ...DESKTOP, locale: 'zh-TW' });
    const traditional = await taiwan.newPage();
    await traditional.goto(`${baseUrl()}/`);
    expect(traditional.url()).toBe(`${baseUrl()}/zh-hant`);
    expect(await traditional.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
    await taiwan.close();

    const swiss = await newContext(browser, { ...DESKTOP, locale: 'gsw-CH' });
    const other = await swiss.newPage();
    await other.goto(`${baseUrl()}/`);
    expect(other.url()).toBe(`${baseUrl()}/`);
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('en');
    await swiss.close();
  });

  it('switches the current page by keyboard from the header menu, searching by name', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/faq`);
    await page.getByRole('button', { name: /^Language: English/ }).focus();
    await page.keyboard.press('Enter');
    const search = page.getByRole('textbox', { name: 'Find a language' });
    await search.waitFor();
    // The current language first, then the others.
    const options = page.getByRole('option');
    await expect.poll(() => options.count()).toBe(LANGUAGES.length);
    expect(await options.first().textContent()).toBe('English');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('germ');
    await expect.poll(() => options.count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/de/faq`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(de.routes.faq.title);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    await context.close();
  });
});
