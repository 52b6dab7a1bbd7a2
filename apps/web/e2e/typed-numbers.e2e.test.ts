import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import { joinAsEditor, signUpVerified } from './accounts';
import { baseUrl, launchBrowser, newContext, PHONE, seriousViolations, url } from './browser';

const budgetAr = arLocale.budget;
const stagesAr = arLocale.stages;

// Plain numbers typed the way travellers write them: a German decimal comma, minus sign and
// thousands mark, Arabic-Indic digits. A pin's coordinates, a place's duration and shares of an
// expense are saved as typed, and a value out of range is refused on its field, naming it.
// Screenshots go to E2E_SCREENSHOTS_DIR.

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let itineraryId = '';
let stageId = '';

interface SavedPlace {
  name: string;
  lat: number;
  lng: number;
  durationMinutes: number | null;
}

/** The trip's places as the server keeps them, by name. */
async function savedPlaces(): Promise<Record<string, SavedPlace>> {
  const response = await context.request.get(url(`/api/itineraries/${itineraryId}`));
  const { places } = (await response.json()) as { places: SavedPlace[] };
  return Object.fromEntries(places.map((place) => [place.name, place]));
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE);
  await signUpVerified(context, { name: 'Greta Gast' });
  const created = await context.request.post(url('/api/itineraries'), {
    headers: { origin: baseUrl() },
    data: {
      title: 'Rom und Madrid',
      startDate: '2027-09-01',
      endDate: '2027-09-08',
      currency: 'EUR',
    },
  });
  expect(created.status()).toBe(201);
  itineraryId = ((await created.json()) as { id: string }).id;
  const stage = await context.request.post(url(`/api/itineraries/${itineraryId}/stages`), {
    headers: { origin: baseUrl() },
    data: { title: 'Rom' },
  });
  expect(stage.status()).toBe(201);
  stageId = ((await stage.json()) as { id: string }).id;
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('numbers typed as people write them', () => {
  it('saves a pin typed in German as "41,9" / "12,5" at 41.9 / 12.5', async () => {
    await page.goto(url(`/de/itinerary/${itineraryId}/stage/${stageId}/add`));
    const form = page.getByRole('form', { name: 'Ein eigener Ort' });
    await form.getByLabel('Name des Orts').fill('Pantheon');
    await form.getByLabel('Breitengrad').fill('41,9');
    await form.getByLabel('Längengrad').fill('12,5');
    await form.getByRole('button', { name: 'Zu meiner Auswahl' }).click();
    // A minus sign as a word processor writes it, and six decimals.
    await form.getByLabel('Name des Orts').fill('Puerta del Sol');
    await form.getByLabel('Breitengrad').fill('40,416775');
    await form.getByLabel('Längengrad').fill('−3,703790');
    await form.getByRole('button', { name: 'Zu meiner Auswahl' }).click();
    await page.getByRole('button', { name: '2 Orte hinzufügen' }).click();
    await page.waitForURL(/\/add\/finish\?added=/);

    const places = await savedPlaces();
    expect([places.Pantheon?.lat, places.Pantheon?.lng]).toEqual([41.9, 12.5]);
    expect([places['Puerta del Sol']?.lat, places['Puerta del Sol']?.lng]).toEqual([
      40.416775, -3.70379,
    ]);
  });

  it('refuses a latitude of 95 on its field, saying what it expects, at 390 px', async () => {
    await page.goto(url(`/de/itinerary/${itineraryId}/stage/${stageId}/add`));
    const form = page.getByRole('form', { name: 'Ein eigener Ort' });
    await form.getByLabel('Name des Orts').fill('Nirgendwo');
    await form.getByLabel('Breitengrad').fill('95');
    await form.getByLabel('Längengrad').fill('12,5');
    await form.getByRole('button', { name: 'Zu meiner Auswahl' }).click();
    const message = form.getByText(
      'Breitengrad: Bitte eine Zahl von -90 bis 90 eingeben, z. B. 41,9.',
    );
    await message.waitFor();
    expect(await form.getByLabel('Breitengrad').getAttribute('aria-invalid')).toBe('true');
    // Nothing was picked, and what was typed is still there to correct.
    expect(await form.getByLabel('Breitengrad').inputValue()).toBe('95');
    await page.getByRole('button', { name: 'Orte hinzufügen', exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await message.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pin-picker-refused-de-390.png` });

    // In Arabic, right to left: the range keeps its minus sign before the number.
    await page.goto(url(`/ar/itinerary/${itineraryId}/stage/${stageId}/add`));
    const arabic = page.getByRole('form', { name: stagesAr.addPlaces.pinForm });
    await arabic.getByLabel(stagesAr.addPlaces.pinName).fill('لا مكان');
    await arabic.getByLabel(stagesAr.addPlaces.latitude).fill('-٩٥');
    await arabic.getByLabel(stagesAr.addPlaces.longitude).fill('١٢٫٥');
    await arabic.getByRole('button', { name: stagesAr.addPlaces.pinAdd }).click();
    const refused = arabic.getByText(`${stagesAr.addPlaces.latitude}: أدخل عددًا من`);
    await refused.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await refused.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pin-picker-refused-ar-390.png` });
  });

  it('saves a place lasting "90", "1.440" (German) and "٩٠" (Arabic) minutes', async () => {
    const created = await context.request.post(url(`/api/itineraries/${itineraryId}/places`), {
      headers: { origin: baseUrl() },
      data: { stageId, name: 'Kolosseum', category: 'sight', lat: 41.8902, lng: 12.4922 },
    });
    expect(created.status()).toBe(201);
    const durations: [string, string, string, string, string, number][] = [
      ['de', 'Kolosseum bearbeiten', 'Dauer (Minuten)', 'Änderungen speichern', '90', 90],
      ['de', 'Kolosseum bearbeiten', 'Dauer (Minuten)', 'Änderungen speichern', '1.440', 1440],
      [
        'ar',
        stagesAr.places.editNamed.replace('{name}', 'Kolosseum'),
        stagesAr.fields.duration,
        stagesAr.actions.save,
        '٩٠',
        90,
      ],
    ];
    for (const [language, edit, label, save, typed, minutes] of durations) {
      // Another value first, so each save is seen to change it.
      const reset = await context.request.get(url(`/api/itineraries/${itineraryId}`));
      const { places } = (await reset.json()) as {
        places: { id: string; name: string; version: number }[];
      };
      const place = places.find((candidate) => candidate.name === 'Kolosseum');
      const cleared = await context.request.patch(
        url(`/api/itineraries/${itineraryId}/places/${place?.id}`),
        {
          headers: { origin: baseUrl() },
          data: { durationMinutes: null, version: place?.version },
        },
      );
      expect(cleared.status()).toBe(200);

      await page.goto(url(`/${language}/itinerary/${itineraryId}/stage/${stageId}`));
      await page.getByRole('button', { name: edit }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(label).fill(typed);
      await dialog.getByRole('button', { name: save }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(async () => (await savedPlaces()).Kolosseum?.durationMinutes, { message: typed })
        .toBe(minutes);
    }
  });

  it('splits an expense by shares typed as 2 and 1 (German) or ٢ and ١ (Arabic), two to one', async () => {
    // A second traveller in the trip, invited and accepting through the API.
    const guest = await newContext(browser, PHONE);
    const account = await signUpVerified(guest, { name: 'Hans Gast' });
    await joinAsEditor(context, guest, account, itineraryId);
    await guest.close();

    const splits = async () => {
      const response = await context.request.get(url(`/api/itineraries/${itineraryId}/expenses`));
      const { items } = (await response.json()) as {
        items: { title: string; split: { mode: string; shares?: { shares: number }[] } }[];
      };
      return Object.fromEntries(
        items.map((item) => [item.title, item.split.shares?.map((part) => part.shares) ?? []]),
      );
    };
    const forms = [
      {
        language: 'de',
        open: 'Ausgabe hinzufügen',
        title: 'Wofür war es?',
        amount: 'Betrag',
        byShares: 'Nach Anteilen',
        sharesOf: 'Anteile von {name}',
        submit: 'Ausgabe hinzufügen',
        expense: 'Museum',
        typed: ['2', '1'],
      },
      {
        language: 'ar',
        open: budgetAr.expenses.add,
        title: budgetAr.form.title,
        amount: budgetAr.form.amount,
        byShares: budgetAr.form.shares,
        sharesOf: budgetAr.form.sharesOf,
        submit: budgetAr.form.add,
        expense: 'Taxi',
        typed: ['٢', '١'],
      },
    ];
    for (const form of forms) {
      const shares = (name: string) => page.getByLabel(form.sharesOf.replace('{name}', name));
      await page.goto(url(`/${form.language}/itinerary/${itineraryId}/budget`));
      await page.getByRole('button', { name: form.open }).click();
      await page.getByLabel(form.title).fill(form.expense);
      await page.getByRole('textbox', { name: form.amount, exact: true }).fill('30');
      await page.getByText(form.byShares).click();
      if (form.language === 'de') {
        // Half a share is refused on the field, which names the person.
        await shares('Greta Gast').fill('1,5');
        await page.getByRole('button', { name: form.submit }).click();
        const refused = page.getByText(
          'Anteile von Greta Gast: Bitte eine ganze Zahl eingeben, z. B. 2.',
        );
        await refused.waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await refused.scrollIntoViewIfNeeded();
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/expense-shares-refused-de-390.png` });
      }
      await shares('Greta Gast').fill(form.typed[0] ?? '');
      await shares('Hans Gast').fill(form.typed[1] ?? '');
      await page.getByRole('button', { name: form.submit }).click();
      await expect
        .poll(async () => (await splits())[form.expense], { message: form.expense })
        .toEqual([2, 1]);
    }
  });

  it('keeps an offline copy of "1.024" MB typed in German, and refuses 0 MB', async () => {
    await page.goto(url(`/de/itinerary/${itineraryId}`));
    await page.getByRole('contentinfo').getByRole('button', { name: 'Über diese App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Über diese App' });
    const size = dialog.getByLabel('Größe der Offline-Kopie (MB)');
    const saved = () =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('jammy:offline-settings') ?? '{}') as {
              cacheBytes?: number;
            }
          ).cacheBytes,
      );
    await size.fill('1.024');
    await size.blur();
    await expect.poll(saved).toBe(1024 * 1_048_576);

    await size.fill('0');
    await size.blur();
    await dialog
      .getByText('Größe der Offline-Kopie (MB): Bitte eine Zahl von 1 bis 2048 eingeben, z. B. 40.')
      .waitFor();
    expect(await saved()).toBe(1024 * 1_048_576);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
