import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import { signUpVerified } from './accounts';
import {
  animationsFinished,
  DESKTOP,
  PHONE,
  baseUrl,
  launchBrowser,
  newContext,
  seriousViolations,
  slowDown,
  url,
} from './browser';

const stagesAr = arLocale.stages;

// The stage pages of one itinerary, walked through as a traveller would: stages added with the
// gazetteer, reordered with the keyboard, places added by search and by pin, a cost edited, a
// failed add recovered, then every page checked with axe at desktop and phone size.

let browser: Browser;
let context: BrowserContext;
let page: Page;
let itineraryId = '';
let kyotoId = '';

const stagePath = () => `/itinerary/${itineraryId}/stage/${kyotoId}`;

/** Waits until the page's h1 reads `text` (navigation is client-side: the old h1 lingers). */
async function expectHeading(text: string, target: Page = page): Promise<void> {
  await expect
    // The page's own h1, in <main> (the app's frame may draw a trip's title before it).
    .poll(() => target.locator('main h1').first().textContent(), { timeout: 15_000 })
    .toBe(text);
}

/** The text of each row of an ordered list, in order. */
async function rows(label: string): Promise<string[]> {
  return page.getByRole('list', { name: label }).getByRole('listitem').allTextContents();
}

async function addStage(search: string, city: RegExp) {
  await page.getByLabel('Destination').fill(search);
  await page.getByRole('option', { name: city }).first().click();
  await page.getByRole('button', { name: 'Add the stage' }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP);
  await signUpVerified(context);
  const response = await context.request.post(url('/api/itineraries'), {
    headers: { origin: baseUrl() },
    data: { title: 'Kansai in spring', startDate: '2027-04-03', endDate: '2027-04-09' },
  });
  expect(response.status()).toBe(201);
  itineraryId = ((await response.json()) as { id: string }).id;
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('the stage pages', () => {
  it('adds two stages through the form, the destination from the gazetteer', async () => {
    await page.goto(url(`/itinerary/${itineraryId}/stage`));
    await expectHeading('Stages');
    await page.getByText('No stages yet').waitFor();

    await addStage('Kyo', /^Kyoto\s*Japan/);
    // Saved rows link to their stage.
    await page.getByRole('link', { name: 'Kyoto', exact: true }).waitFor();
    expect(await rows('Stages in order')).toHaveLength(1);
    // Picking a city names an untitled stage after it, with its country.
    expect((await rows('Stages in order'))[0]).toContain('Kyoto, Japan');

    await page.getByLabel('Title').fill('Osaka nights');
    await addStage('Osak', /^Osaka\s*Japan/);
    await page.getByRole('link', { name: 'Osaka nights', exact: true }).waitFor();
    expect(await rows('Stages in order')).toHaveLength(2);
    const [first, second] = await rows('Stages in order');
    expect(first).toContain('Kyoto');
    expect(second).toContain('Osaka nights');
    expect(second).toContain('Osaka, Japan');
    // Focus is back on the title, ready for the next stage.
    expect(
      await page.getByLabel('Title').evaluate((input) => input === document.activeElement),
    ).toBe(true);
  });

  it('reorders the stages with the keyboard and announces the new position', async () => {
    const handle = page.getByRole('button', { name: 'Drag to reorder Osaka nights' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    const moved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/stages\/[^/]+\/move$/.test(new URL(response.url()).pathname),
    );
    await page.keyboard.press('Space');
    await expect.poll(async () => (await rows('Stages in order'))[0]).toContain('Osaka nights');
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').textContent())
      .toContain('Osaka nights dropped at position 1 of 2');

    // The order is saved: it survives a reload (made once the move is answered: a reload
    // during the save would cancel it).
    expect((await moved).status()).toBe(200);
    await page.reload();
    await expect.poll(async () => (await rows('Stages in order'))[0]).toContain('Osaka nights');

    // The step buttons do the same, and keep the keyboard on the row.
    await page.getByRole('button', { name: 'Move Kyoto up' }).click();
    await expect.poll(async () => (await rows('Stages in order'))[0]).toContain('Kyoto');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Kyoto is now' }).count())
      .toBe(1);
    expect(
      await page
        .getByRole('button', { name: 'Move Kyoto down' })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);

    const link = page.getByRole('link', { name: 'Kyoto', exact: true });
    kyotoId = ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
    expect(kyotoId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('loads drag and drop as the pointer comes to the list, and reorders by mouse', async () => {
    await page.reload();
    await expect.poll(async () => (await rows('Stages in order')).length).toBe(2);
    const dragCode = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => /\/sortable-drag-[^/]*\.js$/.test(entry.name)).length,
      );
    // Not part of the page's first load (issue 34).
    expect(await dragCode()).toBe(0);
    // Kyoto first, Osaka second (the test before).
    expect((await rows('Stages in order'))[0]).toContain('Kyoto');
    const handle = page.getByRole('button', { name: 'Drag to reorder Kyoto' });
    const box = await handle.boundingBox();
    const target = await page
      .getByRole('list', { name: 'Stages in order' })
      .getByRole('listitem')
      .nth(1)
      .boundingBox();
    if (!box || !target) throw new Error('the rows are not on screen');
    // Marked, to tell it from a button drawn anew.
    await handle.evaluate((button) => button.setAttribute('data-seen', ''));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(dragCode).toBe(1);
    // Its handle is dnd-kit's now, and the same button: no row was drawn anew.
    await expect.poll(() => handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(await handle.getAttribute('data-seen')).toBe('');
    const moved = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /\/stages\/[^/]+\/move$/.test(new URL(response.url()).pathname),
    );
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 10, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, target.y + target.height - 10, { steps: 12 });
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    await expect.poll(async () => (await rows('Stages in order'))[0]).toContain('Osaka nights');
    // Back as it was, for the tests that follow.
    const back = page.waitForResponse((response) => /\/move$/.test(response.url()));
    await page.getByRole('button', { name: 'Move Kyoto up' }).click();
    expect((await back).status()).toBe(200);
    await expect.poll(async () => (await rows('Stages in order'))[0]).toContain('Kyoto');
  });

  it('saves two quick moves of a stage, in order, each with the version the first left', async () => {
    const api = `/api/itineraries/${itineraryId}/stages`;
    const created = await context.request.post(url(api), {
      headers: { origin: baseUrl() },
      data: { title: 'Nara day trip' },
    });
    expect(created.status()).toBe(201);
    const naraId = ((await created.json()) as { id: string }).id;
    // Each row, by the stage it shows.
    const order = async () =>
      (await rows('Stages in order')).map((row) =>
        ['Kyoto', 'Osaka', 'Nara'].find((name) => row.includes(name)),
      );
    await page.reload();
    await expect.poll(order, { timeout: 10_000 }).toEqual(['Kyoto', 'Osaka', 'Nara']);

    const moves: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/move') && response.request().method() === 'POST') {
        moves.push(response.status());
      }
    });
    // The server takes its time: the second press comes while the first move is on its way,
    // so it must wait for it and send the version that move left (else 409 and a rollback).
    const restoreSpeed = await slowDown(page, /\/stages\/[^/]+\/move$/, 400);
    await page.getByRole('button', { name: 'Move Nara day trip up' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(order, { timeout: 10_000 }).toEqual(['Nara', 'Kyoto', 'Osaka']);
    await expect.poll(() => moves, { timeout: 10_000 }).toEqual([200, 200]);
    await restoreSpeed();
    await page.reload();
    await expect.poll(order, { timeout: 10_000 }).toEqual(['Nara', 'Kyoto', 'Osaka']);

    const removed = await context.request.delete(url(`${api}/${naraId}`), {
      headers: { origin: baseUrl() },
    });
    expect(removed.status()).toBe(204);
    await page.reload();
    await expect.poll(order, { timeout: 10_000 }).toEqual(['Kyoto', 'Osaka']);
  });

  it('adds places picked from the search, then shows them in order on the list and map', async () => {
    await page.getByRole('link', { name: 'Kyoto', exact: true }).click();
    await expectHeading('Kyoto');
    await page.getByText('No places in this stage yet').waitFor();
    await page.getByRole('link', { name: 'Add places' }).first().click();
    await expectHeading('Add places');

    const search = page.getByLabel('Cities and towns');
    await search.fill('Nara');
    await page.getByRole('checkbox', { name: /Nara-shi/ }).check();
    await search.fill('Himeji');
    await page.getByRole('checkbox', { name: /Himeji/ }).check();
    await expect.poll(() => rows('Picked places, in the order they will be added')).toHaveLength(2);
    // Results, ticked boxes and the tray are accessible too.
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add 2 places' }).click();
    await page.waitForURL(/\/add\/finish\?added=/);
    await expectHeading('Places added');
    await page.getByText('2 places added to Kyoto').waitFor();
    await expect.poll(() => rows('Just added')).toHaveLength(2);
    const added = await rows('Just added');
    expect(added[0]).toContain('Nara-shi');
    expect(added[1]).toContain('Himeji');

    await page.getByRole('link', { name: 'Back to the stage' }).click();
    await expectHeading('Kyoto');
    // The stage may show its copy from before the adding until its places have been fetched.
    await expect.poll(() => rows('Places of Kyoto in order')).toHaveLength(2);
    const places = await rows('Places of Kyoto in order');
    expect(places[0]).toContain('Place 1: Nara-shi');
    expect(places[1]).toContain('Place 2: Himeji');
    const markers = page.locator('.leaflet-marker-icon');
    await expect.poll(() => markers.allTextContents()).toEqual(['1', '2']);
    expect(await page.locator('path.leaflet-interactive').count()).toBe(1);

    // Choosing a marker highlights its place in the list, and back. The map first finishes
    // fitting its places (an animated zoom moves the markers under the pointer).
    await animationsFinished(page);
    await markers.nth(1).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Place 2: Himeji' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
  });

  it('adds a place by dropping a pin on the map', async () => {
    await page.goto(url(`${stagePath()}/add`));
    await expectHeading('Add places');
    const map = page.getByRole('region', { name: 'Map of Kyoto' });
    // The map is made once the page around it has been drawn: its frame shows before.
    await map.locator('.leaflet-container').waitFor();
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('The map is not on screen');
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await page.getByLabel('Name of the place').fill('Our ryokan');
    expect(await page.getByLabel('Latitude').inputValue()).not.toBe('');
    await page.getByRole('button', { name: 'Add to my picks' }).click();
    expect(await rows('Picked places, in the order they will be added')).toHaveLength(1);

    await page.getByRole('button', { name: 'Add 1 place' }).click();
    await page.waitForURL(/\/add\/finish\?added=/);
    await page.getByText('1 place added to Kyoto').waitFor();
    await page.getByRole('link', { name: 'Back to the stage' }).click();
    await expect.poll(() => rows('Places of Kyoto in order')).toHaveLength(3);
    expect((await rows('Places of Kyoto in order'))[2]).toContain('Place 3: Our ryokan');
  });

  it("names a row's buttons in tooltips once the pointer comes over the row", async () => {
    const row = page.locator('[data-place-id]').filter({ hasText: 'Our ryokan' });
    const edit = row.getByRole('button', { name: 'Edit Our ryokan' });
    // As a person's pointer does: over the row first (its tooltips load then), then the button.
    await expect
      .poll(async () => {
        await row.hover({ position: { x: 4, y: 4 } });
        await edit.hover();
        return page
          .getByRole('tooltip')
          .filter({ hasText: /^Edit$/ })
          .count();
      })
      .toBe(1);
    await row.getByRole('button', { name: 'Delete Our ryokan' }).hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: /^Delete$/ })
      .waitFor();
  });

  it('edits the cost of a place in euros and shows it formatted', async () => {
    await page.getByRole('button', { name: 'Edit Our ryokan' }).click();
    const dialog = page.getByRole('dialog');
    // Typed with a trailing zero, as prices are written: kept to the cent.
    await dialog.getByLabel('Cost').fill('120.50');
    await dialog.getByLabel('Currency').fill('EUR');
    await page.getByRole('option', { name: 'EUR — Euro' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await rows('Places of Kyoto in order'))[2]).toContain('€120.50');
  });

  it('lands on the error page when adding fails, and "Try again" adds the kept picks', async () => {
    await page.goto(url(`${stagePath()}/add`));
    await page.getByLabel('Cities and towns').fill('Kobe');
    await page.getByRole('checkbox', { name: 'Kobe', exact: true }).check();
    const places = /\/api\/itineraries\/[^/]+\/places$/;
    await page.route(places, (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Add 1 place' }).click();
    await page.waitForURL(/\/error$/);
    await expectHeading('Places could not be added');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be added to Kyoto' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('No connection');
    expect(await page.getByRole('listitem').filter({ hasText: 'Kobe' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Reloading keeps the picks (this tab's session storage).
    await page.reload();
    await page.getByRole('button', { name: 'Try again with 1 place' }).waitFor();

    await page.unroute(places);
    await page.getByRole('button', { name: 'Try again with 1 place' }).click();
    await page.waitForURL(/\/add\/finish\?added=/);
    await expect.poll(async () => (await rows('Just added'))[0]).toContain('Kobe');
    await page.getByRole('link', { name: 'Back to the stage' }).click();
    await expect.poll(() => rows('Places of Kyoto in order')).toHaveLength(4);
  });

  it('shows a conflicting edit of the stage and saves mine over it on request', async () => {
    await page.goto(url(`${stagePath()}/edit`));
    await expectHeading('Edit stage');
    const notes = page.getByLabel('Notes');
    await notes.waitFor();
    // Someone else renames the stage while the form is open.
    const stage = await context.request.get(url(`/api/itineraries/${itineraryId}`));
    const { stages } = (await stage.json()) as { stages: { id: string; version: number }[] };
    const version = stages.find((candidate) => candidate.id === kyotoId)?.version;
    const renamed = await context.request.patch(
      url(`/api/itineraries/${itineraryId}/stages/${kyotoId}`),
      { headers: { origin: baseUrl() }, data: { title: 'Kyoto (theirs)', version } },
    );
    expect(renamed.status()).toBe(200);

    await notes.fill('Ryokan near Gion, check-in from 15:00.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.waitFor();
    expect(await conflict.getByRole('row', { name: /Title/ }).textContent()).toContain(
      'Kyoto (theirs)',
    );
    expect(await seriousViolations(page)).toEqual([]);

    await conflict.getByRole('button', { name: 'Save mine anyway' }).click();
    await expectHeading('Kyoto');
    await page.getByText('Ryokan near Gion, check-in from 15:00.').waitFor();
  });

  it('explains a stage that is not part of the itinerary', async () => {
    await page.goto(url(`/itinerary/${itineraryId}/stage/0192f7a0-0000-7000-8000-000000000009`));
    await expectHeading('Stage');
    await page.getByText('This stage is not part of this itinerary').waitFor();
    await page.getByRole('link', { name: 'See all stages' }).waitFor();
  });

  it('shows the Arabic stage page right to left, translated', async () => {
    await page.goto(url(`/ar${stagePath()}`));
    await expectHeading('Kyoto');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('link', { name: stagesAr.stage.addPlaces }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('has no serious accessibility problem on any stage page (%s)', async (_, size) => {
    const sized = await browser.newContext({ ...size, storageState: await context.storageState() });
    const view = await sized.newPage();
    const added = new URL(page.url()).searchParams.get('added') ?? '';
    const pages = [
      ['Stages', `/itinerary/${itineraryId}/stage`],
      ['Kyoto', stagePath()],
      ['Edit stage', `${stagePath()}/edit`],
      ['Add places', `${stagePath()}/add`],
      ['Places added', `${stagePath()}/add/finish?added=${added}`],
      ['Places could not be added', `${stagePath()}/error`],
    ] as const;
    for (const [title, path] of pages) {
      await view.goto(url(path));
      await expectHeading(title, view);
      await view.waitForLoadState('networkidle');
      expect(await seriousViolations(view), path).toEqual([]);
    }
    await sized.close();
  });

  it('deletes a place and a stage after asking, and keeps the rest', async () => {
    await page.goto(url(stagePath()));
    await expectHeading('Kyoto');
    const before = await rows('Places of Kyoto in order');
    await page.getByRole('button', { name: /^Delete Himeji/ }).click();
    const placeDialog = page.getByRole('dialog', { name: /Himeji/ });
    await placeDialog.getByRole('button', { name: 'Delete the place' }).click();
    await placeDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows('Places of Kyoto in order')).toHaveLength(before.length - 1);
    expect((await rows('Places of Kyoto in order')).join(' ')).not.toContain('Himeji');

    await page.goto(url(`/itinerary/${itineraryId}/stage`));
    await expectHeading('Stages');
    await page.getByRole('button', { name: 'Delete Osaka nights' }).click();
    const stageDialog = page.getByRole('dialog', { name: 'Delete “Osaka nights”?' });
    await stageDialog.getByText('The stage has no places. This cannot be undone.').waitFor();
    await stageDialog.getByRole('button', { name: 'Delete the stage' }).click();
    await stageDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows('Stages in order')).toHaveLength(1);
    await page.reload();
    await expect.poll(() => rows('Stages in order')).toHaveLength(1);
    expect((await rows('Stages in order'))[0]).toContain('Kyoto');
  });
});
