import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import {
  DESKTOP,
  PHONE,
  newContext,
  seriousViolations,
  browserForThisFile,
  url,
  api,
  heading,
} from './browser';

const arTrip = arLocale.itineraries;
const enTrip = enLocale.itineraries;
const ar = arLocale.translation;
const en = enLocale.translation;

const browser = await browserForThisFile();

/** A fresh signed-in traveller in a context of their own. */
async function signedIn(options = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  await signUpVerified(context);
  return { context, page: await context.newPage() };
}

interface Created {
  id: string;
  title: string;
  version: number;
}

/** A trip with stages and places (Kyoto and Nara), made through the API. */
async function kyotoTrip(context: BrowserContext, title: string): Promise<Created> {
  const trip = await api<Created>(context, 'POST', '/api/itineraries', {
    title,
    description: 'Temples, gardens and deer.',
    startDate: '2027-04-02',
    endDate: '2027-04-08',
  });
  const base = `/api/itineraries/${trip.id}`;
  const kyoto = await api<Created>(context, 'POST', `${base}/stages`, {
    title: 'Kyoto',
    destinationName: 'Kyoto',
    lat: 35.0116,
    lng: 135.7681,
    countryCode: 'JP',
    startDate: '2027-04-02',
    endDate: '2027-04-06',
  });
  await api(context, 'POST', `${base}/stages`, {
    title: 'Nara',
    destinationName: 'Nara',
    lat: 34.6851,
    lng: 135.8048,
    startDate: '2027-04-07',
    endDate: '2027-04-08',
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: kyoto.id,
    name: 'Fushimi Inari Taisha',
    category: 'sight',
    lat: 34.9671,
    lng: 135.7727,
    time: '07:30',
    durationMinutes: 150,
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: kyoto.id,
    name: 'Kiyomizu-dera',
    category: 'sight',
    lat: 34.9949,
    lng: 135.785,
    costMinor: 500,
    currency: 'JPY',
  });
  await api(context, 'POST', `${base}/places`, { name: 'Ryokan', category: 'lodging' });
  await api(context, 'POST', `${base}/notes`, {
    title: 'Rail passes',
    body: 'Buy the **Kansai pass** at the airport.',
    pinned: true,
  });
  return trip;
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Text with every kind of space as a plain one (Intl uses thin and no-break spaces). */
const spaced = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

const dateRange = (start: string, end: string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    new Date(`${start}T00:00:00Z`),
    new Date(`${end}T00:00:00Z`),
  );

describe('creating, finding and editing an itinerary', () => {
  it('creates one through the form, lists it with its dates, finds it, renames it', async () => {
    const { page } = await signedIn();
    const title = `Kyoto and Nara ${Date.now().toString(36)}`;
    const main = page.locator('main');

    await page.goto(url('/itinerary'));
    await expect
      .poll(() => heading(page), { timeout: 10_000 })
      .toBe(en.routes['itinerary-new'].title);

    // Nothing is sent while the form has mistakes; each is told next to its field.
    await main.getByRole('button', { name: enTrip.form.create }).click();
    expect(await main.getByText(enTrip.errors.required).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe(
      'true',
    );
    await main.getByLabel(enTrip.form.title).fill(title);
    await main.getByLabel(enTrip.form.description).fill('Temples in spring.');
    await main.getByLabel(enTrip.form.startDate).fill('2027-04-02');
    await main.getByLabel(enTrip.form.endDate).fill('2027-04-01');
    await main.getByRole('button', { name: enTrip.form.create }).click();
    expect(await main.getByText(enTrip.errors.endBeforeStart).isVisible()).toBe(true);
    await main.getByLabel(enTrip.form.endDate).fill('2027-04-11');
    expect(await main.getByText(enTrip.errors.endBeforeStart).count()).toBe(0);
    await main.getByRole('button', { name: enTrip.form.create }).click();

    // It opens at once.
    await page.waitForURL(/\/itinerary\/[0-9a-f-]{36}$/);
    await expect.poll(() => heading(page)).toBe(title);
    expect(await main.getByText('Temples in spring.').isVisible()).toBe(true);
    const id = page.url().split('/').at(-1) ?? '';

    // It is in the list, with its dates and length.
    await page.goto(url('/itineraries'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(en.routes.itineraries.title);
    const card = main.locator('li', { has: page.getByRole('link', { name: title }) });
    await card.waitFor();
    expect(spaced(await card.textContent())).toContain(
      spaced(`${dateRange('2027-04-02', '2027-04-11')} · 10 days`),
    );
    expect(await card.textContent()).toContain('0 stages · 0 places');

    // Search, debounced into the address.
    const search = main.getByLabel(enTrip.list.searchLabel);
    await search.fill(title.slice(-8));
    await page.waitForURL((address) => address.searchParams.get('q') === title.slice(-8));
    await card.waitFor();
    expect(await main.getByRole('link', { name: title }).isVisible()).toBe(true);
    await search.fill('zzqx no such trip');
    const noMatch = main.getByText(
      enTrip.empty.noMatchTitle.replace('{query}', 'zzqx no such trip'),
    );
    await noMatch.waitFor();
    await main.getByRole('button', { name: enTrip.list.clearSearch }).first().click();
    await card.waitFor();

    // Rename it.
    await page.goto(url(`/itinerary/${id}/edit`));
    await expect
      .poll(() => heading(page), { timeout: 10_000 })
      .toBe(en.routes['itinerary-edit'].title);
    const field = main.getByLabel(enTrip.form.title);
    expect(await field.inputValue()).toBe(title);
    await field.fill(`${title} (renamed)`);
    await main.getByRole('button', { name: enTrip.form.save }).click();
    await page.waitForURL(url(`/itinerary/${id}`));
    await expect.poll(() => heading(page)).toBe(`${title} (renamed)`);
  });

  it('shows what someone else saved meanwhile, and saves mine again on request', async () => {
    const { context, page } = await signedIn();
    const trip = await api<Created>(context, 'POST', '/api/itineraries', { title: 'Lisbon' });
    const main = page.locator('main');
    await page.goto(url(`/itinerary/${trip.id}/edit`));
    await main.getByLabel(enTrip.form.title).waitFor();

    // Another tab (or person) saves first.
    await api(context, 'PATCH', `/api/itineraries/${trip.id}`, {
      title: 'Lisbon and Porto',
      version: trip.version,
    });
    await main.getByLabel(enTrip.form.title).fill('Lisbon long weekend');
    await main.getByRole('button', { name: enTrip.form.save }).click();

    const conflict = main.locator('[data-conflict]');
    await conflict.waitFor();
    expect(await conflict.getByText(enTrip.conflict.title).isVisible()).toBe(true);
    expect(await conflict.getByText('Lisbon and Porto').isVisible()).toBe(true);
    expect(await conflict.getByText('Lisbon long weekend').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await conflict.getByRole('button', { name: enTrip.conflict.keepMine }).click();
    await page.waitForURL(url(`/itinerary/${trip.id}`));
    await expect.poll(() => heading(page)).toBe('Lisbon long weekend');
  });

  it('tells a valid but unknown itinerary apart from a broken page', async () => {
    const { page } = await signedIn();
    await page.goto(url('/itinerary/0192f7a0-0000-7000-8000-00000000abcd'));
    await expect.poll(() => heading(page)).toBe(enTrip.notFound.title);
    expect(
      await page.locator('main').getByRole('link', { name: enTrip.notFound.back }).isVisible(),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the trash', () => {
  it('moves an itinerary to the trash, lists it there, restores it; Undo restores too', async () => {
    const { context, page } = await signedIn();
    const trip = await api<Created>(context, 'POST', '/api/itineraries', { title: 'Patagonia' });
    const main = page.locator('main');

    await page.goto(url(`/itinerary/${trip.id}/edit`));
    await main.getByRole('button', { name: enTrip.edit.trash }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: enTrip.edit.confirm }).click();

    await page.waitForURL(url('/itineraries'));
    const moved = enTrip.trash.moved.replace('{title}', 'Patagonia');
    await main.getByText(moved).waitFor();
    await main.getByText(enTrip.empty.title).waitFor();

    await main.getByRole('link', { name: enTrip.list.trash }).click();
    await page.waitForURL(url('/itineraries?trash=true'));
    const restore = main.getByRole('button', { name: `Restore “Patagonia”` });
    await restore.waitFor();
    expect(await main.getByText('Deleted for good in 30 days').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await restore.click();
    await main.getByText(enTrip.trash.restored.replace('{title}', 'Patagonia')).waitFor();
    await main.getByText(enTrip.empty.trashTitle).waitFor();

    await main.getByRole('link', { name: enTrip.list.current }).click();
    await main.getByRole('link', { name: 'Patagonia' }).waitFor();

    // Undo, right after moving it.
    await page.goto(url(`/itinerary/${trip.id}/edit`));
    await main.getByRole('button', { name: enTrip.edit.trash }).click();
    await page.getByRole('dialog').getByRole('button', { name: enTrip.edit.confirm }).click();
    await main.getByText(moved).waitFor();
    await main.getByRole('button', { name: enTrip.trash.undo }).click();
    await main.getByText(enTrip.trash.restored.replace('{title}', 'Patagonia')).waitFor();
    await main.getByRole('link', { name: 'Patagonia' }).first().waitFor();
  });
});

describe('every itinerary page is accessible', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('on %s', async (_, options) => {
    const { context, page } = await signedIn(options);

    // A new traveller is invited to plan a first trip.
    await page.goto(url('/itineraries'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(en.routes.itineraries.title);
    const main = page.locator('main');
    await main.getByText(enTrip.empty.title).waitFor();
    expect(await main.getByRole('link', { name: enTrip.empty.create }).isVisible()).toBe(true);
    expect(await main.locator('img').first().isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const trip = await kyotoTrip(context, 'Kyoto and Nara in spring');
    for (const path of [
      '/itineraries',
      '/itineraries?trash=true',
      '/itinerary',
      `/itinerary/${trip.id}`,
      `/itinerary/${trip.id}/edit`,
    ]) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      expect(await seriousViolations(page), path).toEqual([]);
    }

    // The overview holds the timeline, the numbered map and the pinned note.
    await page.goto(url(`/itinerary/${trip.id}`));
    await expect.poll(() => heading(page)).toBe('Kyoto and Nara in spring');
    await main.getByText('Fushimi Inari Taisha').waitFor();
    expect(
      await main
        .locator('[data-stage]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-stage'))),
    ).toEqual(['Kyoto', 'Nara']);
    expect(await main.getByText(enTrip.overview.loose).isVisible()).toBe(true);
    // Below the first screen on a phone, the map is made as it comes near (its frame gives way
    // to the map as it is made: scrolled to again until the markers are there).
    await expect
      .poll(async () => {
        await main
          .getByRole('region', { name: /^Map of/ })
          .scrollIntoViewIfNeeded()
          .catch(() => undefined);
        return main.locator('.leaflet-marker-icon').count();
      })
      .toBe(3);
    await main.getByText('Rail passes').waitFor();
    expect(await main.getByText('¥500').first().isVisible()).toBe(true);
  });
});

describe('a trip’s overview', () => {
  it('asks for what its sections read alongside the trip, once each, before drawing the page', async () => {
    const { context, page } = await signedIn(PHONE);
    const trip = await kyotoTrip(context, 'Kyoto at a glance');
    await page.addInitScript(() => {
      // When the overview's first screen (its description's heading) enters the page.
      new MutationObserver((_, observer) => {
        if (!document.getElementById('about-title')) return;
        (window as unknown as { firstScreenAt: number }).firstScreenAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const sections = ['notes', 'lists', 'activity', 'routes'];
    const asked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      const prefix = `/api/itineraries/${trip.id}/`;
      if (path.startsWith(prefix)) asked.push(path.slice(prefix.length));
    });
    const times = (name: string) => asked.filter((path) => path === name).length;

    await page.goto(url(`/itinerary/${trip.id}`));
    const main = page.locator('main');
    await main.getByText('Rail passes').waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    await expect.poll(() => sections.map(times)).toEqual([1, 1, 1, 1]);
    // The sections read the answers the loader asked for (the same queries): no second ask.
    await page.waitForTimeout(500);
    expect(sections.map(times)).toEqual([1, 1, 1, 1]);
    // Asked for before the page was drawn, not by the sections once drawn (after it).
    const { firstScreenAt, started } = await page.evaluate(
      (names) => ({
        firstScreenAt: (window as unknown as { firstScreenAt: number }).firstScreenAt,
        started: names.map(
          (name) =>
            performance
              .getEntriesByType('resource')
              .find((entry) => new URL(entry.name).pathname.endsWith(`/${name}`))?.startTime,
        ),
      }),
      sections,
    );
    expect(firstScreenAt).toBeGreaterThan(0);
    for (const at of started) expect(at).toBeLessThan(firstScreenAt);
    await context.close();
  });
});

describe('the trip card', () => {
  it('shows the dates its stages span when the trip has none of its own', async () => {
    const { context, page } = await signedIn(PHONE);
    const trip = await api<Created>(context, 'POST', '/api/itineraries', { title: 'Sicily' });
    const stages = `/api/itineraries/${trip.id}/stages`;
    await api(context, 'POST', stages, {
      title: 'Palermo',
      startDate: '2027-03-12',
      endDate: '2027-03-14',
    });
    await api(context, 'POST', stages, { title: 'Cefalù', startDate: '2027-03-15' });
    await api(context, 'POST', stages, { title: 'Catania', endDate: '2027-03-16' });

    for (const language of ['en', 'de'] as const) {
      await page.goto(url(language === 'en' ? '/itineraries' : '/de/itineraries'));
      const card = page.locator('main li', { has: page.getByRole('link', { name: 'Sicily' }) });
      await card.waitFor();
      const range = new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).formatRange(new Date('2027-03-12T00:00:00Z'), new Date('2027-03-16T00:00:00Z'));
      expect(spaced(await card.textContent())).toContain(
        spaced(`${range} · ${language === 'en' ? '5 days' : '5 Tage'}`),
      );
      expect(await card.textContent()).not.toContain(enTrip.card.noDates);
      await screenshot(page, `trip-card-stage-dates-${language}-phone`);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('in Arabic', () => {
  it('lays the list out right to left', async () => {
    const { context, page } = await signedIn(PHONE);
    await api(context, 'POST', '/api/itineraries', {
      title: 'كيوتو ونارا',
      startDate: '2027-04-02',
      endDate: '2027-04-11',
    });
    await page.goto(url('/ar/itineraries'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(ar.routes.itineraries.title);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const main = page.locator('main');
    await main.getByRole('link', { name: 'كيوتو ونارا' }).waitFor();
    expect(await main.getByLabel(arTrip.list.searchLabel).isVisible()).toBe(true);
    expect(await main.getByText('10 أيام', { exact: false }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
