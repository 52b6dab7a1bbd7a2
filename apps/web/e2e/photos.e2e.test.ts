import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import deLocale from '@jammy/shared/locales/de.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, launchBrowser, newContext, seriousViolations } from './browser';
import { photo } from './images';

const arFiles = arLocale.files;
const deFiles = deLocale.files;
const enFiles = enLocale.files;

// A traveller adds photos to a trip from the overview: the bytes go up through the storage
// API (real server, real files), the trip shows their thumbnails, a file that is not a photo
// is refused with a reason, and a photo can be removed.

const t = enFiles.photos;
const u = enFiles.upload;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId: string;

/**
 * A file of 16 MB that starts as a PNG: a photo above the server's limit (its bytes are never
 * sent). On disk, so the browser reads it there: 16 MB passed as a buffer take seconds.
 */
async function tooBigPhoto(): Promise<string> {
  const bytes = Buffer.alloc(16 * 1024 * 1024);
  photo(8, 8).copy(bytes);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'jammy-photos-'));
  const file = path.join(folder, 'panorama.png');
  await writeFile(file, bytes);
  return file;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE);
  await signUpVerified(context);
  const created = await context.request.post(`${baseUrl()}/api/itineraries`, {
    headers: { origin: baseUrl() },
    data: { title: 'Lisbon in pictures' },
  });
  expect(created.status()).toBe(201);
  tripId = ((await created.json()) as { id: string }).id;
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('photos of a trip', () => {
  it('uploads two photos and shows their thumbnails, on a phone', async () => {
    await page.goto(`${baseUrl()}/itinerary/${tripId}`);
    await page.getByRole('heading', { name: t.title }).waitFor();
    await expect.poll(() => page.getByText(t.none).isVisible()).toBe(true);

    await page.getByTestId('photo-input').setInputFiles([
      { name: 'tram.png', mimeType: 'image/png', buffer: photo(1600, 1200) },
      { name: 'tiles.png', mimeType: 'image/png', buffer: photo(800, 1000) },
    ]);
    const images = page.getByRole('img', { name: /^Photo [12]$/ });
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(2);
    // The thumbnails are the WebP copies the server made, and they load.
    for (const image of await images.all()) {
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
      expect(await image.getAttribute('src')).toContain('alt=media');
    }
    expect(await seriousViolations(page)).toEqual([]);
    const shots = process.env.E2E_SCREENSHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/photos-phone.png`, fullPage: true });
  });

  it('refuses a file that is not a photo, saying why', async () => {
    await page.getByTestId('photo-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are words, not a picture.\n'),
    });
    const alert = page.getByRole('alert').filter({ hasText: u.problem });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(u.notPhoto);
    // Sending it again would not change what it is.
    expect(await alert.getByRole('button', { name: u.retry }).count()).toBe(0);
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(2);
  });

  it('refuses an empty photo and one above the limit, naming it, with nothing to retry', async () => {
    const shots = process.env.E2E_SCREENSHOTS_DIR;
    const alert = page.getByRole('alert').filter({ hasText: u.problem });
    const retry = alert.getByRole('button', { name: u.retry });
    // The refusal of the test before, if it ran.
    if (await alert.isVisible()) await alert.getByRole('button', { name: u.dismiss }).click();

    await page.getByTestId('photo-input').setInputFiles({
      name: 'empty.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(0),
    });
    await alert.filter({ hasText: u.empty }).waitFor({ timeout: 20_000 });
    expect(await retry.count()).toBe(0);
    await alert.getByRole('button', { name: u.dismiss }).click();

    // 16 MB: above the server's 15 MB for photos. Refused when the upload starts (it announces
    // its size), before the bytes are sent.
    const big = await tooBigPhoto();
    await page.getByTestId('photo-input').setInputFiles(big);
    const said = u.tooBigPhoto.replace('{size}', '16\u00a0MB').replace('{limit}', '15\u00a0MB');
    await alert.filter({ hasText: said }).waitFor({ timeout: 20_000 });
    expect(await retry.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/photos-too-big-en.png`, fullPage: true });

    // The same in German and in Arabic, in their own words and number formats.
    for (const [language, messages] of [
      ['de', deFiles],
      ['ar', arFiles],
    ] as const) {
      await page.goto(`${baseUrl()}/${language}/itinerary/${tripId}`);
      await page.getByRole('heading', { name: messages.photos.title }).waitFor();
      await page.getByTestId('photo-input').setInputFiles(big);
      const problem = page.getByRole('alert').filter({ hasText: messages.upload.problem });
      await problem.waitFor({ timeout: 20_000 });
      const text = (await problem.textContent()) ?? '';
      const [before = '', between = '', after = ''] =
        messages.upload.tooBigPhoto.split(/\{size\}|\{limit\}/);
      expect(text).toContain(before.trim());
      expect(text).toContain(between.trim());
      expect(text).toContain(after.trim());
      expect(text).toMatch(/16.*15/);
      expect(await problem.getByRole('button', { name: messages.upload.retry }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await page.screenshot({ path: `${shots}/photos-too-big-${language}.png`, fullPage: true });
      }
    }
    await rm(path.dirname(big), { recursive: true, force: true });
    await page.goto(`${baseUrl()}/itinerary/${tripId}`);
    await page.getByRole('heading', { name: t.title }).waitFor();
  });

  it('removes a photo after asking, by keyboard', async () => {
    await page.getByRole('button', { name: 'Remove Photo 1' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t.removeTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: t.removeConfirm }).click();
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(1);
    const tree = await context.request.get(`${baseUrl()}/api/itineraries/${tripId}`);
    expect(((await tree.json()) as { photos: unknown[] }).photos).toHaveLength(1);
  });
});
