import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, create, screenshot, seriousViolations, travellerForThisFile, url } from './browser';

// A trip from Rome to Chicago through New York, on a phone: the booking form takes each leg's
// time zones from the places picked, each leg shows how long it really takes (across zones and
// the change to summer time), the wait between two legs is shown between them, and every
// booking appears in its day among the stages' places, on the trip's page and on paper.

const { context, page } = await travellerForThisFile(PHONE);
let tripId = '';

const shoot = (target: Page, name: string) =>
  screenshot(target, `booking-days-${name}`, { fullPage: true });

/** Makes a row of the trip through the API: its id. */
const post = async (path: string, data: object) => (await create(context, path, data)).id;

/** What each entry of `scope` is, in order ("place:MoMA", "booking:check-in:Hotel"…). */
function entries(scope: Locator): Promise<(string | null)[]> {
  return scope
    .locator('[data-entry]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-entry')));
}

/** A booking's line on the bookings page, by its title. */
function line(title: string): Locator {
  return page.getByTestId('booking-line').filter({ hasText: title });
}

beforeAll(async () => {
  tripId = await post('/api/itineraries', {
    title: 'Rome to Chicago',
    startDate: '2027-03-26',
    endDate: '2027-04-01',
    timezone: 'Europe/Rome',
  });
  const trip = `/api/itineraries/${tripId}`;
  const rome = await post(`${trip}/stages`, {
    title: 'Rome',
    destinationName: 'Rome',
    lat: 41.89,
    lng: 12.48,
    startDate: '2027-03-26',
    endDate: '2027-03-28',
  });
  const chicago = await post(`${trip}/stages`, {
    title: 'Chicago',
    destinationName: 'Chicago',
    lat: 41.85,
    lng: -87.65,
    startDate: '2027-03-28',
    endDate: '2027-04-01',
  });
  await post(`${trip}/places`, {
    stageId: rome,
    name: 'Colosseum',
    category: 'sight',
    day: '2027-03-27',
    time: '11:00',
  });
  for (const [name, day, time] of [
    ['Millennium Park', '2027-03-29', '10:00'],
    ['Art Institute', '2027-03-29', '14:00'],
    ['Navy Pier', null, null],
  ] as const) {
    await post(`${trip}/places`, { stageId: chicago, name, category: 'sight', day, time });
  }
  // The second leg, from another airport of New York, and the hotel in Chicago.
  await post(`${trip}/bookings`, {
    kind: 'flight',
    title: 'New York to Chicago',
    fromName: 'Newark',
    toName: 'Chicago',
    startAt: '2027-03-28T16:15',
    startZone: 'America/New_York',
    endAt: '2027-03-28T17:55',
    endZone: 'America/Chicago',
  });
  await post(`${trip}/bookings`, {
    kind: 'accommodation',
    title: 'Hotel Chicago',
    stageId: chicago,
    startAt: '2027-03-28T20:00',
    startZone: 'America/Chicago',
    endAt: '2027-04-01T11:00',
    endZone: 'America/Chicago',
  });
});

describe('bookings in the days of a trip', () => {
  it('picking From and To sets both time zones; the leg shows its real duration', async () => {
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('button', { name: 'Add a booking' }).click();
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Name').fill('Rome to New York');
    await form.getByLabel('From').fill('Rome');
    await page
      .getByRole('option', { name: /^Rome\s*Italy/ })
      .first()
      .click();
    await form.getByLabel('To', { exact: true }).fill('New York');
    await page
      .getByRole('option', { name: /^New York City\s*United States/ })
      .first()
      .click();
    // Both zones come from the places, not from the trip; both stay editable.
    expect(await form.getByLabel('Time zone (Departure)').inputValue()).toBe('Europe/Rome');
    expect(await form.getByLabel('Time zone (Arrival)').inputValue()).toBe('America/New_York');
    expect(await form.getByLabel('Time zone (Arrival)').isEditable()).toBe(true);
    await form.getByLabel('Departure', { exact: true }).fill('2027-03-28T10:00');
    await form.getByLabel('Arrival', { exact: true }).fill('2027-03-28T13:30');
    await shoot(page, 'form-zones-en');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.waitFor({ state: 'detached' });

    // 10:00 in Rome (summer time since that night) to 13:30 in New York: 9 h 30 min.
    await expect
      .poll(() => line('Rome to New York').getByTestId('booking-duration').textContent())
      .toContain('9 hr 30 min');
    expect(
      await line('New York to Chicago').getByTestId('booking-duration').textContent(),
    ).toContain('2 hr 40 min');
    expect(await line('Hotel Chicago').getByTestId('booking-duration').textContent()).toContain(
      '4 nights',
    );
    // The wait between the legs, between their lines, with the change of airport.
    const layover = page.getByTestId('booking-layover');
    expect(await layover.textContent()).toBe('Layover: 2 hr 45 min, from New York City to Newark');
    expect(
      await page
        .locator('[data-testid="booking-line"], [data-testid="booking-layover"]')
        .evaluateAll((nodes) =>
          nodes.map((node) =>
            node.getAttribute('data-testid') === 'booking-layover'
              ? 'layover'
              : (node.querySelector('bdi')?.textContent ?? ''),
          ),
        ),
    ).toEqual(['Rome to New York', 'layover', 'New York to Chicago', 'Hotel Chicago']);
    await line('Rome to New York').scrollIntoViewIfNeeded();
    await shoot(page, 'cards-en');
    expect(await seriousViolations(page), 'bookings, en').toEqual([]);

    await page.goto(url(`/de/itinerary/${tripId}/bookings`));
    await expect
      .poll(() => line('Rome to New York').getByTestId('booking-duration').textContent())
      .toContain('9 Std. 30 Min.');
    expect(await page.getByTestId('booking-layover').textContent()).toContain('2 Std. 45 Min.');
    await shoot(page, 'cards-de');
    expect(await seriousViolations(page), 'bookings, de').toEqual([]);
  });

  it('shows each booking in its day among the places, on the trip’s page', async () => {
    await page.goto(url(`/itinerary/${tripId}`));
    const rome = page.locator('li[data-stage="Rome"]');
    const chicago = page.locator('li[data-stage="Chicago"]');
    await chicago.locator('[data-entry]').first().waitFor();
    // The flights on Rome's last day, after its sights, with the wait between them.
    expect(await entries(rome)).toEqual([
      'place:Colosseum',
      'booking:whole:Rome to New York',
      'layover',
      'booking:whole:New York to Chicago',
    ]);
    // Check-in on the first night, check-out on the last day, the places in time between.
    expect(await entries(chicago)).toEqual([
      'booking:check-in:Hotel Chicago',
      'place:Millennium Park',
      'place:Art Institute',
      'place:Navy Pier',
      'booking:check-out:Hotel Chicago',
    ]);
    const flight = rome.locator('[data-entry="booking:whole:Rome to New York"]');
    expect(await flight.textContent()).toContain('9 hr 30 min');
    // The bookings are no second list of their own on this page.
    expect(await page.getByTestId('trip-bookings').count()).toBe(0);
    await rome.scrollIntoViewIfNeeded();
    await shoot(page, 'overview-en');
    expect(await seriousViolations(page), 'overview, en').toEqual([]);

    await page.goto(url(`/ar/itinerary/${tripId}`));
    await page.locator('li[data-stage="Chicago"] [data-entry]').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator('li[data-stage="Rome"]').scrollIntoViewIfNeeded();
    await shoot(page, 'overview-ar');
    expect(await seriousViolations(page), 'overview, ar').toEqual([]);
  });

  it('prints each booking in its day, in time order among the places', async () => {
    await page.goto(url(`/itinerary/${tripId}/print`));
    const day = (date: string) => page.locator(`[data-testid="print-day"][data-date="${date}"]`);
    await day('2027-03-29').waitFor();
    expect(await entries(page.locator('section[data-stage="Rome"]'))).toEqual([
      'place:Colosseum',
      'booking:whole:Rome to New York',
      'layover',
      'booking:whole:New York to Chicago',
    ]);
    expect(await entries(day('2027-03-28').last())).toEqual(['booking:check-in:Hotel Chicago']);
    expect(await entries(day('2027-03-29'))).toEqual([
      'place:Millennium Park',
      'place:Art Institute',
    ]);
    expect(await entries(day('2027-04-01'))).toEqual(['booking:check-out:Hotel Chicago']);
    expect(
      await page.locator('[data-entry="booking:whole:Rome to New York"]').textContent(),
    ).toContain('9 hr 30 min');
    expect(await page.locator('[data-entry="layover"]').textContent()).toContain('2 hr 45 min');
    await shoot(page, 'print-en');
    expect(await seriousViolations(page), 'print, en').toEqual([]);

    await page.goto(url(`/de/itinerary/${tripId}/print`));
    await page.locator('[data-testid="print-day"][data-date="2027-04-01"]').waitFor();
    expect(
      await page.locator('[data-entry="booking:whole:Rome to New York"]').textContent(),
    ).toContain('9 Std. 30 Min.');
    await shoot(page, 'print-de');
  });
});
