import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  launchBrowser,
  newContext,
  seriousViolations,
  url,
} from './browser';

// A trip of 100 stages and 1,000 places (issues 15 and 34): its overview, its stages and its
// places open drawing only what is in view, scroll and are reordered and edited without the
// page stalling. What can be held without a clock is held: how many rows are drawn of how many.
// The rest is printed: the time each view takes to open (from the start of its page to its
// rows drawn), the long tasks while scrolling (Long Tasks API), and each interaction's time to
// the next paint (the Event Timing API, as Interaction to Next Paint counts it). Each input's
// delay (from the input until the page starts handling it, which long tasks make long) is held
// under 100 ms, and long tasks while scrolling the places under SCROLL_TASK_BUDGET_MS.

const STAGES = 100;
const PLACES = 1000;
/** The longest an input may wait before the page handles it. */
const INTERACTION_BUDGET_MS = 100;
/**
 * The longest task allowed while scrolling. On a quiet two-core machine scrolling makes none
 * (no task over 50 ms); `npm test` runs two end-to-end files at once on those two cores, where
 * the same work took up to 132 ms. A list that drew every row again, or a timeline laid out
 * whole, would take far longer.
 */
const SCROLL_TASK_BUDGET_MS = 250;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tripId = '';
const stageIds: string[] = [];
/** The stages' titles in the trip's order (three were imported at a time, in any order). */
let stageOrder: string[] = [];

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/** Places of stage `index` (0-based): ten each. */
const placesOf = () => PLACES / STAGES;

/** A GeoJSON file of a stage's places, around a city of its own across Europe. */
function stageFile(index: number): string {
  const lat = 37 + (index % 10) * 1.6;
  const lng = -8 + Math.floor(index / 10) * 2.5;
  const features = Array.from({ length: placesOf() }, (_, place) => ({
    type: 'Feature',
    properties: { name: `Place ${index + 1}.${place + 1}` },
    geometry: {
      type: 'Point',
      coordinates: [lng + (place % 3) * 0.02, lat + Math.floor(place / 3) * 0.015],
    },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

/** Watches the page's interactions and long tasks from its first moment. */
async function watchTiming(target: Page) {
  await target.addInitScript(() => {
    const timing = { events: [] as object[], longTasks: [] as object[] };
    Object.assign(window, { timing });
    new PerformanceObserver((list) => {
      // Event Timing's interactionId groups the events of one interaction (not in every DOM lib).
      for (const entry of list.getEntries() as (PerformanceEventTiming & {
        interactionId?: number;
      })[]) {
        if (!entry.interactionId) continue;
        timing.events.push({
          name: entry.name,
          interactionId: entry.interactionId,
          duration: entry.duration,
          delay: entry.processingStart - entry.startTime,
          start: entry.startTime,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    // Event Timing reports only events of 16 ms or more: an input answered and painted faster
    // leaves no entry. Its delay (from the input to its first handler) is also read here.
    for (const type of ['pointerdown', 'pointerup', 'click', 'keydown', 'keyup']) {
      addEventListener(
        type,
        (event) => {
          timing.events.push({
            name: type,
            interactionId: 0,
            duration: 0,
            delay: performance.now() - event.timeStamp,
            start: event.timeStamp,
          });
        },
        { capture: true },
      );
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        timing.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  });
}

interface Timing {
  events: { name: string; interactionId: number; duration: number; delay: number; start: number }[];
  longTasks: { start: number; duration: number }[];
}

const timing = () => page.evaluate(() => (window as unknown as { timing: Timing }).timing);
const now = () => page.evaluate(() => performance.now());

/**
 * The interactions since `since` (ms on the page's clock): the longest delay before the page
 * handled one, and the longest time to the next paint.
 */
async function interactionsSince(since: number) {
  const { events } = await timing();
  const recent = events.filter((event) => event.start >= since);
  expect(recent.length).toBeGreaterThan(0);
  const delay = Math.max(0, ...recent.map((event) => event.delay));
  const paint = Math.max(0, ...recent.map((event) => event.duration));
  return {
    delay,
    paint,
    text: `delay ${Math.round(delay)} ms, next paint ${Math.round(paint)} ms`,
  };
}

async function longTasksSince(since: number) {
  const { longTasks } = await timing();
  return longTasks.filter((task) => task.start >= since).map((task) => Math.round(task.duration));
}

/**
 * Waits until the page has had no long task for a second (the data arrived, the map drew, the
 * offline copy was written), so that what is measured next is the interaction's own work.
 */
async function waitForQuiet() {
  await expect
    .poll(
      async () => {
        const [{ longTasks }, at] = await Promise.all([timing(), now()]);
        return longTasks.every((task) => task.start + task.duration < at - 1000);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

/** Milliseconds from the start of the page (its navigation) until now, on its clock. */
const sinceStart = () => page.evaluate(() => Math.round(performance.now()));

/** Waits for two frames: whatever the interaction changed has been painted. */
const settle = () =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

const figures: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, DESKTOP);
  await signUpVerified(context);
  const created = await context.request.post(url('/api/itineraries'), {
    headers: { origin: baseUrl() },
    data: { title: 'Grand tour of Europe', startDate: '2027-04-01', endDate: '2027-08-31' },
  });
  expect(created.status()).toBe(201);
  tripId = ((await created.json()) as { id: string }).id;
  // One file a stage, imported into a new stage of its own: three at a time (the most files
  // one person may have in the import queue).
  for (let first = 0; first < STAGES; first += 3) {
    const batch = Array.from({ length: Math.min(3, STAGES - first) }, (_, k) => first + k);
    const results = await Promise.all(
      batch.map((index) =>
        context.request.post(
          url(`/api/itineraries/${tripId}/imports?stageTitle=City%20${index + 1}&fileName=city`),
          {
            headers: { origin: baseUrl(), 'content-type': 'application/geo+json' },
            data: stageFile(index),
          },
        ),
      ),
    );
    for (const [k, result] of results.entries()) {
      expect(result.status()).toBe(201);
      stageIds[first + k] = ((await result.json()) as { stageId: string }).stageId;
    }
  }
  const tree = await context.request.get(url(`/api/itineraries/${tripId}`));
  stageOrder = ((await tree.json()) as { stages: { title: string; position: string }[] }).stages
    .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0))
    .map((stage) => stage.title);
  page = await context.newPage();
  await watchTiming(page);
}, 180_000);

afterAll(async () => {
  if (figures.length > 0) {
    console.log(`big trip (${STAGES} stages, ${PLACES} places):\n${figures.join('\n')}`);
  }
  await browser?.close();
});

describe('a trip of 100 stages and 1,000 places', () => {
  it('opens its overview drawing only the stages in view, and scrolls it (its long tasks printed)', async () => {
    // The app's code once, as a traveller who opens their trip from the list has it: what is
    // timed is the trip's page.
    await page.goto(url('/itineraries'));
    await page.locator('main h1').waitFor();
    await page.goto(url(`/itinerary/${tripId}`));
    await page.locator('main h1').waitFor();
    const timeline = page.locator('[data-timeline]');
    await timeline.locator('[data-stage]').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
    const opened = await sinceStart();
    const stages = await timeline.locator('[data-stage]').count();
    const places = await timeline.locator('[data-place]').count();
    const { longTasks } = await timing();
    figures.push(
      `overview: drawn ${opened} ms after its page started, ${stages} stages of ${STAGES} and ` +
        `${places} places of ${PLACES} drawn; long tasks ${longTasks.map((t) => Math.round(t.duration)).join(', ') || 'none'} ms`,
    );
    expect(stages).toBeGreaterThan(0);
    expect(stages).toBeLessThan(STAGES / 5);
    expect(places).toBeLessThan(PLACES / 5);

    await page.mouse.move(400, 500);
    await waitForQuiet();
    const since = await now();
    for (let step = 0; step < 12; step += 1) {
      await page.mouse.wheel(0, 700);
      await settle();
    }
    const during = await longTasksSince(since);
    figures.push(`overview scrolled 8,400 px: long tasks ${during.join(', ') || 'none'}`);
    // Further down, other stages are drawn; the first ones no more.
    expect(await timeline.locator(`[data-stage="${stageOrder[0]}"]`).count()).toBe(0);
    expect(await timeline.locator('[data-stage]').count()).toBeLessThan(STAGES / 5);
    // The last stage is reached by scrolling.
    await page.keyboard.press('End');
    await timeline.locator(`[data-stage="${stageOrder.at(-1)}"]`).waitFor();
  });

  it("makes the overview's map at the view it shows: each marker drawn once, none at another view first", async () => {
    // A map made at one view and then fitted draws its markers twice, the first time at a zoom
    // where the places are barely grouped: a thousand markers made and thrown away in the task
    // that makes the map, and a view that jumps. Every marker icon the page ever adds is counted.
    // So are the busy placeholders of the timeline and of the map: a part that suspends on its
    // code shows a placeholder of its own, which React replaces no sooner than 300 ms later.
    const fresh = await context.newPage();
    await fresh.addInitScript(() => {
      const seen = { added: 0, timelinesBusy: 0, mapPlaceholders: 0 };
      Object.assign(window, { markersSeen: seen });
      const count = (node: HTMLElement, selector: string) =>
        (node.matches(selector) ? 1 : 0) + node.querySelectorAll(selector).length;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof HTMLElement)) continue;
            if (node.classList.contains('leaflet-marker-icon')) seen.added += 1;
            seen.timelinesBusy += count(node, 'ol[data-timeline][aria-busy="true"]');
            seen.mapPlaceholders += count(node, 'main [role="region"][aria-busy]');
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const treeRequests: string[] = [];
    fresh.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/itineraries/${tripId}`) {
        treeRequests.push(request.url());
      }
    });
    const warnings: string[] = [];
    fresh.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await fresh.goto(url(`/itinerary/${tripId}`));
    const markers = fresh.locator('main .leaflet-marker-icon');
    await markers.first().waitFor({ timeout: 30_000 });
    // Settled: the same markers for a second.
    let shown = -1;
    await expect
      .poll(
        async () => {
          const before = await markers.count();
          await fresh.waitForTimeout(1000);
          const after = await markers.count();
          const steady = before === after && after === shown;
          shown = after;
          return steady;
        },
        { timeout: 20_000, interval: 0 },
      )
      .toBe(true);
    const { added, timelinesBusy, mapPlaceholders } = await fresh.evaluate(
      () =>
        (
          window as unknown as {
            markersSeen: { added: number; timelinesBusy: number; mapPlaceholders: number };
          }
        ).markersSeen,
    );
    figures.push(`overview map: ${added} marker icons made, ${shown} shown`);
    expect(shown).toBeLessThan(PLACES / 10);
    expect(added).toBe(shown);
    // The virtualiser's code came with the trip: the timeline is drawn with its stages at once.
    expect(timelinesBusy).toBe(0);
    // Leaflet's code loaded first: the map replaces the placeholder it was drawn with.
    expect(mapPlaceholders).toBe(1);
    // The tree the page's head started is the one the page drew: asked for once, no warning of
    // a preload left unused.
    expect(await fresh.locator(`link[rel="preload"][as="fetch"]`).getAttribute('href')).toBe(
      `/api/itineraries/${tripId}`,
    );
    expect(treeRequests).toEqual([url(`/api/itineraries/${tripId}`)]);
    expect(warnings).toEqual([]);
    if (SHOTS) await fresh.screenshot({ path: `${SHOTS}/big-trip-overview.png` });
    await fresh.close();
  });

  it('lists the places drawing only those in view, groups the markers, and answers a choice at once', async () => {
    await page.goto(url(`/itinerary/${tripId}/place`));
    const list = page.locator('[data-virtual-list]');
    await list.locator('[data-place-id]').first().waitFor();
    const placesOpened = await sinceStart();
    const drawn = await list.locator('[data-place-id]').count();
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(60);
    // The map groups the places: far fewer markers than places, some of them clusters.
    await page.locator('.leaflet-marker-icon').first().waitFor();
    const markers = await page.locator('.leaflet-marker-icon').count();
    expect(markers).toBeLessThan(PLACES / 2);
    expect(await page.locator('.leaflet-marker-icon[title$="zoom in"]').count()).toBeGreaterThan(0);
    figures.push(
      `places page: drawn ${placesOpened} ms after its page started, ${drawn} rows drawn of ` +
        `${PLACES}, ${markers} markers on the map`,
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/big-trip-places.png` });

    // The choice is timed on a page that has finished loading: a click during the map's first
    // drawing would wait for it, and that wait is the page load's, not the choice's.
    await waitForQuiet();
    const since = await now();
    await list.locator('[data-place-id]').nth(2).click();
    await page.getByRole('button', { name: "Close the place's details" }).waitFor();
    await settle();
    const select = await interactionsSince(since);
    figures.push(`select a place: ${select.text}`);
    expect(select.delay).toBeLessThan(INTERACTION_BUDGET_MS);

    await list.hover();
    const scroll = async (by: number) => {
      await waitForQuiet();
      const scrolled = await now();
      for (let step = 0; step < 10; step += 1) {
        await page.mouse.wheel(0, by);
        await settle();
      }
      return longTasksSince(scrolled);
    };
    let during = await scroll(600);
    figures.push(`place list scrolled 6,000 px: long tasks ${during.join(', ') || 'none'}`);
    if (Math.max(0, ...during) >= SCROLL_TASK_BUDGET_MS) {
      // One stray task (a collection, the other end-to-end file busy on the same cores) is
      // measured again, back up and down once more: a list that is slow to scroll is slow
      // both times.
      await scroll(-600);
      during = await scroll(600);
      figures.push(`scrolled again: long tasks ${during.join(', ') || 'none'}`);
    }
    expect(Math.max(0, ...during)).toBeLessThan(SCROLL_TASK_BUDGET_MS);
    // Rows further down are drawn now, the first ones no more.
    expect(await list.locator('[data-place-id]').count()).toBeLessThan(60);
    expect(await list.getByText('Place 1.1', { exact: true }).count()).toBe(0);
  });

  it('keeps the long list in a box of its own on a phone, in Arabic, with clusters named for screen readers', async () => {
    const phone = await browser.newContext({
      ...PHONE,
      serviceWorkers: 'block',
      storageState: await context.storageState(),
    });
    const small = await phone.newPage();
    await small.goto(url(`/ar/itinerary/${tripId}/place`));
    const list = small.locator('[data-virtual-list]');
    await list.waitFor();
    await small.locator('.leaflet-marker-icon').first().waitFor();
    const box = await list.boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(844 * 0.7 + 1);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const cluster = small.locator('.leaflet-marker-icon[title*="قرّب الخريطة"]').first();
    await cluster.waitFor();
    expect(await seriousViolations(small)).toEqual([]);
    if (SHOTS)
      await small.screenshot({ path: `${SHOTS}/big-trip-places-ar-phone.png`, fullPage: true });
    // A cluster opens by keyboard: Enter zooms in to its places.
    const before = await small.locator('.leaflet-marker-icon').count();
    await cluster.focus();
    await small.keyboard.press('Enter');
    await expect.poll(() => small.locator('.leaflet-marker-icon').count()).not.toBe(before);
    await phone.close();
  });

  it('lists the stages drawing only those in view, and moves one at once', async () => {
    await page.goto(url(`/itinerary/${tripId}/stage`));
    const list = page.getByRole('list', { name: 'Stages in order' });
    await list.locator('[data-sortable-row]').first().waitFor();
    const opened = await sinceStart();
    const drawn = await list.locator('[data-sortable-row]').count();
    figures.push(
      `stages page: drawn ${opened} ms after its page started, ${drawn} stages drawn of ${STAGES}`,
    );
    expect(drawn).toBeGreaterThan(3);
    expect(drawn).toBeLessThan(STAGES / 5);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/big-trip-stages.png` });

    const [, second = '', third = ''] = stageOrder;
    const rows = () =>
      list
        .locator('[data-sortable-row]')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-sortable-row')));
    await waitForQuiet();
    const since = await now();
    await page.getByRole('button', { name: `Move ${second} down` }).click();
    await expect.poll(async () => (await rows()).slice(1, 3)).toEqual([third, second]);
    await settle();
    const move = await interactionsSince(since);
    figures.push(`move a stage down: ${move.text}`);
    expect(move.delay).toBeLessThan(INTERACTION_BUDGET_MS);
    // Back where it was, by keyboard: the button kept the focus, its twin is next to it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Move ${second} down`,
    );
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await rows()).slice(1, 3)).toEqual([second, third]);

    await list.hover();
    await waitForQuiet();
    const scrolled = await now();
    for (let step = 0; step < 12; step += 1) {
      await page.mouse.wheel(0, 700);
      await settle();
    }
    const during = await longTasksSince(scrolled);
    figures.push(`stages scrolled 8,400 px: long tasks ${during.join(', ') || 'none'}`);
    expect(await list.locator(`[data-sortable-row="${stageOrder[0]}"]`).count()).toBe(0);
    expect(await list.locator('[data-sortable-row]').count()).toBeLessThan(STAGES / 5);
  });

  it('opens a place of a stage for editing and saves it, answering each input at once', async () => {
    await page.goto(url(`/itinerary/${tripId}/stage/${stageIds[30]}`));
    await page.locator('h1').waitFor();
    const name = 'Place 31.4';
    const edit = page.getByRole('button', { name: `Edit ${name}` });
    await edit.waitFor();
    await waitForQuiet();

    const opened = await now();
    await edit.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await settle();
    const open = await interactionsSince(opened);
    figures.push(`open a place's editor: ${open.text}`);
    expect(open.delay).toBeLessThan(INTERACTION_BUDGET_MS);

    const typed = await now();
    const field = dialog.getByLabel('Name');
    await field.fill('');
    await field.pressSequentially('Castle', { delay: 30 });
    await settle();
    const typing = await interactionsSince(typed);
    figures.push(`type in its name (a key at most): ${typing.text}`);
    expect(typing.delay).toBeLessThan(INTERACTION_BUDGET_MS);

    const saved = await now();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit Castle' }).waitFor();
    await settle();
    const save = await interactionsSince(saved);
    figures.push(`save it: ${save.text}`);
    expect(save.delay).toBeLessThan(INTERACTION_BUDGET_MS);
  });
});
