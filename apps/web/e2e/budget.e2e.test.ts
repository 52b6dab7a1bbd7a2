import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import { signUpVerified, waitForMail, type TestAccount } from './accounts';
import { baseUrl, launchBrowser, newContext, PHONE_SCALE, seriousViolations, url } from './browser';

const budgetAr = arLocale.budget;

// The budget of a trip for two, on a small phone: the owner sets the trip currency, records
// three expenses (split equally, by shares, and one in yen with the rate typed in), and sees
// the chart and who pays whom. Screenshots go to E2E_SCREENSHOTS_DIR when it is set.

const SMALL_PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: PHONE_SCALE,
  isMobile: true,
  hasTouch: true,
};
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let owner: { context: BrowserContext; page: Page; account: TestAccount };
let editor: { context: BrowserContext; page: Page; account: TestAccount };
let itineraryId = '';

async function person(name: string) {
  const context = await newContext(browser, SMALL_PHONE);
  const account = await signUpVerified(context, { name });
  return { context, page: await context.newPage(), account };
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Picks `option` in the searchable select labelled `label`. On two busy cores a click can land
 * while the dropdown is still moving into place and close it: the pick is then tried again.
 */
async function choose(page: Page, label: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await box.fill(search);
    try {
      await page.getByRole('option', { name: option }).click({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await expect.poll(() => box.inputValue()).toBe(option);
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await person('Ana Owner');
  editor = await person('Ben Editor');
  const created = await owner.context.request.post(url('/api/itineraries'), {
    headers: { origin: baseUrl() },
    data: { title: 'Tokyo for two', startDate: '2027-05-01', endDate: '2027-05-04' },
  });
  expect(created.status()).toBe(201);
  itineraryId = ((await created.json()) as { id: string }).id;
  const stage = await owner.context.request.post(url(`/api/itineraries/${itineraryId}/stages`), {
    headers: { origin: baseUrl() },
    data: { title: 'Tokyo' },
  });
  expect(stage.status()).toBe(201);
  // Invited by mail as the sharing page does, and let in by the mail's link.
  const invited = await owner.context.request.post(
    url(`/api/itineraries/${itineraryId}/invitations`),
    { headers: { origin: baseUrl() }, data: { email: editor.account.email, role: 'editor' } },
  );
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(editor.account.email, /invited you/);
  const link = mail.links.find((candidate) => candidate.includes('invitation='));
  if (!link) throw new Error('The invitation mail has no link');
  const target = new URL(link);
  await editor.page.goto(url(`${target.pathname}${target.search}`));
  await editor.page.waitForURL(url(`/itinerary/${itineraryId}`), { timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('the budget of a shared trip', () => {
  it('records expenses three ways, charts them and settles up, in English and Arabic', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${itineraryId}/budget`));
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Budget');

    await choose(page, 'Trip currency', 'EUR', 'EUR — Euro');
    await page.getByRole('button', { name: 'Use this currency' }).click();
    await page.getByRole('button', { name: 'Add an expense' }).click();

    // 90.00 EUR paid by the owner, split equally between both.
    await page.getByLabel('What was it?').fill('Dinner');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('90');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('€90.00').first().waitFor();

    // 30.00 EUR paid by the editor, by shares: the owner 2, the editor 1.
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByLabel('What was it?').fill('Museum');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('30');
    await page
      .getByRole('combobox', { name: 'Category', exact: true })
      .first()
      .selectOption('activities');
    await page.getByRole('combobox', { name: 'Paid by' }).selectOption({ label: 'Ben Editor' });
    await page.getByText('By shares').click();
    await page.getByLabel('Shares of Ana Owner').fill('2');
    await page.getByLabel('Shares of Ben Editor').fill('1');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('€30.00').first().waitFor();

    // 12,000 JPY at 0.0061 (= 73.20 EUR), paid by the owner, split equally; first without
    // the rate, which this server cannot look up.
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByLabel('What was it?').fill('Ramen');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('12000');
    await choose(page, 'Currency', 'JPY', 'JPY — Japanese Yen');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('Enter the rate as a number such as 0.0061.').waitFor();
    await page.getByLabel('1 JPY is worth how many EUR?').fill('0.0061');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('= €73.20').waitFor();

    // 90 + 30 + 73.20 spent. Owner paid 163.20 and owes 45 + 20 + 36.60 = 101.60.
    await page.getByText('€193.20').first().waitFor();
    await page
      .getByRole('img', {
        name: /^Spending by category\. Food and drink: €163\.20, Activities: €30\.00$/,
      })
      .waitFor();
    await page.getByRole('img', { name: /^Spending by day\./ }).waitFor();
    await expect
      .poll(() => page.getByTestId('transfer').allTextContents())
      .toEqual(['Ben Editor pays Ana Owner €61.60']);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'budget-en-360');

    // A planned amount, added, then changed in place by keyboard while the editor changes
    // it too: the 409 shows their version, and the owner saves theirs over it.
    const plan = page.getByRole('form', { name: 'Plan an amount' });
    await plan.getByLabel('Category').selectOption('food');
    await plan.getByLabel('Amount (EUR)').fill('200');
    await plan.getByLabel('Note (optional)').fill('Restaurants');
    await plan.getByRole('button', { name: 'Plan it' }).click();
    const edit = page.getByRole('button', {
      name: 'Change the planned amount: Food and drink · Restaurants',
    });
    await edit.waitFor();
    await page.getByText('of €200.00 planned').waitFor();
    const lines = await owner.context.request.get(
      url(`/api/itineraries/${itineraryId}/budget-lines`),
    );
    const [line] = ((await lines.json()) as { items: { id: string; version: number }[] }).items;
    if (!line) throw new Error('The planned amount was not saved');

    await edit.focus();
    await page.keyboard.press('Enter');
    const change = page.getByRole('form', {
      name: 'Change the planned amount: Food and drink · Restaurants',
    });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id ?? ''))
      .toBe(`line-${line.id}-category`);
    // The editor changes the line while the owner's form is open. (Changed before it opened,
    // the live event could refresh the line first, and the form would open on their version.)
    const theirs = await editor.context.request.patch(
      url(`/api/itineraries/${itineraryId}/budget-lines/${line.id}`),
      { headers: { origin: baseUrl() }, data: { amountMinor: 25_000, version: line.version } },
    );
    expect(theirs.status()).toBe(200);
    await change.getByLabel('Stage').selectOption({ label: 'Tokyo' });
    await change.getByLabel('Amount (EUR)').fill('180');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'budget-planned-edit-en-360');
    await change.getByLabel('Amount (EUR)').press('Enter');
    await change.getByRole('alert').getByText('Changed by someone else').waitFor();
    await change.getByText(/Food and drink · Restaurants, €250\.00/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'budget-planned-conflict-en-360');
    await change.getByRole('button', { name: 'Save mine over it' }).click();
    const changed = page.getByRole('button', {
      name: 'Change the planned amount: Food and drink · Tokyo · Restaurants',
    });
    await changed.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Change the planned amount: Food and drink · Tokyo · Restaurants');
    await page.getByText('of €180.00 planned').waitFor();
    const saved = await owner.context.request.get(
      url(`/api/itineraries/${itineraryId}/budget-lines/${line.id}`),
    );
    expect(await saved.json()).toMatchObject({ amountMinor: 18_000, version: 3 });

    // The editor sees the same settle-up on their own phone.
    await editor.page.goto(url(`/itinerary/${itineraryId}/budget`));
    await expect
      .poll(() => editor.page.getByTestId('transfer').allTextContents())
      .toEqual(['Ben Editor pays Ana Owner €61.60']);

    await page.goto(url(`/ar/itinerary/${itineraryId}/budget`));
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('الميزانية');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('img', { name: new RegExp(`^${budgetAr.charts.byCategory}`) }).waitFor();
    await page.getByTestId('transfer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'budget-ar-360');

    // The planned amount's change in Arabic, right to left.
    await page.getByTestId('planned-line').getByRole('button').first().click();
    await page.getByRole('button', { name: budgetAr.planned.save, exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'budget-planned-edit-ar-360');
  });
});

describe('amounts typed as people type them, and every cost in the totals', () => {
  let traveller: { context: BrowserContext; page: Page; account: TestAccount };
  let tripId = '';

  beforeAll(async () => {
    traveller = await person('Carla Traveller');
    const api = (path: string, data: unknown) =>
      traveller.context.request.post(url(path), { headers: { origin: baseUrl() }, data });
    const created = await api('/api/itineraries', {
      title: 'Kyoto in June',
      startDate: '2027-06-10',
      endDate: '2027-06-14',
      currency: 'EUR',
    });
    expect(created.status()).toBe(201);
    tripId = ((await created.json()) as { id: string }).id;
    // A ryokan booked in yen: a cost in another currency than the trip's.
    const booked = await api(`/api/itineraries/${tripId}/bookings`, {
      kind: 'accommodation',
      title: 'Ryokan Hiiragiya',
      costMinor: 45_000,
      currency: 'JPY',
    });
    expect(booked.status()).toBe(201);
  });

  afterAll(async () => {
    await traveller?.context.close();
  });

  /** The trip's expenses as the API keeps them: title → amount in minor units. */
  async function savedExpenses() {
    const response = await traveller.context.request.get(
      url(`/api/itineraries/${tripId}/expenses`),
    );
    const { items } = (await response.json()) as {
      items: { title: string; amountMinor: number; date: string }[];
    };
    return Object.fromEntries(items.map((item) => [item.title, [item.amountMinor, item.date]]));
  }

  it('takes the rate of a booking in yen right where it is left out, then counts it', async () => {
    const { page } = traveller;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(`/itinerary/${tripId}/budget`));
    const notice = page.getByTestId('unconverted');
    await notice.getByText('¥45,000').waitFor();
    await page.getByText('€0.00').first().waitFor();
    await notice.getByLabel('1 JPY is worth how many EUR?').fill('0.0061');
    await shoot(page, 'budget-unconverted-en-390');
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: 'Use this rate' }).click();
    // 45,000 JPY at 0.0061 is 274.50 EUR: in the total now, and in accommodation.
    await page.getByText('€274.50').first().waitFor();
    await page.getByText('1 JPY = 0.0061 EUR').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shoot(page, 'budget-rate-en-390');
  });

  it('records "120.00" as 120 euros on a day of the trip, and refuses a negative amount', async () => {
    const { page } = traveller;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    await page.getByRole('button', { name: 'Add an expense' }).click();
    // The trip is not under way: the date starts on its first day.
    expect(await page.getByLabel('Date').inputValue()).toBe('2027-06-10');
    await page.getByLabel('What was it?').fill('Kaiseki dinner');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('120.00');
    await shoot(page, 'budget-expense-form-en-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('€394.50').first().waitFor();

    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByLabel('What was it?').fill('Refund');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('-5');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('Amount cannot be negative. Enter an amount like 612.40.').waitFor();
    expect(await savedExpenses()).toEqual({ 'Kaiseki dinner': [12_000, '2027-06-10'] });
  });

  it('reads "45,90" in German and shows the page in Arabic at 390 px', async () => {
    const { page } = traveller;
    await page.goto(url(`/de/itinerary/${tripId}/budget`));
    await page.getByRole('button', { name: 'Ausgabe hinzufügen' }).click();
    await page.getByLabel('Wofür war es?').fill('Matcha');
    await page.getByRole('textbox', { name: 'Betrag', exact: true }).fill('45,90');
    await shoot(page, 'budget-expense-form-de-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ausgabe hinzufügen' }).click();
    await expect.poll(async () => (await savedExpenses()).Matcha).toEqual([4590, '2027-06-10']);

    await page.goto(url(`/ar/itinerary/${tripId}/budget`));
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('الميزانية');
    await page.getByRole('img', { name: new RegExp(`^${budgetAr.charts.byCategory}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shoot(page, 'budget-ar-390');
    await page.getByRole('button', { name: budgetAr.expenses.add }).click();
    await page.getByRole('button', { name: budgetAr.form.add }).waitFor();
    await shoot(page, 'budget-expense-form-ar-390');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
