import { describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  newContext,
  seriousViolations,
  browserForThisFile,
} from './browser';

const browser = await browserForThisFile();

describe('app shell', () => {
  it('offers a skip link as the first stop of the keyboard', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${baseUrl()}/faq`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('navigates without reloading and opens the menu drawer on a phone', async () => {
    const page = await (await newContext(browser, PHONE)).newPage();
    // The app's pages (the landing page is HTML without the app: landing.e2e.test.ts).
    await page.goto(`${baseUrl()}/contact`);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL(`${baseUrl()}/faq`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Frequently asked questions');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    // The page fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('moves nothing when the system asks for less motion', async () => {
    const durations: Record<string, number> = {};
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const context = await newContext(browser, { ...PHONE, reducedMotion });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/contact`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('link', { name: 'FAQ' }).waitFor();
      // The drawer slides in, or is simply there.
      durations[reducedMotion] = await drawer.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).transitionDuration),
      );
      await context.close();
    }
    expect(durations['no-preference']).toBeGreaterThan(0.1);
    expect(durations.reduce).toBeLessThan(0.001);
  });

  it('draws the header before the app starts, where the app then draws its own', async () => {
    for (const [options, path] of [
      [PHONE, '/contact'],
      [PHONE, '/ar/contact'],
      [DESKTOP, '/contact'],
    ] as const) {
      const boxes: string[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await newContext(browser, { ...options, javaScriptEnabled });
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}`);
        // Without scripts the page is index.html's frame; with them, the app's header.
        const brand = javaScriptEnabled
          ? page.locator('header a[href]').first()
          : page.locator('.boot-brand');
        await brand.locator('img').waitFor();
        const box = async (part: string) => JSON.stringify(await brand.locator(part).boundingBox());
        boxes.push(`${await box('img')} ${await box('span')}`);
        if (!javaScriptEnabled) {
          const frame = await page.locator('.boot-header').boundingBox();
          expect(frame?.height).toBe(64);
          expect(await page.locator('#root [aria-busy="true"]').count()).toBe(1);
        }
        await context.close();
      }
      expect(boxes[0], `${path} at ${options.viewport?.width} px`).toBe(boxes[1]);
    }
  });

  it("draws a trip's title and the list's before the app starts, where the page then draws it", async () => {
    const owner = await newContext(browser);
    await signUpVerified(owner);
    // A title to escape, and long enough to wrap on a phone.
    const title = 'Lisbon & <Porto> by "night", then the Douro valley';
    const created = await owner.request.post(`${baseUrl()}/api/itineraries`, {
      headers: { origin: baseUrl() },
      data: { title },
    });
    const { id } = (await created.json()) as { id: string };
    const cookies = await owner.cookies();
    for (const [options, path, name] of [
      [PHONE, `/itinerary/${id}`, title],
      [PHONE, `/ar/itinerary/${id}`, title],
      [DESKTOP, `/itinerary/${id}`, title],
      // The list of trips: its title is one message, in the page's language.
      [PHONE, '/itineraries', 'My itineraries'],
      [PHONE, '/ar/itineraries', 'مساراتي'],
      [DESKTOP, '/itineraries?trash=true', 'My itineraries'],
    ] as const) {
      const boxes: string[] = [];
      for (const javaScriptEnabled of [false, true]) {
        const context = await newContext(browser, { ...options, javaScriptEnabled });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${path}`);
        // Without scripts the page is index.html's frame with the server's title in it; with
        // them, the page's own title in its <main> (the frame's is gone by then).
        const scope = javaScriptEnabled ? page.locator('main') : page.locator('.boot-page');
        const heading = scope.getByRole('heading', { level: 1, name, exact: true });
        await heading.waitFor();
        expect(await page.locator('.boot-title').count()).toBe(javaScriptEnabled ? 0 : 1);
        // Where its text is drawn (the element's own box may be wider than its text).
        const text = await heading.evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const { x, y, width, height } = range.getBoundingClientRect();
          return { x, y, width, height };
        });
        boxes.push(JSON.stringify(text));
        await context.close();
      }
      expect(boxes[0], `${path} at ${options.viewport?.width} px`).toBe(boxes[1]);
    }
    // A stranger's page of the same trip has no title in it.
    const stranger = await newContext(browser, { javaScriptEnabled: false });
    await signUpVerified(stranger);
    const page = await stranger.newPage();
    await page.goto(`${baseUrl()}/itinerary/${id}`);
    expect(await page.content()).not.toContain('Douro');
    expect(await page.locator('.boot-title').count()).toBe(0);
    await stranger.close();
    await owner.close();
  });

  it('reloads the target path once when a page part fails to load, then shows the error page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    await page.goto(`${baseUrl()}/faq`);
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();

    // One reload of /terms, whose part still fails: the error page, and no loop.
    await expect.poll(() => documentLoads, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Internal Server Error');
    expect(page.url()).toBe(`${baseUrl()}/terms`);
    await page.waitForTimeout(1500);
    expect(documentLoads).toBe(2);
    await context.close();
  });

  it('sends security headers the page satisfies (no CSP violation)', async () => {
    const page = await (await newContext(browser)).newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto(`${baseUrl()}/`);
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(violations).toEqual([]);
  });

  it('has an accessibility check that does report serious violations', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${baseUrl()}/faq`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main');
      const button = document.createElement('button');
      main?.append(button);
      const faint = document.createElement('p');
      faint.textContent = 'Barely readable';
      faint.style.color = '#eeeeee';
      faint.style.background = '#ffffff';
      main?.append(faint);
    });
    const violations = await seriousViolations(page);
    expect(violations.some((line) => line.startsWith('button-name'))).toBe(true);
    expect(violations.some((line) => line.startsWith('color-contrast'))).toBe(true);
  });
});
