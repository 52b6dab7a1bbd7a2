import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enFiles from '../src/features/files/locales/en.json';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, launchBrowser, newContext, seriousViolations } from './browser';
import { photo } from './images';

// A traveller adds photos to a trip from the overview: the bytes go up through the storage
// API (real server, real files), the trip shows their thumbnails, a file that is not a photo
// is refused with a reason, and a photo can be removed.

const t = enFiles.photos;
const u = enFiles.upload;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId: string;

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
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(2);
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
