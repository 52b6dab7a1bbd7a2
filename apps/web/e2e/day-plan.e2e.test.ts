import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, create, screenshot, seriousViolations, travellerForThisFile, url } from './browser';

// A Saturday in Lisbon on a phone: eight places between the hotel and a dinner booking, in an
// order that crosses the city again and again. The day's plan shows the travel between them
// (estimated: no router here), a museum closed on Saturdays, and the route on the map; the
// optimiser proposes a shorter order, which the traveller accepts.

const { context, page } = await travellerForThisFile(PHONE);
const DAY = '2027-04-03';
let stagePath = '';

const shoot = (target: Page, name: string) =>
  screenshot(target, `day-plan-${name}`, { fullPage: true });

/** Makes a row of the trip through the API: its id. */
const post = async (path: string, data: object) => (await create(context, path, data)).id;

// West (Belém) and east (Alfama, Baixa) in turn.
const PLACES = [
  ['Jerónimos Monastery', 38.6979, -9.2068],
  ['Lisbon Cathedral', 38.7099, -9.1335],
  ['Belém Tower', 38.6916, -9.216],
  ['São Jorge Castle', 38.7139, -9.1335],
  ['MAAT', 38.6957, -9.1947],
  ['Praça do Comércio', 38.7075, -9.1364],
  ['LX Factory', 38.7034, -9.1788],
  ['Miradouro da Graça', 38.7163, -9.1313],
] as const;

beforeAll(async () => {
  const trip = `/api/itineraries/${await post('/api/itineraries', {
    title: 'Lisbon weekend',
    startDate: '2027-04-02',
    endDate: '2027-04-05',
  })}`;
  const stageId = await post(`${trip}/stages`, {
    title: 'Lisbon',
    destinationName: 'Lisbon',
    lat: 38.72,
    lng: -9.14,
    startDate: '2027-04-02',
    endDate: '2027-04-05',
  });
  const hotel = await post(`${trip}/places`, {
    stageId,
    name: 'Hotel Avenida',
    category: 'lodging',
    lat: 38.7167,
    lng: -9.1415,
  });
  await post(`${trip}/bookings`, {
    kind: 'accommodation',
    title: 'Hotel Avenida',
    placeId: hotel,
    startDate: '2027-04-02',
    endDate: '2027-04-05',
  });
  for (const [name, lat, lng] of PLACES) {
    await post(`${trip}/places`, {
      stageId,
      name,
      category: 'sight',
      lat,
      lng,
      day: DAY,
      durationMinutes: 45,
      // The monastery does not open on Saturdays (here): the plan must say so.
      ...(name === 'Jerónimos Monastery' ? { openingHours: 'Mo-Fr 10:00-17:30' } : {}),
    });
  }
  await post(`${trip}/bookings`, {
    kind: 'restaurant',
    title: 'Dinner at Taberna',
    startAt: `${DAY}T20:00`,
    startZone: 'Europe/Lisbon',
    fromLat: 38.7107,
    fromLng: -9.1439,
  });
  stagePath = `/itinerary/${trip.split('/').at(-1)}/stage/${stageId}`;
});

describe('planning a day', () => {
  it('shows travel times, a closed place, the route, and accepts a shorter order', async () => {
    await page.goto(url(stagePath));
    const plan = page.getByTestId('day-plan');
    await plan.getByRole('heading', { name: 'Plan the day' }).waitFor();
    await expect.poll(() => plan.getByText('Day ends at').count()).toBe(1);

    // From the hotel, eight stops, to the dinner; every leg estimated (no router configured).
    await expect.poll(() => plan.getByTestId('day-stop').count()).toBe(8);
    expect(await plan.getByText('Start at Hotel Avenida').count()).toBe(1);
    expect(await plan.getByText('Dinner at Taberna', { exact: false }).count()).toBe(1);
    expect(await plan.getByText('estimate', { exact: true }).count()).toBe(9);
    expect(await plan.getByText(/On foot · [\d.]+ km · /).count()).toBeGreaterThan(0);
    expect(await plan.getByText('Closed at this time').count()).toBe(1);

    // The day's route on the map: the dashed line through its numbered stops.
    await expect
      .poll(() => page.locator('.leaflet-overlay-pane path[stroke-dasharray="6 8"]').count())
      .toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'en');

    const before = await plan.getByTestId('day-stop').allTextContents();
    // By keyboard: the button, then the dialog's own buttons.
    await plan.getByRole('button', { name: 'Optimise this day' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'A shorter order for this day' });
    await dialog.getByText(/^Saves /).waitFor();
    const proposed = await dialog.locator('ol > li').allTextContents();
    expect(proposed).toHaveLength(8);
    expect(await seriousViolations(page)).toEqual([]);
    // The dialog as the phone shows it (the screen, not the page under it).
    await screenshot(page, 'day-plan-proposal-en');
    await dialog.getByRole('button', { name: 'Use this order' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The timeline takes the new order, still timed, still warning of the closed monastery.
    await expect
      .poll(async () => (await plan.getByTestId('day-stop').allTextContents()).join('|'))
      .not.toBe(before.join('|'));
    const after = await plan.getByTestId('day-stop').allTextContents();
    expect(after.map((text) => text.replace(/^Place \d+:\s*/, ''))).toEqual(
      proposed.map((text) => text.replace(/\s*\(.*\)$/, '')),
    );
    await expect.poll(() => plan.getByText('Closed at this time').count()).toBe(1);
    expect(await plan.getByText(/On foot · /).count()).toBe(9);
  });

  it('takes a place’s opening hours in its form, refusing what OpenStreetMap cannot read', async () => {
    await page.goto(url(stagePath));
    await page.getByRole('button', { name: 'Edit LX Factory' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit “LX Factory”' });
    const hours = dialog.getByLabel('Opening hours');
    await hours.fill('after lunch');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Write the hours as OpenStreetMap does').waitFor();
    // The refused field takes the focus, for the traveller to correct it.
    await expect.poll(() => hours.evaluate((input) => input === document.activeElement)).toBe(true);
    await hours.fill('Mo-Fr 10:00-18:00');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Closed on Saturdays too now: the day's plan warns of both places.
    const plan = page.getByTestId('day-plan');
    await expect.poll(() => plan.getByText('Closed at this time').count()).toBe(2);
  });

  it('reads right to left in Arabic', async () => {
    await page.goto(url(`/ar${stagePath}`));
    const plan = page.getByTestId('day-plan');
    await plan.getByRole('heading', { name: 'خطّط لليوم' }).waitFor();
    await expect.poll(() => plan.getByText('مغلق في هذا الوقت').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'ar');
  });
});
