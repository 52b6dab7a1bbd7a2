import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLocale from '@jammy/shared/locales/en.json';
import arLocale from '@jammy/shared/locales/ar.json';
import { signUpVerified, uniqueEmail, waitForMail } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  launchBrowser,
  newContext,
  seriousViolations,
  url,
  api,
  heading,
} from './browser';

const enAuth = enLocale.auth;
const enOnboarding = enLocale.onboarding;
const arPresets = arLocale.presets;
const enPresets = enLocale.presets;
const ar = arLocale.translation;
const en = enLocale.translation;

let browser: Browser;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Screenshots for a human to look at, only when a folder is named for them. */
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const TITLE = `Florence for art lovers ${Date.now().toString(36)}`;
let presetId = '';

/** An admin's three-day Florence trip, made through the API, then published in the browser. */
async function publishFlorence(context: BrowserContext, page: Page): Promise<string> {
  const trip = await api<{ id: string }>(context, 'POST', '/api/itineraries', {
    title: TITLE,
    description: 'The Uffizi, the Duomo and the Oltrarno workshops, at an easy pace.',
    startDate: '2027-03-01',
    endDate: '2027-03-03',
  });
  const base = `/api/itineraries/${trip.id}`;
  const stage = await api<{ id: string }>(context, 'POST', `${base}/stages`, {
    title: 'Renaissance Florence',
    destinationName: 'Florence',
    lat: 43.7696,
    lng: 11.2558,
    countryCode: 'IT',
    startDate: '2027-03-01',
    endDate: '2027-03-03',
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: stage.id,
    name: 'Uffizi Gallery',
    category: 'museum',
    lat: 43.7678,
    lng: 11.2553,
    time: '09:00',
    durationMinutes: 180,
  });
  await api(context, 'POST', `${base}/places`, {
    stageId: stage.id,
    name: 'Piazzale Michelangelo',
    category: 'sight',
    lat: 43.7629,
    lng: 11.2651,
  });

  await page.goto(url(`/itinerary/${trip.id}`));
  const main = page.locator('main');
  await main.getByRole('button', { name: enPresets.admin.publish }).click();
  const dialog = page.getByRole('dialog', { name: enPresets.admin.publishTitle });
  await dialog.getByLabel(enPresets.admin.region).selectOption('europe');
  for (const interest of ['art', 'history'] as const) {
    const toggle = dialog.getByRole('button', { name: enPresets.interests[interest] });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  }
  await dialog.getByRole('button', { name: enPresets.admin.publishSubmit }).click();
  await page.waitForURL(/\/jammy-itineraries\/[0-9a-f-]{36}$/);
  await expect.poll(() => heading(page)).toBe(TITLE);
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

describe('Jammy itineraries', () => {
  it('asks for the catalogue once: the list the page’s head started is the one it shows', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/presets') asked.push(request.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    await page.goto(url('/jammy-itineraries'));
    await page.locator('main [data-preset]').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Started by the head, taken by the app: a second request would mean the app's missed it.
    expect(await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href')).toBe(
      '/api/presets?lang=en&limit=100',
    );
    expect(asked).toEqual([`${baseUrl()}/api/presets?lang=en&limit=100`]);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('lets an admin publish an itinerary of theirs, listed for everyone', async () => {
    const context = await newContext(browser, DESKTOP);
    await signUpVerified(context, { email: 'presets-admin@jammy.test', name: 'Paola Admin' });
    const page = await context.newPage();
    presetId = await publishFlorence(context, page);
    expect(presetId).toMatch(/^[0-9a-f-]{36}$/);

    // The admin panel on the preset's page edits the listing.
    const panel = page.getByRole('region', { name: enPresets.admin.title });
    expect(await panel.getByLabel(enPresets.admin.published).isChecked()).toBe(true);
    await expectAccessible(page);

    // Anyone sees it in the list, under Europe.
    const visitor = await newContext(browser, DESKTOP);
    const anonymous = await visitor.newPage();
    await anonymous.goto(url('/jammy-itineraries?region=europe'));
    await anonymous.getByRole('link', { name: TITLE }).waitFor();
    await visitor.close();
    await context.close();
  });

  it('takes a visitor from browsing to a dated trip of their own, on-boarding on the way', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const main = page.locator('main');

    // Browsing needs no account; filters live in the URL.
    await page.goto(url('/jammy-itineraries'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(en.routes.presets.title);
    await main.locator('[data-preset]').first().waitFor();
    // The first row is drawn first, the other cards a frame later.
    await expect.poll(() => main.locator('[data-preset]').count()).toBeGreaterThan(3);
    await expectAccessible(page);
    await shoot(page, 'presets-desktop-en');

    await main.getByLabel(enPresets.filters.region).selectOption('asia');
    await page.waitForURL(/region=asia/);
    await expect.poll(() => main.getByRole('link', { name: TITLE }).count()).toBe(0);
    await main.getByLabel(enPresets.filters.region).selectOption('europe');
    await page.waitForURL(/region=europe/);
    await main.getByRole('link', { name: TITLE }).click();

    await page.waitForURL(url(`/jammy-itineraries/${presetId}`));
    await expect.poll(() => heading(page)).toBe(TITLE);
    expect(await main.getByText('Uffizi Gallery').isVisible()).toBe(true);
    await expect.poll(() => main.locator('.leaflet-marker-icon').count()).toBe(2);
    await expectAccessible(page);
    await shoot(page, 'preset-desktop-en');

    // Copying needs an account: sign-in, and back here afterwards.
    await main.getByRole('link', { name: enPresets.copy.cta }).click();
    await page.waitForURL(/\/login\/start\?redirect=/);
    const back = new URL(page.url()).searchParams.get('redirect');
    expect(back).toBe(`/jammy-itineraries/${presetId}?copy=1`);

    await main.getByRole('link', { name: enAuth.common.createAccount }).click();
    await page.waitForURL(/\/register\?redirect=/);
    const email = uniqueEmail('presets');
    await main.getByLabel(enAuth.fields.name).fill('Nadia Traveller');
    await main.getByLabel(enAuth.fields.email).fill(email);
    await main.getByLabel(enAuth.fields.password, { exact: true }).fill('a long and happy journey');
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: enAuth.register.submit }).click();
    await page.waitForURL(/\/register\/finish/);
    const mail = await waitForMail(email, /Confirm your e-mail/);
    const link = mail.links.find((candidate) => candidate.includes('/verify-email'));
    if (!link) throw new Error('No verification link');
    await page.goto(link);

    // First sign-in: the welcome tour, with the chosen preset waiting at its end.
    await page.waitForURL(/\/on-boarding\?redirect=/);
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(enOnboarding.welcome.title);
    await expectAccessible(page);
    await shoot(page, 'onboarding-welcome-desktop-en');
    expect(await main.getByRole('button', { name: enOnboarding.skip }).isVisible()).toBe(true);
    await main.getByRole('button', { name: enOnboarding.start }).click();

    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(enOnboarding.interests.title);
    for (const interest of ['art', 'history'] as const) {
      await main.getByRole('button', { name: enPresets.interests[interest] }).click();
    }
    await expectAccessible(page);
    await shoot(page, 'onboarding-interests-desktop-en');
    await main.getByRole('button', { name: enOnboarding.next }).click();

    await expect.poll(() => heading(page)).toBe(enOnboarding.home.title);
    await main.getByLabel(enOnboarding.home.label).fill('Lyon');
    // The gazetteer's towns open below the field, over the button, until Escape closes them;
    // the text stays as typed.
    await main.getByRole('listbox', { name: enOnboarding.home.results }).waitFor();
    await page.keyboard.press('Escape');
    await main
      .getByRole('listbox', { name: enOnboarding.home.results })
      .waitFor({ state: 'hidden' });
    await main.getByRole('button', { name: enOnboarding.next }).click();
    await expect.poll(() => heading(page)).toBe(enOnboarding.language.title);
    await expectAccessible(page);
    await main.getByRole('button', { name: enOnboarding.next }).click();

    await expect.poll(() => heading(page)).toBe(enOnboarding.suggestions.title);
    const pick = main.locator(`[data-preset="${presetId}"]`);
    await pick.waitFor();
    await expect.poll(() => pick.locator('[data-badge="recommended"]').isVisible()).toBe(true);
    await expectAccessible(page);
    await shoot(page, 'onboarding-suggestions-desktop-en');

    const me = await api<{ interests: string[]; homePlace: string | null }>(
      context,
      'GET',
      '/api/me',
    );
    expect([...me.interests].sort()).toEqual(['art', 'history']);
    expect(me.homePlace).toBe('Lyon');

    await main
      .getByRole('button', {
        name: enOnboarding.suggestions.copyNamed.replace('{title}', TITLE),
      })
      .click();
    const dialog = page.getByRole('dialog', { name: enPresets.copy.title });
    await dialog.getByLabel(enPresets.copy.startDate).fill('2027-05-14');
    await dialog.getByRole('button', { name: enPresets.copy.submit }).click();

    await page.waitForURL(/\/itinerary\/[0-9a-f-]{36}$/);
    await expect.poll(() => heading(page)).toBe(TITLE);
    const after = await api<{ onboardedAt: string | null }>(context, 'GET', '/api/me');
    expect(after.onboardedAt).not.toBeNull();

    // The copy is an ordinary trip of mine, dated from the chosen day.
    const copyId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const tree = await api<{
      itinerary: { startDate: string; endDate: string };
      places: { name: string; day: string | null }[];
    }>(context, 'GET', `/api/itineraries/${copyId}`);
    expect(tree.itinerary.startDate).toBe('2027-05-14');
    expect(tree.itinerary.endDate).toBe('2027-05-16');
    expect(tree.places.map((place) => place.name).sort()).toEqual([
      'Piazzale Michelangelo',
      'Uffizi Gallery',
    ]);
    await page.goto(url('/itineraries'));
    const card = main.locator('li', { has: page.getByRole('link', { name: TITLE }) });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 days');

    // Once done, the tour does not come back by itself; coming back to copy opens the form.
    await page.goto(url(`/jammy-itineraries/${presetId}?copy=1`));
    await page.getByRole('dialog', { name: enPresets.copy.title }).waitFor();
    await context.close();
  });

  it('keeps the interests a traveller saves, and recommends by them', async () => {
    const context = await newContext(browser, DESKTOP);
    await signUpVerified(context);
    const page = await context.newPage();
    const main = page.locator('main');
    await page.goto(url('/interests'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(en.routes.interests.title);
    const save = main.getByRole('button', { name: enPresets.interestsPage.save });
    expect(await save.isDisabled()).toBe(true);
    // Keyboard: focus a toggle, press Space.
    await main.getByRole('button', { name: enPresets.interests.history }).focus();
    await page.keyboard.press('Space');
    await main.getByRole('button', { name: enPresets.interests.art }).click();
    await save.click();
    await main.getByText(enPresets.interestsPage.saved).waitFor();
    await expectAccessible(page);
    await shoot(page, 'interests-desktop-en');

    await page.reload();
    expect(
      await main
        .getByRole('button', { name: enPresets.interests.history })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await page.goto(url('/jammy-itineraries'));
    const first = main.locator('[data-preset]').first();
    await first.waitFor();
    expect(await first.locator('[data-badge="recommended"]').count()).toBe(1);
    await context.close();
  });

  it('shows a premium preset honestly: copyable by admins only', async () => {
    const admin = await newContext(browser, DESKTOP);
    const login = await admin.request.post(url('/api/auth/sign-in/email'), {
      headers: { origin: baseUrl() },
      data: { email: 'presets-admin@jammy.test', password: 'correct horse battery staple' },
    });
    expect(login.ok()).toBe(true);
    const adminPage = await admin.newPage();
    await adminPage.goto(url(`/jammy-itineraries/${presetId}`));
    const panel = adminPage.getByRole('region', { name: enPresets.admin.title });
    await panel.getByLabel(enPresets.admin.premium).check({ force: true });
    await panel.getByRole('button', { name: enPresets.admin.save }).click();
    await panel.getByText(enPresets.admin.saved).waitFor();
    await admin.close();

    const context = await newContext(browser, DESKTOP);
    await signUpVerified(context);
    const page = await context.newPage();
    await page.goto(url(`/jammy-itineraries/${presetId}`));
    await page.locator('main [data-badge="premium"]').first().waitFor();
    await page.locator('main [data-state="premium-locked"]').waitFor();
    expect(await page.getByRole('button', { name: enPresets.copy.submit }).count()).toBe(0);
    const refused = await context.request.post(url(`/api/presets/${presetId}/copy`), {
      headers: { origin: baseUrl() },
      data: { startDate: '2027-06-01' },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'preset/premium',
    );
    await context.close();
  });

  const layouts: [string, BrowserContextOptions][] = [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ];
  it.each(layouts)('reads right to left in Arabic and passes axe (%s)', async (name, options) => {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await page.goto(url('/ar/jammy-itineraries'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(ar.routes.presets.title);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.locator('main [data-preset]').first().waitFor();
    expect(await page.getByLabel(arPresets.filters.region).isVisible()).toBe(true);
    await expectAccessible(page);
    await shoot(page, `presets-${name}-ar`);

    await page.goto(url(`/ar/jammy-itineraries/${presetId}`));
    await expect.poll(() => heading(page)).toBe(TITLE);
    expect(await page.getByText(arPresets.detail.dayByDay).isVisible()).toBe(true);
    await expectAccessible(page);
    await shoot(page, `preset-${name}-ar`);

    // No horizontal scrolling on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    ).toBe(true);

    await signUpVerified(context);
    await page.goto(url('/ar/on-boarding?step=1'));
    await page.locator('main [data-interest="art"]').waitFor();
    await expectAccessible(page);
    await shoot(page, `onboarding-interests-${name}-ar`);
    await page.goto(url('/ar/interests'));
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe(ar.routes.interests.title);
    await expectAccessible(page);
    await shoot(page, `interests-${name}-ar`);
    await context.close();
  });

  it.each(layouts)('fits a phone and a desktop in English (%s)', async (name, options) => {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await page.goto(url(`/jammy-itineraries/${presetId}`));
    await expect.poll(() => heading(page)).toBe(TITLE);
    await expectAccessible(page);
    await shoot(page, `preset-${name}-en-final`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    ).toBe(true);
    if (name === 'phone') {
      // The call to action stays at hand at the bottom of the screen.
      expect(await page.getByTestId('copy-bar').isVisible()).toBe(true);
    }
    await context.close();
  });
});
