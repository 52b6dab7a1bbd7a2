import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enTrip from '../src/features/itineraries/locales/en.json';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, launchBrowser, newContext, seriousViolations } from './browser';

// A traveller adds photos to a trip from the overview: the bytes go up through the storage
// API (real server, real files), the trip shows their thumbnails, a file that is not a photo
// is refused with a reason, and a photo can be removed.

const t = enTrip.photos;
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

/** A CRC-32 (PNG chunks carry one). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG photo of `width` × `height` pixels (a green gradient). */
function photo(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) rows.set([47, 125 + (x % 100), 109], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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
    await page.screenshot({ path: '/tmp/photos-phone.png', fullPage: true });
  });

  it('refuses a file that is not a photo, saying why', async () => {
    await page.getByTestId('photo-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('These are words, not a picture.\n'),
    });
    const alert = page.getByRole('alert').filter({ hasText: t.problem });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain(t.wrongType);
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
