import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, newContext, seriousViolations, browserForThisFile, url } from './browser';

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** The narrowest phone the app is made for. */
const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 780 } };

const browser = await browserForThisFile();

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/bookings-${name}.png`, fullPage: true });
}

async function expectNoSeriousViolations(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Picks `option` of the searchable select labelled `label`, by typing its start. */
async function choose(page: Page, scope: Locator, label: string, typed: string, option: string) {
  await scope.getByLabel(label, { exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A booking's line in a list of bookings, by its title. */
function line(scope: Page | Locator, title: string): Locator {
  return scope.getByTestId('booking-line').filter({ hasText: title });
}

describe('bookings', () => {
  let context: BrowserContext;
  let page: Page;
  let tripId: string;
  let tokyoId: string;

  beforeAll(async () => {
    context = await newContext(browser, SMALL_PHONE);
    await signUpVerified(context);
    const response = await context.request.post(url('/api/itineraries'), {
      headers: { origin: baseUrl() },
      data: {
        title: 'Rome and Tokyo',
        startDate: '2027-03-27',
        endDate: '2027-04-02',
        timezone: 'Europe/Rome',
      },
    });
    expect(response.status()).toBe(201);
    tripId = ((await response.json()) as { id: string }).id;
    const stage = await context.request.post(url(`/api/itineraries/${tripId}/stages`), {
      headers: { origin: baseUrl() },
      data: { title: 'Tokyo', lat: 35.69, lng: 139.69 },
    });
    expect(stage.status()).toBe(201);
    tokyoId = ((await stage.json()) as { id: string }).id;
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('a traveller books a flight across the DST change and a hotel; the timeline and a share link show them', async () => {
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('heading', { level: 1, name: 'Bookings' }).waitFor();
    await page.getByText('No bookings yet').waitFor();

    // The flight: Rome 10:00 (summer time since 02:00 that night) → Tokyo 06:00 next day.
    await page.getByRole('button', { name: 'Add a booking' }).click();
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Name').fill('Rome to Tokyo');
    await form.getByLabel('Company').fill('ITA Airways');
    await form.getByLabel('Number').fill('AZ 792');
    await form.getByLabel('From').fill('Rome');
    await page.getByRole('option', { name: /^Rome/ }).first().click();
    await form.getByLabel('To', { exact: true }).fill('Tokyo');
    await page
      .getByRole('option', { name: /^Tokyo/ })
      .first()
      .click();
    await form.getByLabel('Departure', { exact: true }).fill('2027-03-28T10:00');
    // The departure's zone is Rome's, from the place picked.
    expect(await form.getByLabel('Time zone (Departure)').inputValue()).toBe('Europe/Rome');
    await form.getByLabel('Arrival', { exact: true }).fill('2027-03-29T06:00');
    // The arrival's is Tokyo's, from the place picked; choosing it again keeps it.
    expect(await form.getByLabel('Time zone (Arrival)').inputValue()).toBe('Asia/Tokyo');
    await choose(page, form, 'Time zone (Arrival)', 'Asia/Tok', 'Asia/Tokyo');
    await form.getByLabel('Time zone (Arrival)').blur();
    expect(await form.getByLabel('Time zone (Arrival)').inputValue()).toBe('Asia/Tokyo');
    await form.getByLabel('Cost').fill('849');
    await choose(page, form, 'Currency', 'EUR', 'EUR — Euro');
    await shoot(page, 'form-en');
    await expectNoSeriousViolations(page, 'form, en');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.waitFor({ state: 'detached' });

    // The hotel, with its confirmation code.
    await page.getByRole('button', { name: 'Add a booking' }).click();
    await form.getByLabel('Kind', { exact: true }).click();
    await page.getByRole('option', { name: 'Stay', exact: true }).click();
    await form.getByLabel('Name').fill('Hotel Sakura');
    await form.getByLabel('Stage', { exact: true }).click();
    await page.getByRole('option', { name: 'Tokyo', exact: true }).click();
    await form.getByLabel('Address').fill('1-2-3 Nishi-Shinjuku, Tokyo');
    await form.getByLabel('Check-in', { exact: true }).fill('2027-03-29T15:00');
    await choose(page, form, 'Time zone (Check-in)', 'Asia/Tok', 'Asia/Tokyo');
    await form.getByLabel('Check-out', { exact: true }).fill('2027-04-02T11:00');
    await choose(page, form, 'Time zone (Check-out)', 'Asia/Tok', 'Asia/Tokyo');
    await form.getByLabel('Confirmation code').fill('SAK-7781');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.waitFor({ state: 'detached' });

    const flight = line(page, 'Rome to Tokyo');
    const hotel = line(page, 'Hotel Sakura');
    await hotel.getByText('SAK-7781').waitFor();
    // Departure in the trip's zone: no zone named; arrival the next day, in Japan's.
    expect(await flight.getByTestId('booking-start').textContent()).toBe('10:00 AM');
    expect(await flight.getByTestId('booking-end').textContent()).toBe(
      'Mon, Mar 29 6:00 AM Japan Time (GMT+9)',
    );
    expect(await hotel.getByTestId('booking-start').textContent()).toBe(
      '3:00 PM Japan Time (GMT+9)',
    );
    await flight.getByText('€849.00').waitFor();
    expect(await flight.getByTestId('booking-route').textContent()).toMatch(/^Rome → .*Tokyo$/);
    const days = page.getByTestId('booking-days').getByRole('heading');
    expect(await days.allTextContents()).toEqual([
      'Sunday, March 28, 2027',
      'Monday, March 29, 2027',
    ]);
    await shoot(page, 'page-en');
    await expectNoSeriousViolations(page, 'bookings page, en');

    // The saved booking is what was typed: wall-clock times with their own zones, cents.
    const tree = (await (await context.request.get(url(`/api/itineraries/${tripId}`))).json()) as {
      bookings: Record<string, unknown>[];
    };
    expect(tree.bookings[0]).toMatchObject({
      kind: 'flight',
      carrier: 'ITA Airways',
      startAt: '2027-03-28T10:00',
      startZone: 'Europe/Rome',
      endAt: '2027-03-29T06:00',
      endZone: 'Asia/Tokyo',
      costMinor: 84900,
      currency: 'EUR',
      fromName: 'Rome',
      toName: 'Tokyo',
    });
    expect(tree.bookings[0]?.fromLat).toBeTypeOf('number');
    expect(tree.bookings[1]).toMatchObject({
      kind: 'accommodation',
      confirmationCode: 'SAK-7781',
      stageId: tokyoId,
    });
    expect(tree.bookings[0]?.stageId).toBeNull();

    // Keyboard: the edit button of the flight opens its form, Escape-free cancel returns focus.
    await flight.getByRole('button', { name: 'Edit Rome to Tokyo' }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('form', { name: 'Change the booking' });
    await expect.poll(() => edit.getByLabel('Name').inputValue()).toBe('Rome to Tokyo');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // The trip's timeline shows both in their days, in local time: the hotel in its stage.
    await page.goto(url(`/itinerary/${tripId}`));
    const timeline = page.getByTestId('timeline-booking');
    const hotelIn = page.locator(
      'li[data-stage="Tokyo"] [data-entry="booking:check-in:Hotel Sakura"]',
    );
    await hotelIn.waitFor();
    expect(
      await timeline
        .filter({ hasText: 'Rome to Tokyo' })
        .getByTestId('booking-times')
        .textContent(),
    ).toBe('10:00 AM → until Mon, Mar 29 6:00 AM Japan Time (GMT+9)');
    await timeline.first().scrollIntoViewIfNeeded();
    await shoot(page, 'timeline-en');
    await expectNoSeriousViolations(page, 'overview, en');

    // Arabic, right to left.
    await page.goto(url(`/ar/itinerary/${tripId}/bookings`));
    await page.getByRole('heading', { level: 1, name: 'الحجوزات' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await line(page, 'Hotel Sakura').getByText('توقيت اليابان', { exact: false }).first().waitFor();
    await shoot(page, 'page-ar');
    await expectNoSeriousViolations(page, 'bookings page, ar');
    await page.getByRole('button', { name: 'إضافة حجز' }).click();
    await page.getByRole('form', { name: 'حجز جديد' }).waitFor();
    await shoot(page, 'form-ar');
    await expectNoSeriousViolations(page, 'form, ar');
    await page.goto(url(`/ar/itinerary/${tripId}`));
    await page.getByTestId('timeline-booking').filter({ hasText: 'Rome to Tokyo' }).waitFor();
    await page.getByTestId('timeline-booking').first().scrollIntoViewIfNeeded();
    await shoot(page, 'timeline-ar');
    await expectNoSeriousViolations(page, 'overview, ar');

    // A share-link holder sees both bookings, and no confirmation code.
    const created = await context.request.post(url(`/api/itineraries/${tripId}/share-links`), {
      headers: { origin: baseUrl() },
      data: {},
    });
    expect(created.status()).toBe(201);
    const link = new URL(((await created.json()) as { url: string }).url);
    const anonymous = await newContext(browser, SMALL_PHONE);
    const reader = await anonymous.newPage();
    await reader.goto(url(`${link.pathname}${link.search}`));
    await reader.locator('[data-state="shared-itinerary"]').waitFor();
    const shared = reader.getByTestId('trip-bookings');
    await line(shared, 'Rome to Tokyo').waitFor();
    await line(shared, 'Hotel Sakura').waitFor();
    expect(await reader.getByText('SAK-7781').count()).toBe(0);
    expect(await reader.getByTestId('booking-code').count()).toBe(0);
    await shoot(reader, 'shared-en');
    await expectNoSeriousViolations(reader, 'shared view, en');
    await anonymous.close();
  });
  it('an all-day booking has days, no time: in the form, the list and the data', async () => {
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('button', { name: 'Add a booking' }).click();
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Kind', { exact: true }).click();
    await page.getByRole('option', { name: 'Activity', exact: true }).click();
    await form.getByLabel('Name').fill('Vatican Museums pass');
    await form.getByRole('checkbox', { name: 'All day' }).check();
    // Days instead of times: no time and no zone to give.
    expect(await form.getByLabel('Start', { exact: true }).count()).toBe(0);
    await form.getByLabel('First day').fill('2027-03-30');
    await form.getByLabel('Last day (if more than one)').fill('2027-03-31');
    await shoot(page, 'form-all-day-en');
    await expectNoSeriousViolations(page, 'all-day form, en');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.waitFor({ state: 'detached' });

    const pass = line(page, 'Vatican Museums pass');
    expect(await pass.getByTestId('booking-times').textContent()).toBe(
      'All day · until Wed, Mar 31',
    );
    const days = page.getByTestId('booking-days').getByRole('heading');
    expect(await days.allTextContents()).toContain('Tuesday, March 30, 2027');
    const tree = (await (await context.request.get(url(`/api/itineraries/${tripId}`))).json()) as {
      bookings: Record<string, unknown>[];
    };
    expect(tree.bookings.find((row) => row.title === 'Vatican Museums pass')).toMatchObject({
      startDate: '2027-03-30',
      endDate: '2027-03-31',
      startAt: null,
      startZone: null,
    });

    await pass.getByRole('button', { name: 'Edit Vatican Museums pass' }).click();
    const edit = page.getByRole('form', { name: 'Change the booking' });
    expect(await edit.getByRole('checkbox', { name: 'All day' }).isChecked()).toBe(true);
    expect(await edit.getByLabel('First day').inputValue()).toBe('2027-03-30');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(url(`/de/itinerary/${tripId}/bookings`));
    await line(page, 'Vatican Museums pass').getByText('Ganztägig').waitFor();
    await shoot(page, 'all-day-de');
    await expectNoSeriousViolations(page, 'all-day list, de');
  });
});

describe('a booking cost typed as people type it', () => {
  let context: BrowserContext;
  let page: Page;
  let tripId: string;

  beforeAll(async () => {
    context = await newContext(browser, PHONE);
    await signUpVerified(context);
    const response = await context.request.post(url('/api/itineraries'), {
      headers: { origin: baseUrl() },
      data: { title: 'Rome in euros', currency: 'EUR', timezone: 'Europe/Rome' },
    });
    expect(response.status()).toBe(201);
    tripId = ((await response.json()) as { id: string }).id;
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  /** The costs of the trip's bookings, by title, as the API keeps them. */
  async function savedCosts() {
    const tree = (await (await context.request.get(url(`/api/itineraries/${tripId}`))).json()) as {
      bookings: { title: string; costMinor: number | null; currency: string | null }[];
    };
    return Object.fromEntries(
      tree.bookings.map((booking) => [booking.title, [booking.costMinor, booking.currency]]),
    );
  }

  /** Adds a booking of `title` costing `cost` as typed, in the language of `path`. */
  async function book(path: string, labels: BookingLabels, title: string, cost: string) {
    await page.goto(url(path));
    await page.getByRole('button', { name: labels.add }).click();
    const form = page.getByRole('form', { name: labels.legend });
    await form.getByLabel(labels.title).fill(title);
    // The currency starts as the trip's.
    await expect
      .poll(() => form.getByLabel(labels.currency, { exact: true }).inputValue())
      .toMatch(/^EUR/);
    await form.getByLabel(labels.cost, { exact: true }).fill(cost);
    return form;
  }

  it('keeps 612.40 and 45.90 to the cent, reads 45,90 in German, refuses a negative cost', async () => {
    const form = await book(`/itinerary/${tripId}/bookings`, EN, 'Hotel Roma', '612.40');
    await shoot(page, 'cost-form-en-390');
    await expectNoSeriousViolations(page, 'cost form, en');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.waitFor({ state: 'detached' });
    await line(page, 'Hotel Roma').getByText('€612.40').waitFor();

    const dinner = await book(`/itinerary/${tripId}/bookings`, EN, 'Dinner', '45.90');
    await dinner.getByRole('button', { name: 'Add the booking' }).click();
    await dinner.waitFor({ state: 'detached' });

    const german = await book(`/de/itinerary/${tripId}/bookings`, DE, 'Pizza', '45,90');
    await shoot(page, 'cost-form-de-390');
    await expectNoSeriousViolations(page, 'cost form, de');
    await german.getByRole('button', { name: 'Buchung hinzufügen' }).click();
    await german.waitFor({ state: 'detached' });

    expect(await savedCosts()).toEqual({
      'Hotel Roma': [61240, 'EUR'],
      Dinner: [4590, 'EUR'],
      Pizza: [4590, 'EUR'],
    });

    // A negative cost is refused on its field, naming it and the form expected.
    const refund = await book(`/itinerary/${tripId}/bookings`, EN, 'Refund', '-20');
    await refund.getByRole('button', { name: 'Add the booking' }).click();
    await refund.getByText('Cost cannot be negative. Enter an amount like 612.40.').waitFor();
    await shoot(page, 'cost-negative-en-390');
    expect(await refund.getByLabel('Cost', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // A cost without a currency is refused on the currency field, never dropped.
    await refund.getByLabel('Cost', { exact: true }).fill('20');
    // Mantine's clear button is hidden from assistive technology: found by its label.
    await refund.locator('button[aria-label="Clear the currency"]').click();
    await refund.getByRole('button', { name: 'Add the booking' }).click();
    await refund.getByText('Choose the currency of the cost.').waitFor();
    await shoot(page, 'cost-refused-en-390');
    await expectNoSeriousViolations(page, 'refused cost, en');
    expect(Object.keys(await savedCosts())).not.toContain('Refund');
  });
});

interface BookingLabels {
  add: string;
  legend: string;
  title: string;
  cost: string;
  currency: string;
}
const EN: BookingLabels = {
  add: 'Add a booking',
  legend: 'New booking',
  title: 'Name',
  cost: 'Cost',
  currency: 'Currency',
};
const DE: BookingLabels = {
  add: 'Buchung hinzufügen',
  legend: 'Neue Buchung',
  title: 'Name',
  cost: 'Kosten',
  currency: 'Währung',
};
