import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { clientAddress, signUpVerified, type TestAccount } from './accounts';

/** Debian's Chromium (or CHROME_PATH), headless, with nothing reaching outside this machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * A phone's pixel density: 2 when screenshots are saved to look at (E2E_SCREENSHOTS_DIR),
 * else 1. The layout is the same either way (CSS pixels); a 2× page costs four times the
 * pixels to paint on every step of every phone test.
 */
export const PHONE_SCALE = process.env.E2E_SCREENSHOTS_DIR ? 2 : 1;

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: PHONE_SCALE,
  isMobile: true,
  hasTouch: true,
};

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/**
 * A browser context that is a client of its own (its own address for rate limits). The
 * offline worker is blocked unless `options.serviceWorkers` is 'allow' (the offline suite):
 * a worker that serves saved copies would change what every other suite sees.
 */
export function newContext(
  browser: Browser,
  options: BrowserContextOptions = DESKTOP,
): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'block',
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress(), ...options.extraHTTPHeaders },
  });
}

/** An account with a confirmed address, made in a context of its own (the caller's stays out). */
export async function existingAccount(browser: Browser): Promise<TestAccount> {
  const context = await newContext(browser);
  try {
    return await signUpVerified(context);
  } finally {
    await context.close();
  }
}

export function baseUrl(): string {
  return inject('baseUrl');
}

/**
 * The rules that can only find moderate or minor problems: axe gives every result of a rule
 * the rule's own impact, so none of them can find a serious one, and running them only
 * costs time.
 */
const MILD_RULES = (
  (axe as unknown as { _audit?: { rules: { id: string; impact?: string }[] } })._audit?.rules ?? []
)
  .filter((rule) => rule.impact === 'moderate' || rule.impact === 'minor')
  .map((rule) => rule.id);

/**
 * Waits (2 s at most) for the page's transitions and finite animations to end: a dialog still
 * fading in has the colours of half its opacity, and axe would measure their contrast.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A transition starts on the frame after its element is drawn in its first state.
    for (let frame = 0; frame < 2; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/**
 * The serious and critical axe violations of the page, as readable lines. Axe runs in the
 * page itself (legacy mode: our pages have no frames, and the default mode opens a blank
 * page per check to merge frame results, which doubled the suite's time) and details only
 * the violations.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await animationsFinished(page);
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .disableRules(MILD_RULES)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map(
            (node) =>
              `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`,
          )
          .join(', ')}`,
    );
}

/**
 * Holds every request of `page` whose address matches `pattern` for `ms` before sending it
 * on (a slow server, so a second action can overlap the first). Answers how to undo it.
 */
export async function slowDown(
  page: Page,
  pattern: RegExp,
  ms: number,
): Promise<() => Promise<void>> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return () => page.unroute(pattern);
}

/**
 * A screenshot for a human to look at, only when E2E_SCREENSHOTS_DIR names a folder: the
 * screen, or with `fullPage` the whole page.
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}

/** POSTs as the context's traveller, expects 201 (else shows the answer), returns the id. */
export async function create(
  context: BrowserContext,
  target: string,
  data: object,
): Promise<{ id: string }> {
  const response = await context.request.post(`${baseUrl()}${target}`, {
    headers: { origin: baseUrl() },
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/**
 * The browser of the test worker, launched by the first file that asks for it. A worker of the
 * e2e project runs its files one after another in one process (not isolated), so the next file
 * takes the same browser instead of launching one of its own (a second of each file's time).
 * Playwright closes it when the worker exits.
 */
let workerBrowser: Promise<Browser | undefined> | undefined;

/**
 * The browser of the calling test file, as it would be freshly launched: the contexts the file
 * opens (their pages, cookies, storage) are all closed after its last test.
 * `const browser = await browserForThisFile();` at the top of a file.
 */
export async function browserForThisFile(): Promise<Browser> {
  let browser = await workerBrowser;
  if (!browser?.isConnected()) {
    const launched = launchBrowser();
    workerBrowser = launched.catch(() => undefined);
    browser = await launched;
  }
  const open = browser;
  afterAll(async () => {
    await Promise.all(open.contexts().map((context) => context.close()));
  });
  return browser;
}

/**
 * The traveller of the calling test file, made while the file is collected: a browser, a
 * context of `options` (a phone, a desktop) signed up with an account of its own, and a page
 * open in it, all closed after the file's last test:
 * `const { context, page } = await travellerForThisFile(PHONE);` at the top of a file.
 */
export async function travellerForThisFile(options: BrowserContextOptions = DESKTOP) {
  const browser = await browserForThisFile();
  const context = await newContext(browser, options);
  await signUpVerified(context);
  return { browser, context, page: await context.newPage() };
}

/** The address of `target` (a path) on the server under test. */
export function url(target: string): string {
  return `${baseUrl()}${target}`;
}

/** Sends `method path` as the context's traveller (same cookies, same origin); fails on a non-2xx. */
export async function api<T>(
  context: BrowserContext,
  method: string,
  target: string,
  data?: unknown,
): Promise<T> {
  const response = await context.request.fetch(url(target), {
    method,
    headers: { origin: baseUrl() },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) {
    throw new Error(`${method} ${target}: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The page's own h1 (the app's frame may draw a trip's or the list's title before it). */
export async function heading(page: Page): Promise<string | null> {
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  return h1.textContent();
}

/**
 * How many pixels of a picture (an `<img>` loaded in the page) are of the colour `rgb`, each
 * channel within `tolerance`: a line drawn in that colour is in the picture.
 */
export async function pixelsOfColour(
  image: Locator,
  rgb: readonly [number, number, number],
  tolerance = 12,
): Promise<number> {
  return image.evaluate(
    (node, { rgb: [red, green, blue], tolerance }) => {
      const picture = node as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = picture.naturalWidth;
      canvas.height = picture.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(picture, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let at = 0; at < data.length; at += 4) {
        const near = (value: number | undefined, target: number) =>
          Math.abs((value ?? 0) - target) < tolerance;
        if (near(data[at], red) && near(data[at + 1], green) && near(data[at + 2], blue))
          count += 1;
      }
      return count;
    },
    { rgb, tolerance },
  );
}
