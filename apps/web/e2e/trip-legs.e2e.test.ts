import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, create, screenshot, seriousViolations, travellerForThisFile, url } from './browser';

// A trip from Rome to Tokyo, on a phone: the trip's map draws the flight between the two
// stages along its great circle, the train on from Tokyo straight, each in its mode's line,
// with a legend of the two modes in the page's language.

const { context, page } = await travellerForThisFile(PHONE);
let tripId = '';

/** Makes a row of the trip through the API: its id. */
const post = async (path: string, data: object) => (await create(context, path, data)).id;

/** The drawn lines of the legs of `mode` (Leaflet's paths, classed by mode). */
const legLines = (target: Page, mode: string) => target.locator(`path.trip-map-leg-${mode}`);

/**
 * The map of the trip's overview, brought near (a phone's overview makes it as it comes into
 * view), once its flight is drawn.
 */
async function mapWithLegs(target: Page) {
  const map = target.getByRole('region', { name: /^(Map of|خريطة)/ }).first();
  await expect
    .poll(async () => {
      await map.scrollIntoViewIfNeeded().catch(() => undefined);
      return legLines(target, 'flight').count();
    })
    .toBe(1);
  return map;
}

beforeAll(async () => {
  tripId = await post('/api/itineraries', {
    title: 'Rome to Tokyo',
    startDate: '2027-04-02',
    endDate: '2027-04-12',
    timezone: 'Europe/Rome',
  });
  const trip = `/api/itineraries/${tripId}`;
  for (const [title, lat, lng, startDate, endDate] of [
    ['Rome', 41.89, 12.48, '2027-04-02', '2027-04-05'],
    ['Tokyo', 35.68, 139.69, '2027-04-06', '2027-04-12'],
  ] as const) {
    await post(`${trip}/stages`, { title, destinationName: title, lat, lng, startDate, endDate });
  }
  await post(`${trip}/bookings`, {
    kind: 'flight',
    title: 'Rome to Tokyo',
    fromName: 'Fiumicino',
    fromLat: 41.8,
    fromLng: 12.25,
    toName: 'Haneda',
    toLat: 35.55,
    toLng: 139.78,
    startAt: '2027-04-05T13:00',
    startZone: 'Europe/Rome',
    endAt: '2027-04-06T09:30',
    endZone: 'Asia/Tokyo',
  });
  // A flight whose arrival has no place on the map: no line.
  await post(`${trip}/bookings`, {
    kind: 'flight',
    title: 'Day trip flight',
    fromName: 'Haneda',
    fromLat: 35.55,
    fromLng: 139.78,
    toName: 'Somewhere',
  });
  await post(`${trip}/bookings`, {
    kind: 'train',
    title: 'Tokyo to Kyoto',
    fromName: 'Tokyo',
    fromLat: 35.68,
    fromLng: 139.77,
    toName: 'Kyoto',
    toLat: 35.0,
    toLng: 135.76,
  });
});

describe('the legs of a trip on its map', () => {
  it('draws the flight as an arc and the train straight, with a legend, at 390 px', async () => {
    await page.goto(url(`/itinerary/${tripId}`));
    const map = await mapWithLegs(page);
    expect(await legLines(page, 'train').count()).toBe(1);
    // The arc is many short segments; the train one straight segment.
    const segments = async (mode: string) =>
      ((await legLines(page, mode).getAttribute('d')) ?? '').split('L').length;
    expect(await segments('flight')).toBeGreaterThan(10);
    expect(await segments('train')).toBe(2);
    const legend = map.getByRole('list', { name: "Legend of the journey's lines" });
    expect(await legend.getByRole('listitem').allTextContents()).toEqual(['Flight', 'Train']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'trip-legs-map-en');
  });

  it('writes the legend in Arabic, right to left, over the map laid out left to right', async () => {
    await page.goto(url(`/ar/itinerary/${tripId}`));
    const map = await mapWithLegs(page);
    const legend = map.getByRole('list', { name: 'مفتاح خطوط الرحلة' });
    expect(await legend.getAttribute('dir')).toBe('rtl');
    expect(await legend.getByRole('listitem').allTextContents()).toEqual(['رحلة جوية', 'قطار']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'trip-legs-map-ar');
  });
});
