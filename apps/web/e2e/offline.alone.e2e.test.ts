import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import deLocale from '@jammy/shared/locales/de.json';
import enLocale from '@jammy/shared/locales/en.json';
import { clientAddress, signUpVerified } from './accounts';
import { photo } from './images';
import {
  PHONE,
  baseUrl,
  create,
  launchBrowser,
  newContext,
  screenshot,
  seriousViolations,
  url,
} from './browser';

const deTrip = deLocale.itineraries;
const enTrip = enLocale.itineraries;

// The offline worker for real (run alone, after the rest: its installs, updates and reloads
// without a connection timed out when two other browsers shared the two cores): these
// contexts allow service workers (every other suite blocks them). Screenshots go to
// SCREENSHOT_DIR when it is set.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function workerContext(options = {}): Promise<BrowserContext> {
  return newContext(browser, { ...options, serviceWorkers: 'allow' });
}

/** Waits until a service worker controls the page (the app is then usable offline). */
async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/**
 * Waits until the first install has kept the whole app ("ready to work offline"): the page is
 * controlled at once, and the code of pages not opened yet follows once the page has shown.
 */
async function waitUntilAppKept(page: Page): Promise<void> {
  await waitForControl(page);
  await page.getByTestId('offline-ready').waitFor({ timeout: 30_000 });
}

async function openAbout(page: Page) {
  await page.getByRole('contentinfo').getByRole('button', { name: 'About this app' }).click();
  return page.getByRole('dialog', { name: 'About this app' });
}

async function latestBuildId(): Promise<string> {
  const response = await fetch(url('/builds/latest.json'));
  return ((await response.json()) as { id: string }).id;
}

describe('offline worker and updates', () => {
  it('installs /sw.js, says it is ready to work offline, and tells about the app', async () => {
    // Installability needs a profile of its own (a fresh context counts as incognito).
    const profile = await mkdtemp(path.join(os.tmpdir(), 'jammy-profile-'));
    onTestFinished(() => rm(profile, { recursive: true, force: true }));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const page = await context.newPage();
    await page.goto(url('/faq'));
    await waitForControl(page);
    await expect
      .poll(() => page.getByTestId('offline-ready').textContent())
      .toContain('ready to work offline');

    const about = await openAbout(page);
    const build = await latestBuildId();
    expect(await about.getByTestId('about-build').textContent()).toBe(build);
    await expect
      .poll(() => about.getByTestId('about-worker').textContent())
      .toContain('Ready: this app works without a connection.');
    await expect.poll(() => about.getByTestId('about-storage').textContent()).toMatch(/\d/);
    expect(await seriousViolations(page)).toEqual([]);

    // The worker keeps the shell: offline, a page still opens (and says it is offline).
    await context.setOffline(true);
    await page.goto(url('/faq'));
    await page.getByTestId('offline-banner').waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toContain('You are offline.');
    await context.close();
  });

  it('sets the registration-error flag when /sw.js cannot be loaded', async () => {
    const context = await workerContext();
    await context.route(/\/sw\.js$/, (route) => route.fulfill({ status: 500, body: 'broken' }));
    const page = await context.newPage();
    await page.goto(url('/faq'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const about = await openAbout(page);
    const worker = about.getByTestId('about-worker');
    await expect.poll(() => worker.getAttribute('data-registration-error')).toBe('true');
    expect(await worker.textContent()).toContain('Could not be set up in this browser');
    await context.close();
  });

  it('shows "update available" for a newer build, and Reload brings the new worker', async () => {
    const context = await workerContext(PHONE);
    const page = await context.newPage();
    await page.goto(url('/faq'));
    await waitForControl(page);
    const current = await latestBuildId();
    const next = '0190f3c2-7a51-7000-8000-00000000beef';
    // The server now announces a newer build, whose worker differs from the current one.
    await context.route(/\/builds\/latest\.json$/, (route) =>
      route.fulfill({ json: { id: next, timestamp: Date.now() } }),
    );
    // The served worker changes as a new build's would (other suites block workers, so
    // only this test sees it); put back afterwards.
    const swFile = path.join(inject('dataDir'), 'web', 'sw.js');
    const original = await readFile(swFile, 'utf8');
    await writeFile(swFile, original.replaceAll(current, next));
    onTestFinished(() => writeFile(swFile, original));
    // Regaining focus checks for an update (as does the hourly timer).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const notice = page.getByTestId('update-available');
    await expect.poll(() => notice.textContent()).toContain('A new version of Jammy is available.');
    await screenshot(page, 'update-available-phone');
    expect(await seriousViolations(page)).toEqual([]);

    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });
    // From now on the server names the current build again (the page's own).
    await context.unroute(/\/builds\/latest\.json$/);
    await notice.getByRole('button', { name: 'Reload' }).click();
    // The new worker takes over and the page reloads once.
    await expect.poll(() => documentLoads, { timeout: 20_000 }).toBe(1);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const about = await openAbout(page);
    await expect
      .poll(() => about.getByTestId('about-worker').textContent())
      .toContain(`Offline copy of build ${next}`);
    await page.waitForTimeout(1500);
    expect(documentLoads).toBe(1);
    await context.close();
  });

  it('serves an installable manifest with icons, screenshots and the brand colours', async () => {
    const manifest = (await (await fetch(url('/manifest.webmanifest'))).json()) as {
      icons: { sizes: string; purpose: string; src: string }[];
      screenshots: { form_factor: string; src: string }[];
      theme_color: string;
      display: string;
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#c2255c');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const file of [...manifest.icons, ...manifest.screenshots]) {
      const response = await fetch(url(file.src));
      expect(response.headers.get('content-type'), file.src).toBe('image/png');
    }

    // Installability needs a profile of its own (a fresh context counts as incognito).
    const profile = await mkdtemp(path.join(os.tmpdir(), 'jammy-profile-'));
    onTestFinished(() => rm(profile, { recursive: true, force: true }));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
    });
    const page = await context.newPage();
    await page.goto(url('/faq'));
    await waitForControl(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/icons/apple-touch-icon.png',
    );
    await context.close();
  });
});

/** Whether the page has saved its offline copy (IndexedDB, idb-keyval's default store). */
/**
 * Whether the offline copy of this traveller is saved, holding each of `texts` (what a page
 * shows must be in the copy before the page is left: the copy is written a second after a
 * change, and a write begun as the page goes may not finish).
 */
async function offlineCopySaved(page: Page, texts: readonly string[] = []): Promise<boolean> {
  const copies = (await keyvalEntries(page, 'jammy:queries:')) ?? [];
  return copies.some((copy) => texts.every((text) => copy.json.includes(text)));
}

/**
 * The entries of idb-keyval's store whose key starts with `prefix`, each value as JSON; none
 * when the page has not written the store yet, null when IndexedDB fails. Looking never
 * creates the database: an empty one made here, before the page's first write, would have no
 * store, and the page could never save into it.
 */
async function keyvalEntries(
  page: Page,
  prefix: string,
): Promise<{ key: string; json: string }[] | null> {
  return page.evaluate(
    (prefix) =>
      new Promise<{ key: string; json: string }[] | null>((resolve) => {
        const open = indexedDB.open('keyval-store');
        let none = false;
        open.onupgradeneeded = () => {
          none = true;
          open.transaction?.abort();
        };
        open.onerror = () => resolve(none ? [] : null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            return resolve([]);
          }
          const transaction = db.transaction('keyval');
          transaction.oncomplete = () => db.close();
          const store = transaction.objectStore('keyval');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () =>
            resolve(
              keys.result.flatMap((key, index) =>
                String(key).startsWith(prefix)
                  ? [{ key: String(key), json: JSON.stringify(values.result[index]) }]
                  : [],
              ),
            );
          values.onerror = () => resolve(null);
        };
      }),
    prefix,
  );
}

describe('reading without a connection', () => {
  it('reads an itinerary opened before, with its stages, places and notes, offline', async () => {
    const context = await workerContext(PHONE);
    await signUpVerified(context);
    const post = (target: string, data: object) => create(context, target, data);
    const trip = await post('/api/itineraries', { title: 'Azores by ferry' });
    const stage = await post(`/api/itineraries/${trip.id}/stages`, {
      title: 'São Miguel',
      destinationName: 'Ponta Delgada',
      lat: 37.74,
      lng: -25.67,
    });
    await post(`/api/itineraries/${trip.id}/places`, {
      stageId: stage.id,
      name: 'Lagoa do Fogo',
      lat: 37.76,
      lng: -25.47,
    });
    await post(`/api/itineraries/${trip.id}/notes`, {
      title: 'Ferry times',
      body: 'Atlânticoline leaves at 08:00.',
    });

    const page = await context.newPage();
    await page.goto(url(`/itinerary/${trip.id}/notes`));
    await page.getByText('Ferry times').first().waitFor();
    // Read is not yet kept: the copy is written a moment after the notes arrive, and a page
    // left before then keeps what it had saved (the trip's first data, which goes at once).
    await expect.poll(() => offlineCopySaved(page, ['Ferry times'])).toBe(true);
    await page.goto(url(`/itinerary/${trip.id}`));
    await page.getByRole('heading', { level: 1, name: 'Azores by ferry' }).waitFor();
    await waitForControl(page);
    await expect.poll(() => offlineCopySaved(page, ['Azores by ferry', 'Ferry times'])).toBe(true);

    await context.setOffline(true);
    const started = Date.now();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Azores by ferry' }).waitFor();
    const firstRender = Date.now() - started;
    console.info(`offline: time to first render of a saved itinerary ${firstRender} ms`);
    await page.getByText('São Miguel').first().waitFor();
    await page.getByText('Lagoa do Fogo').first().waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await screenshot(page, 'offline-itinerary-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // Its notes too, by following the tab as a traveller would.
    await page.getByRole('link', { name: /Notes/ }).first().click();
    await page.getByText('Ferry times').first().waitFor();
    expect(await page.getByText('Atlânticoline leaves at 08:00.').count()).toBeGreaterThan(0);
    await context.close();
  });
});

/** Whether the image has arrived (offline, only from the worker's caches). */
function imageLoaded(image: ReturnType<Page['locator']>): Promise<boolean> {
  return image.evaluate(
    (element) => element instanceof HTMLImageElement && element.naturalWidth > 0,
  );
}

describe('the list of trips without a connection', () => {
  it('lists the trips saved on this device, with their covers, when the list was never opened', async () => {
    const context = await workerContext(PHONE);
    await signUpVerified(context);
    const headers = { origin: baseUrl() };
    const created = await context.request.post(url('/api/itineraries'), {
      headers,
      data: { title: 'Lofoten' },
    });
    const trip = (await created.json()) as { id: string; version: number };
    await context.request.post(url(`/api/itineraries/${trip.id}/stages`), {
      headers,
      data: { title: 'Svolvær', startDate: '2027-06-10', endDate: '2027-06-14' },
    });
    const coverPath = `itineraries/${trip.id}/cover/cover.png`;
    const upload = await context.request.post(
      url(`/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(coverPath)}`),
      { headers: { ...headers, 'content-type': 'image/png' }, data: photo(1000, 400) },
    );
    expect(upload.status(), await upload.text()).toBe(200);
    const covered = await context.request.patch(url(`/api/itineraries/${trip.id}`), {
      headers,
      data: { coverPath, version: trip.version },
    });
    expect(covered.status(), await covered.text()).toBe(200);

    // The trip is opened here, in English and in German; the list of trips never is.
    const page = await context.newPage();
    await page.goto(url(`/itinerary/${trip.id}`));
    await page.getByRole('heading', { level: 1, name: 'Lofoten' }).waitFor();
    await waitUntilAppKept(page);
    await page.goto(url(`/de/itinerary/${trip.id}`));
    await page.getByRole('heading', { level: 1, name: 'Lofoten' }).waitFor();
    await expect.poll(() => offlineCopySaved(page, ['Lofoten', 'Svolvær'])).toBe(true);
    // Its cover is kept with it, the card's copy too (fetched through the worker).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const names = ['jammy-thumbnails', 'jammy-pictures'];
          const kept = await Promise.all(
            names.map(async (name) => (await (await caches.open(name)).keys()).length),
          );
          return kept.every((count) => count > 0);
        }),
      )
      .toBe(true);

    await context.setOffline(true);
    for (const [language, messages] of [
      ['en', enTrip],
      ['de', deTrip],
    ] as const) {
      await page.goto(url(language === 'en' ? '/itineraries' : '/de/itineraries'));
      await page.getByTestId('offline-banner').waitFor();
      const notice = page.getByTestId('saved-trips-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(messages.list.savedOnDevice);
      const card = page.locator('main li', { has: page.getByRole('link', { name: 'Lofoten' }) });
      await card.waitFor();
      expect(await page.getByText(messages.list.loadFailed).count()).toBe(0);
      await expect.poll(() => imageLoaded(card.locator('img').first())).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `offline-saved-trips-${language}-phone`);
    }
    // The overview shows its cover too.
    await page.getByRole('link', { name: 'Lofoten' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lofoten' }).waitFor();
    await expect
      .poll(() => imageLoaded(page.getByTestId('overview-cover').locator('img')))
      .toBe(true);
    await screenshot(page, 'offline-trip-cover-de-phone');
    await context.close();
  });
});

describe('in Arabic, on a phone', () => {
  it('shows the offline banner and the about panel right to left', async () => {
    const context = await workerContext(PHONE);
    const page = await context.newPage();
    await page.goto(url('/ar/faq'));
    await waitForControl(page);
    // Installed from here, the app starts in Arabic: the page links the Arabic manifest.
    const manifest = page.locator('link[rel="manifest"]');
    expect(await manifest.getAttribute('href')).toBe('/manifest/ar.webmanifest');
    await context.setOffline(true);
    await page.reload();
    // The saved shell is the English page: the app points it at the Arabic manifest again.
    await expect.poll(() => manifest.getAttribute('href')).toBe('/manifest/ar.webmanifest');
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('أنت غير متصل.');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('contentinfo').getByRole('button', { name: 'حول هذا التطبيق' }).click();
    const about = page.getByRole('dialog', { name: 'حول هذا التطبيق' });
    await about.getByTestId('about-worker').waitFor();
    expect(await about.getByText('غير متصل', { exact: true }).count()).toBe(1);
    await screenshot(page, 'about-app-ar-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await context.close();
  });
});

/** A phone 360 px wide, the narrowest we design for. */
const NARROW_PHONE = { ...PHONE, viewport: { width: 360, height: 740 } };

/** How many changes the page has saved in its outbox (IndexedDB, idb-keyval's store). */
async function storedOutbox(page: Page): Promise<number> {
  const entries = await keyvalEntries(page, 'jammy:outbox:');
  if (entries === null) return -1;
  const [outbox] = entries;
  const changes: unknown = outbox ? JSON.parse(outbox.json) : [];
  return Array.isArray(changes) ? changes.length : 0;
}

interface Row {
  id: string;
  title?: string;
  text?: string;
  body?: string;
  checked?: boolean;
  version: number;
}

async function tripWithNotesAndList(context: BrowserContext) {
  await signUpVerified(context);
  const post = async (target: string, data: object) => {
    const response = await context.request.post(url(target), {
      headers: { origin: baseUrl() },
      data,
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()) as Row;
  };
  const trip = await post('/api/itineraries', { title: 'Azores by ferry' });
  const note = await post(`/api/itineraries/${trip.id}/notes`, {
    title: 'Bookings',
    body: 'Hotel Talisman',
  });
  const list = await post(`/api/itineraries/${trip.id}/lists`, {
    title: 'Carry-on',
    kind: 'packing',
  });
  const item = await post(`/api/itineraries/${trip.id}/lists/${list.id}/items`, {
    text: 'Passport',
  });
  const get = async <T>(target: string) =>
    (await (await context.request.get(url(target))).json()) as T;
  return { trip, note, list, item, get, post };
}

describe('editing without a connection', () => {
  it('queues edits offline, keeps them when the page is reopened, and saves each once', async () => {
    const context = await workerContext(NARROW_PHONE);
    const { trip, note, list, get, post } = await tripWithNotesAndList(context);
    const stage = await post(`/api/itineraries/${trip.id}/stages`, {
      title: 'São Miguel',
      destinationName: 'Ponta Delgada',
      lat: 37.74,
      lng: -25.67,
    });
    const notesPath = `/itinerary/${trip.id}/notes`;
    let page = await context.newPage();
    await page.goto(url(notesPath));
    await page.getByRole('article', { name: 'Bookings' }).waitFor();
    // Parts of pages not opened yet (the place form's pin) need the whole app kept.
    await waitUntilAppKept(page);
    // On a phone notes and lists are two tabs.
    await page.getByRole('tab', { name: /Lists/ }).click();
    await page.getByRole('article', { name: 'Carry-on' }).waitFor();
    // The copy is written when the browser is idle after the page's data (3 s at most); a
    // page still drawing on two busy cores can keep it busy longer.
    await expect
      .poll(() => offlineCopySaved(page, ['Bookings', 'Carry-on']), { timeout: 30_000 })
      .toBe(true);
    await page.goto(url(`/itinerary/${trip.id}/stage/${stage.id}/add`));
    await page.getByLabel('Name of the place').waitFor();
    await waitForControl(page);
    await expect.poll(() => offlineCopySaved(page)).toBe(true);

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    // 1. Add a place of one's own: a pin needs no server (the place search does).
    await page.getByLabel('Name of the place').fill('Lagoa do Fogo');
    await page.getByLabel('Latitude').fill('37.7648');
    await page.getByLabel('Longitude').fill('-25.4739');
    await page.getByRole('button', { name: 'Add to my picks' }).click();
    await page.getByRole('button', { name: 'Add 1 place' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '1 place will be added to São Miguel when you are back online' })
      .waitFor();
    expect(await page.getByTestId('outbox-count').textContent()).toBe('1 change waiting');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'place-queued-phone');
    await page.getByRole('link', { name: 'Notes and lists' }).click();
    await page.getByRole('tab', { name: /Notes/ }).click();
    // 2. Edit a note.
    const bookings = page.getByRole('article', { name: 'Bookings' });
    await bookings.getByRole('button', { name: 'Edit “Bookings”' }).click();
    await page
      .getByRole('textbox', { name: 'Note', exact: true })
      .fill('Hotel Talisman, ref. 4411');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await bookings.getByText('ref. 4411').waitFor();
    // 3. Tick a list item.
    await page.getByRole('tab', { name: /Lists/ }).click();
    const carryOn = page.getByRole('article', { name: 'Carry-on' });
    await carryOn.getByRole('checkbox', { name: 'Passport' }).check();
    // 4. Add a list item.
    await carryOn.getByRole('textbox', { name: 'New item for “Carry-on”' }).fill('Sunscreen');
    await page.keyboard.press('Enter');
    await carryOn.getByRole('checkbox', { name: 'Sunscreen' }).waitFor();

    const count = page.getByTestId('outbox-count');
    await expect.poll(() => count.textContent()).toBe('4 changes waiting');
    await expect.poll(() => storedOutbox(page)).toBe(4);
    // The offline copy (written a second after each change) shows the pending changes too.
    await page.waitForTimeout(1500);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'outbox-pending-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    // The list of waiting changes, by keyboard.
    await page.getByRole('button', { name: 'Review' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
    // The dialog's code loads when it is first opened: its list comes once it is drawn.
    await expect
      .poll(() => dialog.getByRole('listitem').allTextContents())
      .toEqual([
        'Add the place “Lagoa do Fogo” Waiting',
        'Edit the note “Bookings” Waiting',
        'Edit the list item Waiting',
        'Add the list item “Sunscreen” Waiting',
      ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Closed and reopened without a connection: the queue and the changes are still there.
    await page.close();
    page = await context.newPage();
    await page.goto(url(notesPath));
    await page.getByTestId('outbox-count').waitFor();
    expect(await page.getByTestId('outbox-count').textContent()).toBe('4 changes waiting');
    await page.getByRole('article', { name: 'Bookings' }).getByText('ref. 4411').waitFor();
    await page.getByRole('tab', { name: /Lists/ }).click();
    expect(
      await page
        .getByRole('article', { name: 'Carry-on' })
        .getByRole('checkbox', { name: 'Passport' })
        .isChecked(),
    ).toBe(true);

    // Back online: sent in order, each once.
    await context.setOffline(false);
    await page.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await storedOutbox(page)).toBe(0);
    const notes = await get<{ items: Row[] }>(`/api/itineraries/${trip.id}/notes`);
    const savedNote = notes.items.find((row) => row.id === note.id);
    expect(savedNote?.body).toBe('Hotel Talisman, ref. 4411');
    expect(savedNote?.version).toBe(note.version + 1);
    const lists = await get<{ items: (Row & { items: Row[] })[] }>(
      `/api/itineraries/${trip.id}/lists`,
    );
    const items = lists.items.find((row) => row.id === list.id)?.items ?? [];
    expect(items.map((row) => [row.text, row.checked, row.version])).toEqual([
      ['Passport', true, 2],
      ['Sunscreen', false, 1],
    ]);
    const tree = await get<{ places: (Row & { name: string; stageId: string; lat: number })[] }>(
      `/api/itineraries/${trip.id}`,
    );
    expect(tree.places.map((place) => [place.name, place.stageId, place.lat])).toEqual([
      ['Lagoa do Fogo', stage.id, 37.7648],
    ]);
    await context.close();
  });

  it('makes a trip offline under its final id, and saves it once when back online', async () => {
    const context = await workerContext(NARROW_PHONE);
    await signUpVerified(context);
    const page = await context.newPage();
    await page.goto(url('/itineraries'));
    // A page not opened yet needs the whole app kept.
    await waitUntilAppKept(page);
    await expect.poll(() => offlineCopySaved(page)).toBe(true);

    await context.setOffline(true);
    await page.goto(url('/itinerary'));
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Made on a ferry');
    await page.getByRole('button', { name: 'Create itinerary' }).click();
    // Its page opens at once, at the address it will keep.
    await page.waitForURL(/\/itinerary\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { level: 1, name: 'Made on a ferry' }).waitFor();
    await expect
      .poll(() => page.getByTestId('outbox-count').textContent())
      .toBe('1 change waiting');
    await page.getByRole('button', { name: 'Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Changes waiting to be sent' });
    // The dialog's code loads when it is first opened: its list comes once it is drawn.
    await expect
      .poll(() => dialog.getByRole('listitem').allTextContents())
      .toEqual(['Add the trip “Made on a ferry” Waiting']);
    await page.keyboard.press('Escape');

    await context.setOffline(false);
    await page.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: 30_000 });
    const list = (await (await context.request.get(url('/api/itineraries'))).json()) as {
      items: { id: string; title: string }[];
    };
    expect(list.items.map((trip) => [trip.id, trip.title])).toEqual([[id, 'Made on a ferry']]);
    await context.close();
  });

  it('keeps changes waiting behind a conflict on the page, and stops saying so once sent', async () => {
    const context = await workerContext(NARROW_PHONE);
    const { trip, note, get, post } = await tripWithNotesAndList(context);
    const stage = await post(`/api/itineraries/${trip.id}/stages`, { title: 'Faial' });
    const notesPath = `/itinerary/${trip.id}/notes`;
    const addPath = `/itinerary/${trip.id}/stage/${stage.id}/add`;
    const page = await context.newPage();
    await page.goto(url(addPath));
    await page.getByLabel('Name of the place').waitFor();
    await waitUntilAppKept(page);
    await page.goto(url(notesPath));
    await page.getByRole('article', { name: 'Bookings' }).waitFor();
    await expect.poll(() => offlineCopySaved(page, ['Bookings', 'Faial'])).toBe(true);

    await context.setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    // 1. An edit of a note someone else will change meanwhile, 2. a new note behind it.
    await page.getByRole('tab', { name: /Notes/ }).click();
    const bookings = page.getByRole('article', { name: 'Bookings' });
    await bookings.getByRole('button', { name: 'Edit “Bookings”' }).click();
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Mine: Hotel Gaivota');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'New note' }).click();
    await page.getByLabel('Title').fill('Ferry times');
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Horta 08:15');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('article', { name: 'Ferry times' }).waitFor();
    // 3. A place, by a pin.
    await page.goto(url(addPath));
    await page.getByLabel('Name of the place').fill('Caldeira');
    await page.getByLabel('Latitude').fill('38.5806');
    await page.getByLabel('Longitude').fill('-28.7125');
    await page.getByRole('button', { name: 'Add to my picks' }).click();
    await page.getByRole('button', { name: 'Add 1 place' }).click();
    const waitingPlace = page
      .getByRole('alert')
      .filter({ hasText: '1 place will be added to Faial when you are back online' });
    await waitingPlace.waitFor();
    const finishPage = page.url();
    await expect
      .poll(() => page.getByTestId('outbox-count').textContent())
      .toBe('3 changes waiting');
    const theirs = await context.request.patch(
      url(`/api/itineraries/${trip.id}/notes/${note.id}`),
      { headers: { origin: baseUrl() }, data: { body: 'Theirs: Hotel Talisman', version: 1 } },
    );
    expect(theirs.status()).toBe(200);

    // Back online: the edit meets theirs and waits for a decision; the rest waits behind it,
    // and still shows on pages read from the server.
    const dialog = page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
    const dismiss = async () => {
      await dialog.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    };
    await context.setOffline(false);
    await dismiss();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await page.reload();
    await dismiss();
    await waitingPlace.waitFor();
    await page.getByRole('link', { name: 'Overview' }).first().click();
    await page.getByText('2 notes').first().waitFor();
    expect(await page.getByText('The activity could not be loaded.').count()).toBe(0);
    await screenshot(page, 'outbox-waiting-behind-conflict-phone');
    await page.getByRole('link', { name: 'Notes and lists' }).first().click();
    await page.getByRole('tab', { name: /Notes/ }).click();
    await page.getByRole('article', { name: 'Ferry times' }).waitFor();
    expect(await page.getByRole('tab', { name: /Notes/ }).textContent()).toBe('Notes · 2');

    // Mine is kept: everything is sent, and the place no longer "will be added".
    await page.goto(finishPage);
    await dismiss();
    await waitingPlace.waitFor();
    await page.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('alert').filter({ hasText: '1 place added to Faial' }).waitFor();
    expect(await waitingPlace.count()).toBe(0);
    await screenshot(page, 'outbox-place-sent-phone');
    const notes = await get<{ items: Row[] }>(`/api/itineraries/${trip.id}/notes`);
    expect(notes.items.map((row) => row.title).sort()).toEqual(['Bookings', 'Ferry times']);
    await context.close();
  });

  it('asks "theirs or mine" when someone changed the same thing meanwhile', async () => {
    const context = await workerContext(NARROW_PHONE);
    const { trip, note, get } = await tripWithNotesAndList(context);
    const page = await context.newPage();
    await page.goto(url(`/itinerary/${trip.id}/notes`));
    const bookings = page.getByRole('article', { name: 'Bookings' });
    await bookings.waitFor();
    await waitForControl(page);

    await context.setOffline(true);
    await bookings.getByRole('button', { name: 'Edit “Bookings”' }).click();
    await page.getByRole('textbox', { name: 'Note', exact: true }).fill('Mine: Hotel Gaivota');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('outbox-count').textContent())
      .toBe('1 change waiting');
    // Meanwhile the note is changed from elsewhere (the server is still there).
    const theirs = await context.request.patch(
      url(`/api/itineraries/${trip.id}/notes/${note.id}`),
      {
        headers: { origin: baseUrl() },
        data: { body: 'Theirs: Hotel Talisman', version: note.version },
      },
    );
    expect(theirs.status()).toBe(200);

    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Changed by someone else meanwhile' });
    await dialog.waitFor({ timeout: 30_000 });
    const conflict = dialog.getByTestId('outbox-conflict');
    // Only the field that differs, theirs beside mine.
    expect(await conflict.getByRole('row').allTextContents()).toEqual([
      'FieldTheirs (now saved)Mine (offline)',
      'TextTheirs: Hotel TalismanMine: Hotel Gaivota',
    ]);
    await page.waitForTimeout(500); // the dialog's opening transition
    await screenshot(page, 'outbox-conflict-phone');
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing was dropped: the change still waits for the choice.
    expect(await storedOutbox(page)).toBe(1);

    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await page.getByTestId('outbox-status').waitFor({ state: 'detached', timeout: 30_000 });
    const notes = await get<{ items: Row[] }>(`/api/itineraries/${trip.id}/notes`);
    const saved = notes.items.find((row) => row.id === note.id);
    expect(saved?.body).toBe('Mine: Hotel Gaivota');
    expect(saved?.version).toBe(note.version + 2);
    await context.close();
  });
});
