import type { Browser, BrowserContext, Locator, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enLocale from '@jammy/shared/locales/en.json';
import arLocale from '@jammy/shared/locales/ar.json';
import { signUpVerified, uniqueEmail } from './accounts';
import {
  DESKTOP,
  PHONE,
  api,
  baseUrl,
  create,
  launchBrowser,
  newContext,
  screenshot,
  seriousViolations,
} from './browser';

const enForm = enLocale.form;
const enContact = enLocale.contact;
const enImports = enLocale.imports;
const arNotes = arLocale.notes;
const enNotes = enLocale.notes;
const arPresets = arLocale.presets;
const enPresets = enLocale.presets;
const arShop = arLocale.shop;
const enShop = enLocale.shop;

// Forms built on the form kit: what the shared schema or the server refuses is said on the
// field at fault, and the first such field takes the focus, whatever button was pressed.

let browser: Browser;
/** An admin of this file (ADMIN_EMAILS), for the publish, product and answer forms. */
let admin: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser, DESKTOP);
  await signUpVerified(admin, { email: 'forms-admin@jammy.test', name: 'Fatima Admin' });
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

function url(path: string): string {
  return `${baseUrl()}${path}`;
}

/** Whether `field` holds the page's focus (polled: the focus moves once the errors are drawn). */
async function expectFocused(field: Locator) {
  await expect
    .poll(() => field.evaluate((element) => element === document.activeElement))
    .toBe(true);
}

/** The 400 the API answers when it refuses a body field (its error catalogue's shape). */
function refusal(field: string, message: string) {
  return {
    status: 400,
    contentType: 'application/json',
    body: JSON.stringify({
      error: {
        code: 'request/invalid',
        message: `${field}: ${message}`,
        details: { issues: [{ field, message }] },
      },
    }),
  };
}

describe('a refused field is marked and focused', () => {
  it('in a note and a new list', async () => {
    const context = await newContext(browser, DESKTOP);
    await signUpVerified(context);
    const trip = await create(context, '/api/itineraries', { title: 'Kyoto in autumn' });
    const page = await context.newPage();
    await page.goto(url(`/itinerary/${trip.id}/notes`));

    // A note of nothing at all: the title says what it needs.
    await page.getByRole('button', { name: enNotes.notes.new }).click();
    const title = page.getByRole('textbox', { name: enNotes.editor.title, exact: true });
    const body = page.getByRole('textbox', { name: enNotes.editor.body, exact: true });
    await page.getByRole('button', { name: enNotes.editor.create }).click();
    await page.getByText(enNotes.editor.empty).waitFor();
    await expectFocused(title);
    expect(await title.getAttribute('aria-invalid')).toBe('true');

    // A text the server refuses: the editor opens again with the text marked and focused.
    await page.route(`**/api/itineraries/${trip.id}/notes`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill(refusal('body', 'must not contain control characters'))
        : route.continue(),
    );
    await title.fill('Temples');
    await body.fill('Fushimi Inari at dawn');
    await page.getByRole('button', { name: enNotes.editor.create }).click();
    await page.getByText(enNotes.editor.refused).waitFor();
    await expectFocused(body);
    expect(await body.inputValue()).toBe('Fushimi Inari at dawn');

    // A list without a name.
    await page.getByRole('button', { name: enNotes.lists.new }).click();
    await page.getByRole('button', { name: enNotes.lists.create }).click();
    await page.getByText(enNotes.lists.titleRequired).waitFor();
    await expectFocused(page.getByRole('textbox', { name: enNotes.lists.name }));
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('in a pasted list of places', async () => {
    const context = await newContext(browser, DESKTOP);
    await signUpVerified(context);
    const trip = await create(context, '/api/itineraries', { title: 'Tuscany' });
    const page = await context.newPage();
    await page.goto(url(`/itinerary/${trip.id}/import`));
    await page.getByText(enImports.page.paste).click();
    const text = page.getByLabel(enImports.paste.label);
    // One line more than the server looks up at once.
    await text.fill(Array.from({ length: 101 }, (_, index) => `Town ${index + 1}`).join('\n'));
    await page.getByRole('button', { name: enImports.paste.lookUp }).click();
    await page.getByText(enImports.paste.refused.replace('{max}', '100')).waitFor();
    await expectFocused(text);
    await context.close();
  });

  it('in the answer to a contact message', async () => {
    const token = `answer-${Date.now().toString(36)}`;
    const sent = await admin.request.post(url('/api/contact'), {
      headers: { origin: baseUrl() },
      data: {
        name: 'Omar Visitor',
        email: uniqueEmail('visitor'),
        topic: 'other',
        message: `Is there a night train to Nara? (${token})`,
        consent: true,
        fillMs: 20_000,
      },
    });
    expect(sent.status()).toBe(201);
    const page = await admin.newPage();
    await page.goto(url('/account#contact'));
    const card = page.getByTestId('contact-message').filter({ hasText: token });
    await card.getByRole('button', { name: enContact.admin.send }).click();
    await card.getByText(enContact.admin.answerRequired).waitFor();
    await expectFocused(card.getByRole('textbox'));
    await page.close();
  });

  it('in a new product of the shop', async () => {
    const page = await admin.newPage();
    await page.goto(url('/account#shop'));
    const form = page.getByRole('region', { name: enShop.admin.newProduct });
    await form.getByLabel(enShop.admin.price).fill('19.50');
    await form.getByRole('button', { name: enShop.admin.create }).click();
    await form.getByText(enShop.admin.errors.title).waitFor();
    await form.getByText(enShop.admin.errors.presets).waitFor();
    await expectFocused(form.getByRole('textbox', { name: enShop.admin.title }));
    await page.close();
  });

  it('in the listing of an itinerary published as a Jammy itinerary', async () => {
    const trip = await create(admin, '/api/itineraries', { title: 'Lisbon by tram' });
    const page = await admin.newPage();
    await page.route('**/api/presets', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill(refusal('interests', 'must name known interests'))
        : route.continue(),
    );
    await page.goto(url(`/itinerary/${trip.id}`));
    await page.getByRole('button', { name: enPresets.admin.publish }).click();
    const dialog = page.getByRole('dialog', { name: enPresets.admin.publishTitle });
    await dialog.getByRole('button', { name: enPresets.admin.publishSubmit }).click();
    await dialog.getByText(enForm.invalid).waitFor();
    await expectFocused(dialog.locator('[data-interest]').first());
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("in the admin panel of a Jammy itinerary's listing, and beside a listing saved meanwhile", async () => {
    const trip = await create(admin, '/api/itineraries', { title: 'Porto in the rain' });
    // Only a trip with a stage that has a place on the map may be published.
    await create(admin, `/api/itineraries/${trip.id}/stages`, {
      title: 'Ribeira',
      destinationName: 'Porto',
      lat: 41.1408,
      lng: -8.6131,
      countryCode: 'PT',
    });
    const preset = await api<{ id: string; admin: { version: number } }>(
      admin,
      'POST',
      '/api/presets',
      { itineraryId: trip.id, region: 'europe', interests: ['wine'], premium: false },
    );
    const page = await admin.newPage();
    const refuse = (route: Route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill(refusal('interests', 'must name known interests'))
        : route.continue();
    await page.route(`**/api/presets/${preset.id}`, refuse);
    await page.goto(url(`/jammy-itineraries/${preset.id}`));
    const panel = page.getByRole('region', { name: enPresets.admin.title });
    await panel.getByRole('button', { name: enPresets.admin.save }).click();
    await panel.getByText(enForm.invalid).waitFor();
    await expectFocused(panel.locator('[data-interest]').first());
    expect(await seriousViolations(page)).toEqual([]);

    // Another admin moves it to Asia meanwhile: the panel shows their region beside mine.
    await page.unroute(`**/api/presets/${preset.id}`, refuse);
    await api(admin, 'PATCH', `/api/presets/${preset.id}`, {
      region: 'asia',
      version: preset.admin.version,
    });
    await panel.getByRole('button', { name: enPresets.admin.save }).click();
    const conflict = panel.locator('[data-conflict]');
    await conflict.getByText(enPresets.regions.asia).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await conflict.scrollIntoViewIfNeeded();
    await screenshot(page, 'preset-admin-conflict');
    await conflict.getByRole('button', { name: enForm.conflict.useTheirs }).click();
    expect(await panel.getByLabel(enPresets.admin.region).inputValue()).toBe('asia');
    await panel.getByRole('button', { name: enPresets.admin.save }).click();
    await panel.getByText(enPresets.admin.saved).waitFor();
    await page.close();
  });
});

const WORDS = {
  en: { notes: enNotes, presets: enPresets, shop: enShop },
  ar: { notes: arNotes, presets: arPresets, shop: arShop },
};

describe('the forms on a phone', () => {
  it('draws the note editor, the publish form and the product form in English and Arabic', async () => {
    const phone = await newContext(browser, PHONE);
    // The admin of this file, on a phone.
    await phone.addCookies(await admin.cookies());
    const trip = await create(phone, '/api/itineraries', { title: 'Marrakesh and the Atlas' });
    const page = await phone.newPage();
    const fitsThePhone = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    for (const language of ['en', 'ar'] as const) {
      const words = WORDS[language];
      const prefix = language === 'en' ? '' : `/${language}`;
      await page.goto(url(`${prefix}/itinerary/${trip.id}/notes`));
      await page.getByRole('button', { name: words.notes.notes.new }).click();
      await page
        .getByRole('textbox', { name: words.notes.editor.title, exact: true })
        .fill(language === 'en' ? 'Riads' : 'رياض');
      await page
        .getByRole('textbox', { name: words.notes.editor.body, exact: true })
        .fill('- Riad Yasmine\n- Riad Kniza');
      await page.getByRole('button', { name: words.notes.editor.create }).scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await fitsThePhone();
      await screenshot(page, `note-editor-${language}-390`);

      await page.goto(url(`${prefix}/itinerary/${trip.id}`));
      await page.locator('main').getByRole('button', { name: words.presets.admin.publish }).click();
      const dialog = page.getByRole('dialog', { name: words.presets.admin.publishTitle });
      await dialog
        .getByRole('button', { name: words.presets.admin.publishSubmit })
        .scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `publish-form-${language}-390`);
      await page.keyboard.press('Escape');

      await page.goto(url(`${prefix}/account#shop`));
      const product = page.getByRole('region', { name: words.shop.admin.newProduct });
      await product.getByLabel(words.shop.admin.price).fill('19.50');
      await product.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await fitsThePhone();
      await screenshot(page, `product-form-${language}-390`);
    }
    await phone.close();
  });
});
