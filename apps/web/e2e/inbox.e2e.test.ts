import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, launchBrowser, newContext, seriousViolations, url } from './browser';

// The booking inbox on a phone: a confirmation uploaded lands as an item that says what was
// found and where, on the trip its dates match; accepted, it is a booking on the trip's day at
// the ticket's local times. A second one arrives by drag-and-drop, a third pasted, in Arabic.

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const corpus = (name: string) =>
  readFileSync(new URL(`../../server/src/modules/inbox/corpus/${name}`, import.meta.url));

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId = '';

async function shoot(target: Page, name: string) {
  if (SHOTS) await target.screenshot({ path: `${SHOTS}/inbox-${name}.png`, fullPage: true });
}

async function post(path: string, data: object): Promise<string> {
  const response = await context.request.post(url(path), { headers: { origin: baseUrl() }, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The item of the inbox whose heading is `title`. */
const item = (title: string) => page.locator('article[data-inbox-item]').filter({ hasText: title });

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE);
  await signUpVerified(context);
  tripId = await post('/api/itineraries', {
    title: 'Rome and Tokyo',
    startDate: '2027-04-01',
    endDate: '2027-04-12',
    timezone: 'Europe/Rome',
  });
  await post(`/api/itineraries/${tripId}/stages`, {
    title: 'Rome',
    destinationName: 'Rome',
    lat: 41.89,
    lng: 12.48,
    startDate: '2027-04-01',
    endDate: '2027-04-03',
  });
  await post(`/api/itineraries/${tripId}/stages`, {
    title: 'Tokyo',
    destinationName: 'Tokyo',
    lat: 35.68,
    lng: 139.76,
    startDate: '2027-04-04',
    endDate: '2027-04-12',
  });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the booking inbox', () => {
  it('takes an uploaded confirmation, shows what it found and from where, and accepts it onto the trip’s day', async () => {
    await page.goto(url('/inbox'));
    await page.getByRole('heading', { level: 1, name: 'Booking inbox' }).waitFor();
    // This server receives no mail (no SMTP listener, no mailbox): the page says so.
    await page.getByRole('heading', { level: 2, name: 'Your forwarding address' }).waitFor();
    expect(await page.getByText('This Jammy does not receive mail yet').count()).toBe(1);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'flight.eml',
      mimeType: 'message/rfc822',
      buffer: corpus('flight-json-ld.eml'),
    });
    const flight = item('Your flight to Tokyo is confirmed');
    await flight.waitFor();
    await expect.poll(() => flight.textContent()).toContain('SK 784 FCO–NRT');
    // Without the marks that keep each value's direction in a sentence of another.
    const text = ((await flight.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(text).toContain('Apr 3, 2027, 1:05 PM (Europe/Rome)');
    expect(text).toContain('from the airport table (FCO)');
    expect(text).toContain("from the mail's markup (reservationFor.departureTime)");
    expect(text).toContain('Its dates fall in your trip “Rome and Tokyo”.');
    await shoot(page, 'item-en');
    expect(await seriousViolations(page), 'inbox, en').toEqual([]);

    // By keyboard: the accept button takes the focus and Enter accepts.
    await flight.getByRole('button', { name: 'Accept' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => flight.textContent()).toContain('Accepted');
    await flight.getByRole('link', { name: "Open the trip's bookings" }).click();
    const line = page.getByTestId('booking-line').filter({ hasText: 'SK 784 FCO–NRT' });
    await line.waitFor();
    // 13:05 in Rome to 08:45 in Tokyo the next day.
    expect(await line.textContent()).toContain('12 hr 40 min');

    // On the trip's page, in Rome's last day (the day it leaves, in Rome's clock).
    await page.goto(url(`/itinerary/${tripId}`));
    const rome = page.locator('li[data-stage="Rome"]');
    const booking = rome.locator('[data-entry="booking:whole:SK 784 FCO–NRT"]');
    await booking.waitFor();
    const shown = (await booking.textContent()) ?? '';
    expect(shown).toContain('1:05');
    expect(shown).toContain('8:45');
  });

  it('takes a confirmation dropped on the page, and one pasted, in Arabic', async () => {
    await page.goto(url('/ar/inbox'));
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('inbox-drop').waitFor();
    const hotel = corpus('hotel-json-ld.eml').toString('latin1');
    const dataTransfer = await page.evaluateHandle((mail) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([mail], 'hotel.eml', { type: 'message/rfc822' }));
      return transfer;
    }, hotel);
    await page.dispatchEvent('[data-testid="inbox-drop"]', 'drop', { dataTransfer });
    await item('Reservation confirmed: Hotel Sakura Asakusa').waitFor();
    await page
      .getByLabel('أو الصق تأكيدًا')
      .fill('Booking reference LX4QH2\nParis (CDG) → Montréal (YUL), 3 May 2027 13:40');
    await page.getByRole('button', { name: 'أضف النص' }).click();
    // A PDF ticket: the built server reads the bar code of its picture.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'boarding-pass.pdf',
      mimeType: 'application/pdf',
      buffer: corpus('boarding-pass.pdf'),
    });
    await expect.poll(() => item('boarding-pass.pdf').textContent()).toContain('TP 557 MUC–LIS');
    const pasted = item('نص ملصق');
    await pasted.waitFor();
    expect(await pasted.textContent()).toContain('LX4QH2');
    await shoot(page, 'items-ar');
    expect(await seriousViolations(page), 'inbox, ar').toEqual([]);
  });

  it('takes what the phone’s share sheet sends to the installed app, in its language', async () => {
    const installed = await newContext(browser, { ...PHONE, serviceWorkers: 'allow' });
    try {
      await signUpVerified(installed);
      const phone = await installed.newPage();
      await phone.goto(url('/de/inbox'));
      await phone.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 30_000,
      });
      // As the share sheet does: a POST of the manifest's share target, a mail and its title.
      await share(phone, '/de/inbox/share', {
        title: 'Your flight',
        file: { name: 'flight.eml', type: 'message/rfc822', text: corpus('flight-json-ld.eml') },
      });
      const shared = phone.locator('article[data-inbox-item]');
      await shared.first().waitFor({ timeout: 30_000 });
      expect(new URL(phone.url()).pathname).toBe('/de/inbox');
      await expect.poll(() => new URL(phone.url()).searchParams.has('shared')).toBe(false);
      expect(await shared.count()).toBe(1);
      // Text alone (a booking's page shared from a browser) becomes an item as pasted text.
      await share(phone, '/de/inbox/share', { text: 'Buchungsnummer LX4QH2, 3. Mai 2027' });
      await expect.poll(() => shared.count(), { timeout: 30_000 }).toBe(2);
      expect(await shared.first().textContent()).toContain('LX4QH2');
      // Reloaded, nothing arrives twice.
      await phone.reload();
      await shared.first().waitFor();
      expect(await shared.count()).toBe(2);
      await shoot(phone, 'shared-de');
      expect(await seriousViolations(phone), 'inbox after a share, de').toEqual([]);
    } finally {
      await installed.close();
    }
  });

  it('says so when a share reaches the server without the app’s worker', async () => {
    await page.goto(url('/inbox'));
    await share(page, '/inbox/share', { text: 'Booking ABC123' });
    const notice = page.getByText('Something was shared to Jammy before the app was ready');
    await notice.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });
});

/** Submits a form as a phone's share sheet posts to the share target, and waits for the page. */
async function share(
  target: Page,
  action: string,
  sent: { title?: string; text?: string; file?: { name: string; type: string; text: Buffer } },
) {
  const file = sent.file && { ...sent.file, text: sent.file.text.toString('latin1') };
  await Promise.all([
    target.waitForNavigation(),
    target.evaluate(
      ({ action, title, text, file }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.enctype = 'multipart/form-data';
        form.action = action;
        for (const [name, value] of [
          ['title', title],
          ['text', text],
        ] as const) {
          if (value === undefined) continue;
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        if (file) {
          const input = document.createElement('input');
          input.type = 'file';
          input.name = 'files';
          const transfer = new DataTransfer();
          const bytes = Uint8Array.from(file.text, (char) => char.charCodeAt(0));
          transfer.items.add(new File([bytes], file.name, { type: file.type }));
          input.files = transfer.files;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      },
      { action, ...sent, file },
    ),
  ]);
}
