import type { Itinerary, ItineraryTree } from '@jammy/shared/itineraries';
import type { PresetSummary } from '@jammy/shared/presets';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import { signUpVerified } from './accounts';
import { DESKTOP, PHONE, baseUrl, launchBrowser, newContext, url } from './browser';

const arTrip = arLocale.itineraries;

// What a first-time traveller trips over, walked through in Chromium as they would: the place
// search's promise, the start date of a copied preset, the itinerary tabs on a phone, the
// numbers and fit of the maps, and a title typed right after opening "New itinerary".

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A signed-in traveller of their own in a fresh context. */
async function traveller(options: BrowserContextOptions = DESKTOP) {
  const context = await newContext(browser, options);
  await signUpVerified(context);
  const page = await context.newPage();
  return { context, page };
}

async function post<T>(context: BrowserContext, path: string, data: unknown): Promise<T> {
  const response = await context.request.post(url(path), {
    headers: { origin: baseUrl() },
    data,
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function tree(context: BrowserContext, id: string): Promise<ItineraryTree> {
  return (await (await context.request.get(url(`/api/itineraries/${id}`))).json()) as ItineraryTree;
}

/**
 * The page's own title (in <main>: the app's frame may draw the title before the page), and
 * the page drawn in full: a trip's overview draws the sections below its first screen in a
 * render after its title, their place marked busy until then.
 */
async function expectHeading(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.locator('main h1').first().textContent(), { timeout: 15_000 })
    .toBe(text);
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

describe('the place search keeps its promise (no geocoder configured)', () => {
  let context: BrowserContext;
  let page: Page;
  let tripId = '';
  let stageId = '';

  beforeAll(async () => {
    ({ context, page } = await traveller());
    tripId = (await post<Itinerary>(context, '/api/itineraries', { title: 'Kansai' })).id;
    stageId = (
      await post<{ id: string }>(context, `/api/itineraries/${tripId}/stages`, {
        title: 'Kyoto',
        lat: 35.01,
        lng: 135.77,
      })
    ).id;
  });

  it('says it finds cities and towns, and offers a pin for anything else', async () => {
    await page.goto(url(`/itinerary/${tripId}/stage/${stageId}/add`));
    await expectHeading(page, 'Add places');
    const search = page.getByLabel('Cities and towns');
    expect(await search.getAttribute('placeholder')).toBe('Kyoto, Nara, Osaka…');
    await page.getByText('Finds cities and towns by name.', { exact: false }).waitFor();

    // A sight is not among the towns: the search says so and where to go instead.
    await search.fill('Colosseum');
    await page.getByText('No city or town by that name.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Drop a pin on the map instead' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('drop-a-pin-name');
  });

  it('labels a town it found as a city or town, and adds it as one', async () => {
    const search = page.getByLabel('Cities and towns');
    await search.fill('Nara');
    const nara = page.getByRole('checkbox', { name: /Nara-shi/ });
    const item = page.locator('li', { has: nara });
    await expect.poll(() => item.textContent()).toContain('City or town');
    expect(await item.textContent()).not.toContain('Sight');
    await nara.check();
    await page.getByRole('button', { name: 'Add 1 place' }).click();
    await page.waitForURL(/\/add\/finish\?added=/);
    const places = (await tree(context, tripId)).places;
    expect(places.map((place) => [place.name, place.category])).toEqual([['Nara-shi', 'city']]);
    await page.getByRole('link', { name: 'Back to the stage' }).click();
    await expectHeading(page, 'Kyoto');
    const row = page.getByRole('listitem').filter({ hasText: 'Nara-shi' }).first();
    await expect.poll(() => row.textContent()).toContain('City or town');
  });
});

describe('copying a preset asks for the dates it promises', () => {
  let preset: PresetSummary;

  beforeAll(async () => {
    const context = await newContext(browser);
    const { items: presets } = (await (
      await context.request.get(url('/api/presets?limit=100'))
    ).json()) as { items: PresetSummary[] };
    const free = presets.find((candidate) => !candidate.premium);
    if (!free) throw new Error('No free Jammy itinerary in the catalogue');
    preset = free;
    await context.close();
  });

  /** "Friday, December 25, 2026", written by the browser as the notice writes a date. */
  const longDate = (page: Page, date: string | null) =>
    page.evaluate(
      (day) =>
        new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      date,
    );

  it('on a phone: the date in the same step, with length and end; kept, the trip says so', async () => {
    const { context, page } = await traveller(PHONE);
    await page.goto(url(`/jammy-itineraries/${preset.id}`));
    await page
      .getByTestId('copy-bar')
      .getByRole('button', { name: 'Copy to my itineraries' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Make this trip yours' });
    const date = dialog.getByLabel('Start date');
    const start = await date.inputValue();
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The end follows from the start and the trip's length, written as the page writes it.
    const range = await page.evaluate(
      ({ first, days }) => {
        const from = new Date(`${first}T00:00:00Z`);
        const to = new Date(from.getTime() + (days - 1) * 86_400_000);
        return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
          from,
          to,
        );
      },
      { first: start, days: preset.days },
    );
    expect(await dialog.getByText('Your trip:', { exact: false }).textContent()).toBe(
      `Your trip: ${range} (${preset.days} days)`,
    );

    await dialog.getByRole('button', { name: 'Copy to my itineraries' }).click();
    await page.waitForURL(/\/itinerary\/[^/?]+$/);
    const notice = page.locator('[data-state="copied-notice"]');
    await notice.waitFor();
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const { itinerary } = await tree(context, id);
    expect(itinerary.startDate).toBe(start);
    expect(await notice.textContent()).toContain(
      `You kept the suggested start date, so it runs from ${await longDate(page, itinerary.startDate)} to ${await longDate(page, itinerary.endDate)}.`,
    );
    await notice.getByRole('link', { name: 'Change the dates' }).waitFor();
    await context.close();
  });

  it('on a desktop: a chosen date is the one the trip gets, and said as chosen', async () => {
    const { context, page } = await traveller(DESKTOP);
    await page.goto(url(`/jammy-itineraries/${preset.id}`));
    const form = page.getByRole('form', { name: `Copy ${preset.title}` });
    await form.getByLabel('Start date').fill('2027-06-14');
    await expect
      .poll(() => form.getByText('Your trip:', { exact: false }).textContent())
      .toContain(`(${preset.days} days)`);
    await form.getByRole('button', { name: 'Copy to my itineraries' }).click();
    await page.waitForURL(/\/itinerary\/[^/?]+$/);
    const notice = page.locator('[data-state="copied-notice"]');
    await notice.waitFor();
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const { itinerary } = await tree(context, id);
    expect(itinerary.startDate).toBe('2027-06-14');
    expect(await notice.textContent()).toContain(
      `It runs from ${await longDate(page, '2027-06-14')} to ${await longDate(page, itinerary.endDate)}, as you chose.`,
    );
    await context.close();
  });
});

describe('the itinerary tabs on a phone', () => {
  let context: BrowserContext;
  let tripId = '';

  beforeAll(async () => {
    context = await newContext(browser, PHONE);
    await signUpVerified(context);
    tripId = (
      await post<Itinerary>(context, '/api/itineraries', { title: 'A long weekend in Lisbon' })
    ).id;
  });

  const cases = [
    { width: 360, language: 'en', prefix: '', label: 'Sections of this itinerary' },
    { width: 390, language: 'en', prefix: '', label: 'Sections of this itinerary' },
    { width: 360, language: 'ar', prefix: '/ar', label: arTrip.header.sections },
    { width: 390, language: 'ar', prefix: '/ar', label: arTrip.header.sections },
  ] as const;

  it.each(cases)(
    'shows every section at $width px in $language',
    async ({ width, prefix, label }) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 800 });
      for (const section of ['', '/share']) {
        await page.goto(url(`${prefix}/itinerary/${tripId}${section}`));
        const tabs = page.getByRole('navigation', { name: label });
        await tabs.getByRole('link').first().waitFor();
        const links = tabs.getByRole('link');
        expect(await links.count()).toBe(7);
        // Nothing hidden sideways: the strip does not scroll, and each tab is on screen.
        expect(await tabs.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
        for (const box of await links.evaluateAll((all) =>
          all.map((link) => link.getBoundingClientRect().toJSON() as DOMRect),
        )) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(width);
        }
        const current = tabs.locator('[aria-current="page"]');
        expect(await current.count()).toBe(1);
        expect(await current.isVisible()).toBe(true);
      }
      await page.close();
    },
  );
});

/** Web Mercator pixel of a point at `zoom` (256-pixel tiles), as Leaflet projects it. */
function project(lat: number, lng: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

function unproject(x: number, y: number, zoom: number) {
  const scale = 256 * 2 ** zoom;
  const lng = (x / scale) * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / scale))) * 180) / Math.PI;
  return { lat, lng };
}

/**
 * Two corners of a box that fills a `width` × `height` map at zoom 10 but for a 37-pixel
 * margin: the layout where a marker sits right in a corner of the map.
 */
function tightCorners(width: number, height: number) {
  const center = project(38.72, -9.14, 10);
  const dx = (width - 74) / 2;
  const dy = (height - 74) / 2;
  return [unproject(center.x - dx, center.y - dy, 10), unproject(center.x + dx, center.y + dy, 10)];
}

describe('maps that show what they number', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await traveller(PHONE));
  });

  /** A trip of two stages: Porto with two places, Lisbon with none (only its destination). */
  async function twoStageTrip(withPlaces: boolean): Promise<string> {
    const id = (await post<Itinerary>(context, '/api/itineraries', { title: 'Portugal' })).id;
    const stages = `/api/itineraries/${id}/stages`;
    const porto = await post<{ id: string }>(context, stages, {
      title: 'Porto',
      destinationName: 'Porto',
      lat: 41.1496,
      lng: -8.611,
    });
    await post(context, stages, {
      title: 'Lisbon',
      destinationName: 'Lisbon',
      lat: 38.7223,
      lng: -9.1393,
    });
    if (withPlaces) {
      for (const place of [
        { name: 'Livraria Lello', lat: 41.1469, lng: -8.6149 },
        { name: 'Ribeira', lat: 41.1406, lng: -8.6131 },
      ]) {
        await post(context, `/api/itineraries/${id}/places`, { stageId: porto.id, ...place });
      }
    }
    return id;
  }

  async function markerLabels(): Promise<Record<string, string>> {
    const markers = page.locator('.leaflet-marker-icon');
    await markers.first().waitFor();
    const entries = await markers.evaluateAll((all) =>
      all.map((marker) => [marker.getAttribute('title') ?? '', marker.textContent ?? '']),
    );
    return Object.fromEntries(entries);
  }

  it('numbers stages and places the same way in the timeline and on both maps', async () => {
    const id = await twoStageTrip(true);
    await page.goto(url(`/itinerary/${id}`));
    await expectHeading(page, 'Portugal');
    const timelineStages = await page
      .locator('[data-stage]')
      .evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent));
    expect(timelineStages).toEqual(['1', '2']);
    const expected = {
      '1. Livraria Lello': '1',
      '2. Ribeira': '2',
      // The stage without places shows at its destination with its own number, 2.
      'Stage 2: Lisbon': '2',
    };
    await expect.poll(markerLabels).toEqual(expected);

    await page.goto(url(`/itinerary/${id}/place`));
    await expectHeading(page, 'Places on the map');
    await expect.poll(markerLabels).toEqual(expected);
  });

  it('shows the stages on the Map tab of a trip without places, as the overview does', async () => {
    const id = await twoStageTrip(false);
    await page.goto(url(`/itinerary/${id}`));
    await expectHeading(page, 'Portugal');
    const expected = { 'Stage 1: Porto': '1', 'Stage 2: Lisbon': '2' };
    await expect.poll(markerLabels).toEqual(expected);
    await page
      .getByRole('navigation', { name: 'Sections of this itinerary' })
      .getByRole('link', { name: 'Map' })
      .click();
    await expectHeading(page, 'Places on the map');
    await page.getByRole('region', { name: 'Map of Portugal' }).waitFor();
    await expect.poll(markerLabels).toEqual(expected);
    await page.getByText('The map shows where your stages are.', { exact: false }).waitFor();
  });

  /** Every marker inside the map and clear of its zoom buttons and attribution. */
  async function expectMarkersClear(map: ReturnType<Page['locator']>): Promise<void> {
    const frame = await map.locator('.leaflet-container').boundingBox();
    const zoom = await map.locator('.leaflet-control-zoom').boundingBox();
    const credit = await map.locator('.leaflet-control-attribution').boundingBox();
    if (!frame || !zoom || !credit) throw new Error('The map has no frame or controls');
    const markers = await map.locator('.leaflet-marker-icon').all();
    expect(markers).toHaveLength(2);
    for (const marker of markers) {
      const box = await marker.boundingBox();
      if (!box) throw new Error('A marker has no box');
      expect(inside(box, frame), 'marker inside the map').toBe(true);
      expect(overlaps(box, zoom), 'marker under the zoom buttons').toBe(false);
      expect(overlaps(box, credit), 'marker under the attribution').toBe(false);
    }
  }

  /** A trip with two places in opposite corners of a map `size`, fitted as tightly as can be. */
  async function cornerTrip(size: { width: number; height: number }): Promise<string> {
    const id = (await post<Itinerary>(context, '/api/itineraries', { title: 'Corners' })).id;
    const [northWest, southEast] = tightCorners(size.width, size.height);
    for (const [name, point] of [
      ['North-west', northWest],
      ['South-east', southEast],
    ] as const) {
      await post(context, `/api/itineraries/${id}/places`, { name, ...point });
    }
    return id;
  }

  async function mapSize(path: string, mapName: string) {
    await page.goto(url(path));
    const box = await page
      .getByRole('region', { name: mapName })
      .locator('.leaflet-container')
      .boundingBox();
    if (!box) throw new Error('No map');
    return box;
  }

  it('fits the small map to its markers, none under a control', async () => {
    const probe = await twoStageTrip(true);
    const size = await mapSize(`/itinerary/${probe}`, 'Map of the places of Portugal');
    const id = await cornerTrip(size);
    await page.goto(url(`/itinerary/${id}`));
    const map = page.getByRole('region', { name: 'Map of the places of Corners' });
    await map.locator('.leaflet-marker-icon').nth(1).waitFor();
    await page.waitForTimeout(400);
    await expectMarkersClear(map);
  });

  it('fits the big map to its markers, none under a control', async () => {
    const probe = await twoStageTrip(true);
    const size = await mapSize(`/itinerary/${probe}/place`, 'Map of Portugal');
    const id = await cornerTrip(size);
    await page.goto(url(`/itinerary/${id}/place`));
    const map = page.getByRole('region', { name: 'Map of Corners' });
    await map.locator('.leaflet-marker-icon').nth(1).waitFor();
    await page.waitForTimeout(400);
    await expectMarkersClear(map);
  });
});

describe('no lost typing after opening "New itinerary"', () => {
  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ] as const)('keeps a title typed at once on %s', async (_, options) => {
    const { page } = await traveller(options);
    // From a page of the same layout: its focus handling runs when the new page arrives.
    await page.goto(url('/itineraries'));
    await page.locator('main h1').first().waitFor();
    if (options === PHONE) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'New itinerary' }).click();
    } else {
      await page.getByRole('banner').getByRole('link', { name: 'New itinerary' }).click();
    }
    // The traveller types the moment the form shows, without clicking into it first.
    const title = page.locator('input[id$="-title"]');
    await title.waitFor();
    await page.keyboard.type('Lisbon in spring', { delay: 20 });
    await page.waitForTimeout(800);
    expect(await title.inputValue()).toBe('Lisbon in spring');
    expect(await title.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/itinerary\/[^/]+$/);
    await expectHeading(page, 'Lisbon in spring');
  });
});
