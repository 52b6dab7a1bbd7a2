import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import {
  PHONE,
  baseUrl,
  launchBrowser,
  newContext,
  pixelsOfColour,
  seriousViolations,
  url,
} from './browser';

const exportsAr = arLocale.exports;
const exportsEn = enLocale.exports;

// The exports of one trip on a 360 px phone: the Export menu opened by keyboard, a GPX
// download parsed back, a calendar feed made and read without a session, and the print view
// (print media, and a PDF); axe in English and Arabic.

const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 780 } };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const TITLE = 'Lisbon and Porto';

let browser: Browser;
let context: BrowserContext;
let itineraryId = '';

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS)
    await page.screenshot({ path: path.join(SHOTS, `exports-${name}.png`), fullPage: true });
}

async function post(to: string, data: object): Promise<{ id: string }> {
  const response = await context.request.post(url(to), { headers: { origin: baseUrl() }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, SMALL_PHONE);
  await signUpVerified(context, { name: 'Rita Exporter' });
  itineraryId = (
    await post('/api/itineraries', {
      title: TITLE,
      startDate: '2027-05-01',
      endDate: '2027-05-06',
      timezone: 'Europe/Lisbon',
    })
  ).id;
  const trip = `/api/itineraries/${itineraryId}`;
  const lisbon = await post(`${trip}/stages`, {
    title: 'Lisbon',
    destinationName: 'Lisboa',
    lat: 38.7223,
    lng: -9.1393,
    startDate: '2027-05-01',
    endDate: '2027-05-03',
  });
  const porto = await post(`${trip}/stages`, {
    title: 'Porto',
    destinationName: 'Porto',
    lat: 41.1579,
    lng: -8.6291,
    startDate: '2027-05-04',
    endDate: '2027-05-06',
  });
  await post(`${trip}/places`, {
    stageId: lisbon.id,
    name: 'Torre de Belém',
    category: 'sight',
    lat: 38.6916,
    lng: -9.216,
    day: '2027-05-02',
    time: '10:00',
    durationMinutes: 90,
  });
  await post(`${trip}/places`, {
    stageId: lisbon.id,
    name: 'Time Out Market',
    category: 'food',
    lat: 38.7069,
    lng: -9.1459,
  });
  await post(`${trip}/places`, {
    stageId: porto.id,
    name: 'Livraria Lello',
    category: 'shopping',
    lat: 41.1469,
    lng: -8.6149,
    day: '2027-05-05',
    time: '09:00',
  });
  await post(`${trip}/bookings`, {
    kind: 'train',
    title: 'Alfa Pendular to Porto',
    carrier: 'CP',
    number: '123',
    fromName: 'Lisboa Santa Apolónia',
    fromLat: 38.7137,
    fromLng: -9.1227,
    toName: 'Porto Campanhã',
    toLat: 41.1486,
    toLng: -8.5856,
    startAt: '2027-05-04T09:39',
    startZone: 'Europe/Lisbon',
    endAt: '2027-05-04T12:35',
    endZone: 'Europe/Lisbon',
    confirmationCode: 'QX7P2',
    costMinor: 3480,
    currency: 'EUR',
  });
  await post(`${trip}/notes`, { title: 'Tickets', body: 'Train tickets are in the app.' });
  const list = await post(`${trip}/lists`, { title: 'Packing', kind: 'packing' });
  for (const text of ['Passport', 'Walking shoes', 'Adapter']) {
    await post(`${trip}/lists/${list.id}/items`, { text });
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('exports', () => {
  it('downloads the GPX, subscribes to the calendar and prints the trip (phone, English)', async () => {
    const page = await context.newPage();
    await page.goto(url(`/itinerary/${itineraryId}`));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The menu opens from the keyboard.
    const menuButton = page.getByRole('button', { name: exportsEn.menu.button });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: exportsEn.menu.gpx }).waitFor();
    await shot(page, 'menu-phone-en');
    expect(await seriousViolations(page), 'menu en').toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: exportsEn.menu.gpx }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Lisbon-and-Porto.gpx');
    const gpxPath = await download.path();
    const { gpx } = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['wpt', 'rte', 'rtept'].includes(name),
    }).parse(await readFile(gpxPath, 'utf8'));
    // Stages, places and the train's stations, in the trip's order, and one route through them
    // all; the train as a track of its own.
    const names = [
      'Lisboa',
      'Torre de Belém',
      'Time Out Market',
      'Lisboa Santa Apolónia',
      'Porto Campanhã',
      'Porto',
      'Livraria Lello',
    ];
    expect(gpx.wpt.map((point: { name: string }) => point.name)).toEqual(names);
    expect(gpx.rte.map((route: { name: string }) => route.name)).toEqual([TITLE]);
    expect(gpx.rte[0].rtept.map((point: { name: string }) => point.name)).toEqual(names);
    expect(gpx.trk).toMatchObject({ name: 'Alfa Pendular to Porto', type: 'train' });

    // The calendar feed: made here, read by a "calendar app" with no session at all.
    await menuButton.click();
    await page.getByRole('menuitem', { name: exportsEn.menu.feed }).click();
    // Confirmation codes are a choice, off unless ticked.
    const codes = page.getByRole('checkbox', { name: exportsEn.feed.codes });
    await codes.waitFor();
    expect(await codes.isChecked()).toBe(false);
    await page.getByRole('button', { name: exportsEn.feed.create }).click();
    const address = page.getByRole('textbox', { name: exportsEn.feed.address });
    await address.waitFor();
    const feedUrl = await address.inputValue();
    expect(feedUrl).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    await shot(page, 'feed-phone-en');
    expect(await seriousViolations(page), 'feed dialog en').toEqual([]);
    const calendarApp = await newContext(browser);
    const feed = await calendarApp.request.get(url(new URL(feedUrl).pathname));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const summaries = calendar
      .getAllSubcomponents('vevent')
      .map((event) => String(event.getFirstPropertyValue('summary')));
    expect(summaries).toEqual(
      expect.arrayContaining(['Lisbon', 'Porto', 'Torre de Belém', 'Livraria Lello']),
    );
    // Lines of a calendar are folded at 75 octets: unfolded before looking for the code.
    const unfolded = async (answer: { text(): Promise<string> }) =>
      (await answer.text()).replace(/\r\n[ \t]/g, '');
    expect(await unfolded(feed)).not.toContain('QX7P2');

    // A new address with the codes: the dialog says they are in it, and they are.
    await page.keyboard.press('Escape');
    await menuButton.click();
    await page.getByRole('menuitem', { name: exportsEn.menu.feed }).click();
    await page.getByTestId('feed-state').getByText(exportsEn.feed.withoutCodes).waitFor();
    await page.getByRole('checkbox', { name: exportsEn.feed.codes }).check();
    await page.getByRole('button', { name: exportsEn.feed.renew }).click();
    const renewedUrl = await page
      .getByRole('textbox', { name: exportsEn.feed.address })
      .inputValue();
    expect(renewedUrl).not.toBe(feedUrl);
    const withCodes = await calendarApp.request.get(url(new URL(renewedUrl).pathname));
    expect(await unfolded(withCodes)).toContain('Confirmation: QX7P2');
    await shot(page, 'feed-codes-phone-en');
    await calendarApp.close();
    await page.keyboard.press('Escape');

    // The print view, from the menu.
    await menuButton.click();
    await page.getByRole('menuitem', { name: exportsEn.menu.print }).click();
    await page.waitForURL(url(`/itinerary/${itineraryId}/print`));
    // The print view's own toolbar first: until its chunk is in, the overview is still shown.
    await page.getByRole('button', { name: exportsEn.print.button }).waitFor();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByTestId('print-booking').getByText('Alfa Pendular to Porto').waitFor();
    await expect.poll(() => page.getByRole('checkbox').count(), { timeout: 10_000 }).toBe(3);
    // The cover's map: a picture drawn from the tiles, the button ready only once it is.
    const map = page.locator('[data-testid="print-map"][data-state="ready"] img');
    await map.waitFor();
    expect(await map.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(1600);
    expect(await map.getAttribute('alt')).toBe(exportsEn.print.mapAlt.replace('{title}', TITLE));
    // The train from Lisbon to Porto is drawn as the trip's map draws a train: solid green.
    expect(await pixelsOfColour(map, [0x2b, 0x8a, 0x3e], 16)).toBeGreaterThan(200);
    expect(await page.getByRole('button', { name: exportsEn.print.button }).isVisible()).toBe(true);
    expect(await seriousViolations(page), 'print en').toEqual([]);
    await shot(page, 'print-phone-en');
    await page.emulateMedia({ media: 'print' });
    // The toolbar is not printed.
    expect(await page.getByRole('button', { name: exportsEn.print.button }).isVisible()).toBe(
      false,
    );
    await shot(page, 'print-media-phone-en');
    expect(await map.isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The map is in the PDF: an image of the picture's size (the trip has no cover picture).
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image[\s\S]{0,200}?\/Width\s+1600/);
    expect(pdf.length).toBeGreaterThan(50_000);
    if (SHOTS)
      await import('node:fs/promises').then((fs) =>
        fs.writeFile(path.join(SHOTS, 'exports-print-en.pdf'), pdf),
      );
    await page.close();
  });

  it('passes axe on the Export menu and the print view in Arabic (phone)', async () => {
    const page = await context.newPage();
    await page.goto(url(`/ar/itinerary/${itineraryId}`));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: exportsAr.menu.button }).click();
    await page.getByRole('menuitem', { name: exportsAr.menu.gpx }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await seriousViolations(page), 'menu ar').toEqual([]);
    await shot(page, 'menu-phone-ar');
    await page.keyboard.press('Escape');

    await page.goto(url(`/ar/itinerary/${itineraryId}/print`));
    await page.getByRole('button', { name: exportsAr.print.button }).waitFor();
    await page.locator('[data-testid="print-map"][data-state="ready"] img').waitFor();
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByTestId('print-booking').getByText('Alfa Pendular to Porto').waitFor();
    expect(await seriousViolations(page), 'print ar').toEqual([]);
    await shot(page, 'print-phone-ar');
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'print-media-phone-ar');
    await page.close();
  });
});
