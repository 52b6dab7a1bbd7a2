import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  newContext,
  seriousViolations,
  slowDown,
  browserForThisFile,
} from './browser';

const browser = await browserForThisFile();

interface Trip {
  id: string;
  kyoto: string;
  nara: string;
}

/** POSTs to the API as the context's traveller and returns the answer. */
async function post<T>(context: BrowserContext, path: string, data: unknown): Promise<T> {
  const response = await context.request.post(`${baseUrl()}${path}`, {
    headers: { origin: baseUrl() },
    data,
  });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A trip of two stages; two places in Kyoto, one in Nara, and two in no stage (one of them
 * without coordinates).
 */
async function setUpTrip(context: BrowserContext): Promise<Trip> {
  await signUpVerified(context);
  const trip = await post<{ id: string }>(context, '/api/itineraries', {
    title: 'Kyoto and Nara in spring',
    startDate: '2027-04-03',
    endDate: '2027-04-08',
  });
  const stages = `/api/itineraries/${trip.id}/stages`;
  const kyoto = await post<{ id: string }>(context, stages, {
    title: 'Kyoto',
    lat: 35.01,
    lng: 135.77,
  });
  const nara = await post<{ id: string }>(context, stages, {
    title: 'Nara',
    lat: 34.68,
    lng: 135.8,
  });
  const places = `/api/itineraries/${trip.id}/places`;
  for (const place of [
    {
      stageId: kyoto.id,
      name: 'Fushimi Inari Taisha',
      category: 'sight',
      lat: 34.9671,
      lng: 135.7727,
    },
    { stageId: kyoto.id, name: 'Nishiki Market', category: 'food', lat: 35.005, lng: 135.7649 },
    { stageId: nara.id, name: 'Tōdai-ji', category: 'sight', lat: 34.689, lng: 135.8398 },
    { stageId: null, name: 'Gion Corner', category: 'activity', lat: 35.0009, lng: 135.7752 },
    { stageId: null, name: 'Ryokan Yoshida-sanso', category: 'lodging' },
  ]) {
    await post(context, places, place);
  }
  return { id: trip.id, kyoto: kyoto.id, nara: nara.id };
}

function placeList(page: Page) {
  return page.getByRole('region', { name: 'Places in trip order' });
}

async function listedPlaces(page: Page): Promise<string[]> {
  return (await placeList(page).locator('[data-place-id] [data-name]').allTextContents()).map(
    (text) => text.trim(),
  );
}

describe('the map of an itinerary', () => {
  it('lists every place in trip order, filters by stage and category, and sorts a place into a stage', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const trip = await setUpTrip(context);
    // Nothing leaves this machine: tiles come from MAP_TILE_URL only, never a default.
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname !== '127.0.0.1') elsewhere.push(request.url());
    });
    await page.goto(`${baseUrl()}/itinerary/${trip.id}`);
    await page.locator('.leaflet-tile-loaded').first().waitFor();
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/place`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Places on the map');

    // Grouped by stage, numbered in trip order; the place without coordinates says so.
    const list = placeList(page);
    await list.getByRole('heading', { name: 'Kyoto' }).waitFor();
    expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Kyoto',
      'Nara',
      'Not in a stage',
    ]);
    expect(await listedPlaces(page)).toEqual([
      'Fushimi Inari Taisha',
      'Nishiki Market',
      'Tōdai-ji',
      'Gion Corner',
      'Ryokan Yoshida-sanso',
    ]);
    await expect
      .poll(() => list.getByRole('button', { name: /Ryokan Yoshida-sanso/ }).textContent())
      .toContain('Not on the map');
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(4);
    // Tiles come from MAP_TILE_URL (here the suite's own tile server on loopback).
    await expect
      .poll(() =>
        page
          .locator('img.leaflet-tile-loaded')
          .evaluateAll((tiles) =>
            tiles.map((tile) => new URL((tile as HTMLImageElement).src).hostname),
          ),
      )
      .toContain('127.0.0.1');
    expect(elsewhere).toEqual([]);
    expect(await page.getByText('The map background could not load').count()).toBe(0);

    // Choosing a marker highlights its row; choosing a row shows what it is under the map.
    await page.locator('.leaflet-marker-icon[title="3. Tōdai-ji"]').click();
    await expect
      .poll(() => list.getByRole('button', { name: /Tōdai-ji/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await list.getByRole('button', { name: /Nishiki Market/ }).click();
    await expect
      .poll(() => list.getByRole('button', { name: /Nishiki Market/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('region', { name: 'Nishiki Market' }).waitFor();

    // By stage (kept in the address), then by category.
    await page.locator('label', { hasText: '2. Nara' }).click();
    await expect.poll(() => listedPlaces(page)).toEqual(['Tōdai-ji']);
    await expect.poll(() => page.url()).toContain(`stage=${trip.nara}`);
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(1);
    await page.locator('label', { hasText: 'Not in a stage' }).click();
    await expect.poll(() => listedPlaces(page)).toEqual(['Gion Corner', 'Ryokan Yoshida-sanso']);
    await page.locator('label', { hasText: 'All stages' }).click();
    await page.locator('label', { hasText: 'Sight' }).click();
    await expect.poll(() => listedPlaces(page)).toEqual(['Fushimi Inari Taisha', 'Tōdai-ji']);
    await page.locator('label', { hasText: 'Food' }).click();
    await expect
      .poll(() => listedPlaces(page))
      .toEqual(['Fushimi Inari Taisha', 'Nishiki Market', 'Tōdai-ji']);
    expect(await list.getByRole('status').textContent()).toBe('3 of 5 places shown');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => listedPlaces(page)).toHaveLength(5);

    // Sort Gion Corner into Nara: it joins the end of that stage and leaves the section.
    const unsorted = page.getByRole('region', { name: 'Places not yet in a stage' });
    await unsorted.getByRole('button', { name: 'Add Gion Corner to a stage' }).click();
    await page.getByRole('menuitem', { name: '2. Nara' }).click();
    await expect
      .poll(() => unsorted.getByRole('status').textContent())
      .toBe('Gion Corner is now in Nara.');
    await expect
      .poll(() => unsorted.getByRole('button', { name: 'Add Gion Corner to a stage' }).count())
      .toBe(0);
    const naraGroup = list.locator('section', { has: page.getByRole('heading', { name: 'Nara' }) });
    await expect
      .poll(() => naraGroup.locator('[data-name]').allTextContents())
      .toEqual(['Tōdai-ji', 'Gion Corner']);
    const tree = await (
      await context.request.get(`${baseUrl()}/api/itineraries/${trip.id}`)
    ).json();
    const gion = (tree as { places: { name: string; stageId: string | null }[] }).places.find(
      (place) => place.name === 'Gion Corner',
    );
    expect(gion?.stageId).toBe(trip.nara);

    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('is accessible on a phone', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const trip = await setUpTrip(context);
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/place`);
    await placeList(page).getByRole('heading', { name: 'Nara' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });
});

const MARKDOWN = [
  '# Temples',
  '',
  '- Fushimi Inari at dawn',
  '- Kinkaku-ji after lunch',
  '',
  'See [Japan Guide](https://www.japan-guide.com/e/e3900.html) and [this](javascript:alert(1)).',
  '',
  '<script>window.pwned = true; alert("pwned")</script>',
  '',
  '<img src="x" onerror="window.pwned = true">',
].join('\n');

describe('notes and lists of an itinerary', () => {
  it('writes, renders safely and pins notes, and resolves a conflicting edit', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const trip = await setUpTrip(context);
    await post(context, `/api/itineraries/${trip.id}/notes`, {
      title: 'Bookings',
      body: 'Hotel Kanra',
    });
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/notes`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Notes and lists');

    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByLabel('Title').fill('Kyoto tips');
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill(MARKDOWN);
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Temples' }).waitFor();
    await page.getByRole('button', { name: 'Add note' }).click();

    const note = page.getByRole('article', { name: 'Kyoto tips' });
    await note.getByRole('heading', { name: 'Temples', level: 4 }).waitFor();
    expect(await note.getByRole('listitem').allTextContents()).toEqual([
      'Fushimi Inari at dawn',
      'Kinkaku-ji after lunch',
    ]);
    const link = note.getByRole('link', { name: 'Japan Guide' });
    expect(await link.getAttribute('href')).toBe('https://www.japan-guide.com/e/e3900.html');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await link.getAttribute('target')).toBe('_blank');
    // The javascript: link loses its address; raw HTML is shown as text, never run.
    expect(await note.getByRole('link', { name: 'this' }).count()).toBe(0);
    expect(await note.textContent()).toContain(
      '<script>window.pwned = true; alert("pwned")</script>',
    );
    expect(await note.locator('script, img, [onerror]').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => 'pwned' in window)).toBe(false);

    // Pinned notes come first, whatever changed last.
    const titles = () => page.locator('article h3').allTextContents();
    await expect.poll(titles).toEqual(['Kyoto tips', 'Bookings']);
    const pinned = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        /\/notes\/[^/]+$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('button', { name: 'Pin “Bookings” to the top' }).click();
    await expect.poll(titles).toEqual(['Bookings', 'Kyoto tips']);
    await page.getByRole('article', { name: 'Bookings' }).getByText('Pinned').waitFor();
    // Reloaded once the pin is saved (the page shows it before the server answers).
    expect((await pinned).status()).toBe(200);
    await page.reload();
    await expect.poll(titles).toEqual(['Bookings', 'Kyoto tips']);

    // Someone else edits the note while I do: I see theirs and reapply mine.
    const bookings = page.getByRole('article', { name: 'Bookings' });
    await bookings.getByRole('button', { name: 'Edit “Bookings”' }).click();
    await page
      .getByRole('textbox', { name: 'Note', exact: true })
      .fill('Hotel Kanra, ref. KX-20931');
    const notes = await (
      await context.request.get(`${baseUrl()}/api/itineraries/${trip.id}/notes`)
    ).json();
    const stored = (
      notes as { items: { id: string; title: string; version: number }[] }
    ).items.find((item) => item.title === 'Bookings');
    const patched = await context.request.patch(
      `${baseUrl()}/api/itineraries/${trip.id}/notes/${stored?.id}`,
      {
        headers: { origin: baseUrl() },
        data: { body: 'Nara Hotel too', version: stored?.version },
      },
    );
    expect(patched.status()).toBe(200);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('Their version').waitFor();
    expect(await alert.textContent()).toContain('Nara Hotel too');
    // Reapplied on top of their version: saved (200) before the page is reloaded.
    const reapplied = page.waitForResponse(
      (response) => response.url().includes('/notes/') && response.request().method() === 'PATCH',
    );
    await alert.getByRole('button', { name: 'Reapply my changes' }).click();
    expect((await reapplied).status()).toBe(200);
    await page.getByRole('article', { name: 'Bookings' }).getByText('ref. KX-20931').waitFor();
    await page.reload();
    await page.getByRole('article', { name: 'Bookings' }).getByText('ref. KX-20931').waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('keeps a packing list: keyboard entry, ticks that last, keyboard reordering, deletion', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const trip = await setUpTrip(context);
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/notes`);
    await page.getByRole('button', { name: 'New list' }).click();
    await page.getByLabel('List name').fill('Carry-on');
    await page.getByRole('button', { name: 'Create list' }).click();

    // Focus lands in the new list's field; Enter adds and keeps it there.
    const field = page.getByRole('textbox', { name: 'New item for “Carry-on”' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    for (const item of ['Passport', 'Sunscreen', 'Rain jacket']) {
      await page.keyboard.type(item);
      await page.keyboard.press('Enter');
    }
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    const list = page.getByRole('article', { name: 'Carry-on' });
    const items = () =>
      list
        .getByRole('checkbox')
        .evaluateAll((boxes) => boxes.map((box) => box.closest('li')?.textContent?.trim()));
    await expect.poll(items).toEqual(['Passport', 'Sunscreen', 'Rain jacket']);

    // Tick one: the progress follows at once and after a reload.
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && response.url().includes('/items/'),
    );
    await list.getByRole('checkbox', { name: 'Passport' }).check();
    await list.getByText('1 of 3 packed').waitFor();
    // Reloaded once the tick is saved (a reload during the save would rightly lose it).
    expect((await saved).status()).toBe(200);
    await page.reload();
    await list.getByText('1 of 3 packed').waitFor();
    expect(await list.getByRole('checkbox', { name: 'Passport' }).isChecked()).toBe(true);

    // Reorder by keyboard: the move button keeps the focus.
    const savedMoves: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/move') && response.request().method() === 'POST') {
        savedMoves.push(response.status());
      }
    });
    await list.getByRole('button', { name: 'Move “Rain jacket” up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(items).toEqual(['Passport', 'Rain jacket', 'Sunscreen']);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move “Rain jacket” up');
    // Pressed again at once: this move waits for the first one's answer (and its version).
    await page.keyboard.press('Enter');
    await expect.poll(items, { timeout: 5000 }).toEqual(['Rain jacket', 'Passport', 'Sunscreen']);
    // The reload below waits for the server to have both moves.
    await expect.poll(() => savedMoves, { timeout: 5000 }).toEqual([200, 200]);
    // At the top "up" is disabled: the focus moves to "down".
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move “Rain jacket” down');
    await page.reload();
    await expect.poll(items).toEqual(['Rain jacket', 'Passport', 'Sunscreen']);

    // Two quick presses while the server is slow: the second starts from where the first
    // left (not the row's old place), waits for it and carries its new version.
    const restoreSpeed = await slowDown(page, /\/items\/[^/]+\/move$/, 400);
    await list.getByRole('button', { name: 'Move “Sunscreen” up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(items, { timeout: 5000 }).toEqual(['Sunscreen', 'Rain jacket', 'Passport']);
    await expect.poll(() => savedMoves, { timeout: 5000 }).toEqual([200, 200, 200, 200]);
    await restoreSpeed();
    await page.reload();
    await expect.poll(items).toEqual(['Sunscreen', 'Rain jacket', 'Passport']);

    // Delete one: the focus goes to its neighbour.
    await list.getByRole('button', { name: 'Delete “Rain jacket”' }).click();
    await expect.poll(items).toEqual(['Sunscreen', 'Passport']);
    await list.getByText('1 of 2 packed').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.textContent))
      .toContain('Passport');

    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a viewer the notes, lists and map without edit controls', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const trip = await setUpTrip(context);
    await post(context, `/api/itineraries/${trip.id}/notes`, { title: 'Bookings', body: 'Kanra' });
    const list = await post<{ id: string }>(context, `/api/itineraries/${trip.id}/lists`, {
      title: 'Before we leave',
      kind: 'todo',
    });
    await post(context, `/api/itineraries/${trip.id}/lists/${list.id}/items`, {
      text: 'Exchange yen',
    });
    // Sharing is not part of this suite: the traveller is shown the trip as a viewer would be.
    await page.route(`**/api/itineraries/${trip.id}`, async (route) => {
      const response = await route.fetch();
      const tree = (await response.json()) as { itinerary: { role: string } };
      tree.itinerary.role = 'viewer';
      await route.fulfill({ response, json: tree });
    });

    await page.goto(`${baseUrl()}/itinerary/${trip.id}/notes`);
    const card = page.getByRole('article', { name: 'Before we leave' });
    await card.waitFor();
    await page.getByRole('article', { name: 'Bookings' }).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Exchange yen' }).isDisabled()).toBe(true);
    for (const name of ['New note', 'New list', 'Edit “Bookings”', 'Move “Exchange yen” down']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('textbox').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${baseUrl()}/itinerary/${trip.id}/place`);
    await placeList(page).getByRole('heading', { name: 'Not in a stage' }).waitFor();
    expect(await page.getByRole('region', { name: 'Places not yet in a stage' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('is accessible on a phone and right-to-left in Arabic', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const trip = await setUpTrip(context);
    const list = await post<{ id: string }>(context, `/api/itineraries/${trip.id}/lists`, {
      title: 'Before we leave',
      kind: 'todo',
    });
    await post(context, `/api/itineraries/${trip.id}/lists/${list.id}/items`, {
      text: 'Exchange yen',
    });
    await post(context, `/api/itineraries/${trip.id}/notes`, {
      title: 'Bookings',
      body: '## Trains\n\n| Leg | Train |\n|---|---|\n| Kyoto → Nara | Kintetsu |\n\n- [x] JR Pass',
      pinned: true,
    });
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/notes`);
    await page.getByRole('article', { name: 'Bookings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: /Lists/ }).click();
    await page.getByRole('article', { name: 'Before we leave' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.goto(`${baseUrl()}/ar/itinerary/${trip.id}/notes`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('الملاحظات والقوائم');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('article', { name: 'Bookings' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
