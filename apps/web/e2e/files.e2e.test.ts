import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified, waitForMail } from './accounts';
import {
  animationsFinished,
  baseUrl,
  launchBrowser,
  newContext,
  PHONE_SCALE,
  seriousViolations,
  slowDown,
  url,
} from './browser';
import { pdf, photo } from './images';

const arFiles = arLocale.files;
const enFiles = enLocale.files;

// A traveller on a phone (360 px wide) gives a trip a cover photo (cropped to the card) and a
// PDF ticket, each with a visible progress bar, cancels an upload, and sees the cover in the
// list; adds photos to a stage, moves through them in the lightbox by keyboard and by swipe,
// captions one and reorders them; a viewer sees it all and can change nothing; a stranger's
// direct requests are refused. Screenshots go to E2E_SCREENSHOTS_DIR (else the temp folder).

const t = enFiles;
const SMALL_PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: PHONE_SCALE,
  isMobile: true,
  hasTouch: true,
};
// Screenshots to look at, when asked for (they cost time on every run otherwise).
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `files-${name}.png`), fullPage: true });
};

let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let tripId: string;
let stageId: string;
const origin = () => ({ origin: baseUrl() });

/** Holds uploads to the storage API for `ms` (an abort while held is not an error). */
async function holdUploads(page: Page, ms: number) {
  const pattern = /\/v0\/b\/[^/]+\/o\?/;
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
  return () => page.unroute(pattern);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await newContext(browser, SMALL_PHONE);
  await signUpVerified(context, { name: 'Lena Traveller' });
  const created = await context.request.post(url('/api/itineraries'), {
    headers: origin(),
    data: { title: 'Porto by tram' },
  });
  expect(created.status()).toBe(201);
  tripId = ((await created.json()) as { id: string }).id;
  const stage = await context.request.post(url(`/api/itineraries/${tripId}/stages`), {
    headers: origin(),
    data: { title: 'Ribeira' },
  });
  expect(stage.status()).toBe(201);
  stageId = ((await stage.json()) as { id: string }).id;
  owner = { context, page: await context.newPage() };
});

afterAll(async () => {
  await browser?.close();
});

describe('files and photos, on a phone', () => {
  it('adds a cover photo, cropped to the card, with a progress bar', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/edit`));
    await page.getByText(t.cover.none).waitFor();
    await page.getByTestId('cover-input').setInputFiles({
      name: 'river.png',
      mimeType: 'image/png',
      buffer: photo(1600, 1200, [30, 90, 150]),
    });
    const crop = page.getByRole('dialog', { name: t.cover.cropTitle });
    await crop.waitFor();
    // The sliders work by keyboard: zoom in a little, move towards the top.
    await crop.getByRole('slider', { name: t.cover.zoom }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await crop.getByRole('slider', { name: t.cover.vertical }).focus();
    await page.keyboard.press('Home');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'cover-crop');

    const release = await holdUploads(page, 1_500);
    await crop.getByRole('button', { name: t.cover.useCrop }).click();
    await page.locator('[data-state="uploading"]').waitFor();
    await page.getByRole('progressbar', { name: t.upload.progress }).waitFor({ state: 'attached' });
    await shot(page, 'cover-progress');
    await release();
    await page
      .getByRole('status')
      .filter({ hasText: t.cover.saved })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: t.cover.replace }).waitFor();

    const tree = await owner.context.request.get(url(`/api/itineraries/${tripId}`));
    const { itinerary } = (await tree.json()) as {
      itinerary: { cover: { path: string; width: number; height: number } | null };
    };
    expect(itinerary.cover?.path).toMatch(new RegExp(`^itineraries/${tripId}/cover/`));
    // Cropped to the card's 5:2.
    expect((itinerary.cover?.width ?? 0) / (itinerary.cover?.height ?? 1)).toBeCloseTo(2.5, 1);
  });

  it('attaches a PDF ticket with progress, cancels another, and opens the first inline', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}`));
    await page.getByRole('heading', { name: t.attachments.title }).waitFor();
    // The cover shows at the top of the overview.
    const banner = page.getByTestId('overview-cover').locator('img');
    await expect
      .poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    let release = await holdUploads(page, 1_500);
    await page.getByTestId('attachment-input').setInputFiles({
      name: 'train-ticket.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Porto - Lisbon, coach 4 seat 61', 300_000),
    });
    await page.locator('[data-state="uploading"]').waitFor();
    await page.getByRole('progressbar', { name: t.upload.progress }).waitFor({ state: 'attached' });
    await page.getByText('Uploading train-ticket.pdf…').waitFor();
    await shot(page, 'ticket-progress');
    await release();
    const ticket = page.getByRole('link', { name: 'train-ticket.pdf' });
    await ticket.waitFor({ timeout: 20_000 });

    // A second upload, cancelled while it runs: nothing is added, and it says so.
    release = await holdUploads(page, 10_000);
    await page.getByTestId('attachment-input').setInputFiles({
      name: 'hotel.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Hotel booking'),
    });
    await page.getByRole('button', { name: t.upload.cancel }).click();
    await page.getByRole('alert').filter({ hasText: t.upload.canceled }).waitFor();
    await shot(page, 'ticket-canceled');
    await release();
    const listed = await owner.context.request.get(url(`/api/itineraries/${tripId}/attachments`));
    const { items } = (await listed.json()) as { items: { title: string }[] };
    expect(items.map((item) => item.title)).toEqual(['train-ticket.pdf']);

    // The ticket opens in the browser (inline, as a PDF).
    const href = (await ticket.getAttribute('href')) ?? '';
    const opened = await owner.context.request.get(url(href));
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(opened.headers()['content-disposition']).toMatch(/^inline/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the cover thumbnail in the list of trips', async () => {
    const { page } = owner;
    await page.goto(url('/itineraries'));
    const card = page.locator('article, .mantine-Card-root').filter({ hasText: 'Porto by tram' });
    const cover = card.locator('img').first();
    await cover.waitFor();
    expect(await cover.getAttribute('src')).toContain('alt=media');
    await expect
      .poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await shot(page, 'list');
  });

  it('adds photos to a stage, moves through the lightbox by keyboard and swipe, captions and reorders', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/stage/${stageId}`));
    await page.getByRole('heading', { name: t.photos.title }).waitFor();
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: photo(1200, 900, [160, 60, 40]) },
      { name: 'b.png', mimeType: 'image/png', buffer: photo(900, 1200, [40, 120, 60]) },
      { name: 'c.png', mimeType: 'image/png', buffer: photo(1200, 800, [60, 60, 160]) },
    ]);
    const thumbs = page.getByRole('img', { name: /^Photo [123]$/ });
    await expect.poll(() => thumbs.count(), { timeout: 30_000 }).toBe(3);

    // Open the first by keyboard; arrows move, and wrap around.
    const first = page.getByRole('button', { name: 'Photo 1', exact: true });
    // The large photo has its box before it has loaded (held back here), and keeps it when it
    // arrives: the dialog does not jump.
    const release = await slowDown(page, /variant=medium/, 1_500);
    await first.focus();
    await page.keyboard.press('Enter');
    const title = (number: number) => page.getByRole('dialog', { name: `Photo ${number} of 3` });
    await title(1).waitFor();
    await animationsFinished(page);
    const loading = title(1).locator('img');
    expect(await loading.evaluate((image: HTMLImageElement) => image.complete)).toBe(false);
    const early = await loading.boundingBox();
    // A 1200 × 900 photo across the phone's dialog (about 290 px): 3 by 4.
    expect(early?.width ?? 0).toBeGreaterThan(250);
    expect((early?.height ?? 0) / (early?.width ?? 1)).toBeCloseTo(0.75, 1);
    await shot(page, 'lightbox-loading');
    await expect
      .poll(() =>
        loading.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    expect(await loading.boundingBox()).toEqual(early);
    await release();
    await page.keyboard.press('ArrowRight');
    await title(2).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await title(3).waitFor();
    // The focus stays inside the dialog.
    for (let step = 0; step < 6; step += 1) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
    ).toBe(true);

    // A swipe towards the start shows the next photo (3 → 1).
    const large = title(3).locator('img');
    // A photo takes its size once it has loaded: a swipe starts on the photo one sees.
    await expect
      .poll(() =>
        large.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
      )
      .toBe(true);
    const box = await large.boundingBox();
    if (!box) throw new Error('the large photo has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await title(1).waitFor();
    await page.keyboard.press('ArrowLeft');
    await title(3).waitFor();

    // Caption the third photo.
    await page.getByRole('button', { name: t.lightbox.editCaption }).click();
    await page.getByLabel(t.lightbox.caption).fill('Tram 28 at dawn');
    await page.getByRole('button', { name: t.lightbox.saveCaption }).click();
    await page.getByRole('dialog').getByText('Tram 28 at dawn').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'lightbox');

    // Escape closes, and the focus goes back to the thumbnail it was opened from.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.querySelector('img')?.alt ?? ''))
      .toBe('Photo 1');

    // Move the captioned photo to the front, by keyboard.
    await page.getByRole('button', { name: 'Move Tram 28 at dawn earlier' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Tram 28 at dawn is now number 2.' }).waitFor({
      state: 'attached',
    });
    await page.getByRole('button', { name: 'Move Tram 28 at dawn earlier' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const response = await owner.context.request.get(
          url(`/api/itineraries/${tripId}/photos?stageId=${stageId}`),
        );
        const { items } = (await response.json()) as { items: { caption: string }[] };
        return items.map((item) => item.caption);
      })
      .toEqual(['Tram 28 at dawn', '', '']);
    await page.getByRole('img', { name: 'Tram 28 at dawn' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'stage');
  });

  it('deletes a stage photo after confirming', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Remove Photo 3' }).click();
    const dialog = page.getByRole('dialog', { name: t.photos.removeTitle });
    await dialog.getByRole('button', { name: t.photos.removeConfirm }).click();
    await expect
      .poll(() => page.getByRole('img', { name: /^(Photo \d|Tram 28 at dawn)$/ }).count())
      .toBe(2);
  });

  it('gives a place its own photos and booking, on the map page', async () => {
    const { page } = owner;
    const created = await owner.context.request.post(url(`/api/itineraries/${tripId}/places`), {
      headers: origin(),
      data: { stageId, name: 'Livraria Lello', lat: 41.1469, lng: -8.6149 },
    });
    expect(created.status()).toBe(201);
    const placeId = ((await created.json()) as { id: string }).id;
    await page.goto(url(`/itinerary/${tripId}/place`));
    await page.locator(`button[data-place-id="${placeId}"]`).click();
    const panel = page.locator('section[aria-labelledby="selected-place-name"]');
    await panel.getByRole('heading', { name: t.photos.title }).waitFor();
    await panel.getByTestId('photo-input').setInputFiles({
      name: 'stairs.png',
      mimeType: 'image/png',
      buffer: photo(1000, 1400, [120, 40, 40]),
    });
    await panel.getByRole('img', { name: 'Photo 1' }).waitFor({ timeout: 20_000 });
    await panel.getByTestId('attachment-input').setInputFiles({
      name: 'lello-entry.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Livraria Lello, 10:30'),
    });
    await panel.getByRole('link', { name: 'lello-entry.pdf' }).waitFor({ timeout: 20_000 });
    const photos = await owner.context.request.get(
      url(`/api/itineraries/${tripId}/photos?placeId=${placeId}`),
    );
    expect(((await photos.json()) as { items: unknown[] }).items).toHaveLength(1);
    const files = await owner.context.request.get(
      url(`/api/itineraries/${tripId}/attachments?placeId=${placeId}`),
    );
    expect(((await files.json()) as { items: unknown[] }).items).toHaveLength(1);
    // Not the trip's: the overview's list still holds the trip's one ticket.
    const trip = await owner.context.request.get(url(`/api/itineraries/${tripId}`));
    const { attachments } = (await trip.json()) as { attachments: { placeId: string | null }[] };
    expect(attachments.filter((item) => item.placeId === null)).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'place');
  });

  it('shows the storage used on the account page', async () => {
    const { page } = owner;
    await page.goto(url('/account#data'));
    const meter = page.getByTestId('storage-meter');
    await meter.getByRole('progressbar', { name: t.meter.label }).waitFor({ state: 'attached' });
    expect(await meter.textContent()).toMatch(/of 5 GB used/);
    expect(await meter.textContent()).toContain(
      'Photos up to 15 MB, attachments up to 25 MB each.',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'account-meter');
  });

  it('lets a viewer see the cover, photos and ticket but change nothing; refuses a stranger', async () => {
    const viewerContext = await newContext(browser, SMALL_PHONE);
    const viewer = await signUpVerified(viewerContext, { name: 'Vic Viewer' });
    const invited = await owner.context.request.post(
      url(`/api/itineraries/${tripId}/invitations`),
      { headers: origin(), data: { email: viewer.email, role: 'viewer' } },
    );
    expect(invited.status()).toBe(201);
    const mail = await waitForMail(viewer.email, /invited you/);
    const link = new URL(mail.links.find((candidate) => candidate.includes('invitation=')) ?? '');
    const page = await viewerContext.newPage();
    await page.goto(url(`${link.pathname}${link.search}`));
    await page.waitForURL(url(`/itinerary/${tripId}`), { timeout: 15_000 });
    await page.getByRole('link', { name: 'train-ticket.pdf' }).waitFor();
    expect(await page.getByTestId('attachment-input').count()).toBe(0);

    await page.goto(url(`/itinerary/${tripId}/stage/${stageId}`));
    await page.getByRole('img', { name: 'Tram 28 at dawn' }).waitFor();
    expect(await page.getByRole('button', { name: t.photos.add }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Remove|Move) / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Tram 28 at dawn', exact: true }).click();
    await page.getByRole('dialog', { name: 'Photo 1 of 2' }).waitFor();
    expect(await page.getByRole('button', { name: t.lightbox.editCaption }).count()).toBe(0);
    await shot(page, 'viewer-lightbox');
    await page.keyboard.press('Escape');

    // The API agrees: a viewer cannot add, caption or upload.
    const photos = await viewerContext.request.get(
      url(`/api/itineraries/${tripId}/photos?stageId=${stageId}`),
    );
    const { items } = (await photos.json()) as { items: { id: string; file: { path: string } }[] };
    const caption = await viewerContext.request.patch(
      url(`/api/itineraries/${tripId}/photos/${items[0]?.id}`),
      { headers: origin(), data: { caption: 'Mine now' } },
    );
    expect(caption.status()).toBe(403);
    const upload = await viewerContext.request.post(
      url(
        `/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(`itineraries/${tripId}/photos/x.png`)}`,
      ),
      { headers: { ...origin(), 'content-type': 'image/png' }, data: photo(20, 20) },
    );
    expect(upload.status()).toBe(403);

    // A stranger (signed in, not a member) and an anonymous caller are refused.
    const objectPath = encodeURIComponent(items[0]?.file.path ?? '');
    const strangerContext = await newContext(browser, SMALL_PHONE);
    await signUpVerified(strangerContext, { name: 'Sam Stranger' });
    const strangerMeta = await strangerContext.request.get(url(`/v0/b/jammy/o/${objectPath}`));
    expect(strangerMeta.status()).toBe(403);
    const strangerBytes = await strangerContext.request.get(
      url(`/v0/b/jammy/o/${objectPath}?alt=media`),
    );
    expect(strangerBytes.status()).toBe(403);
    const strangerList = await strangerContext.request.get(
      url(`/api/itineraries/${tripId}/photos`),
    );
    expect([403, 404]).toContain(strangerList.status());
    const anonymous = await browser.newContext();
    const anonymousMeta = await anonymous.request.get(url(`/v0/b/jammy/o/${objectPath}`));
    expect(anonymousMeta.status()).toBe(401);
    const anonymousUpload = await anonymous.request.post(
      url(
        `/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(`itineraries/${tripId}/photos/y.png`)}`,
      ),
      { headers: { ...origin(), 'content-type': 'image/png' }, data: photo(20, 20) },
    );
    expect(anonymousUpload.status()).toBe(401);
    await Promise.all([viewerContext.close(), strangerContext.close(), anonymous.close()]);
  });

  it('reads right to left in Arabic, and passes axe', async () => {
    const { page } = owner;
    await page.goto(url(`/ar/itinerary/${tripId}/stage/${stageId}`));
    await page.getByRole('heading', { name: arFiles.photos.title }).waitFor();
    await page.getByRole('img', { name: 'Tram 28 at dawn' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('button', { name: 'Tram 28 at dawn', exact: true }).click();
    await page
      .getByRole('dialog', {
        name: arFiles.lightbox.label.replace('{number}', '1').replace('{total}', '2'),
      })
      .waitFor();
    // Right to left, the left arrow goes forward.
    await page.keyboard.press('ArrowLeft');
    await page
      .getByRole('dialog', {
        name: arFiles.lightbox.label.replace('{number}', '2').replace('{total}', '2'),
      })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'arabic-lightbox');
    await page.keyboard.press('Escape');
    await page.goto(url(`/ar/itinerary/${tripId}/edit`));
    await page.getByRole('button', { name: arFiles.cover.replace }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'arabic-edit');
  });
});
