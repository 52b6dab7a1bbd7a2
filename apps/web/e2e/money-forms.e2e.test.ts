import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinAsEditor, signUpVerified } from './accounts';
import { baseUrl, launchBrowser, newContext, PHONE, seriousViolations } from './browser';

// The money forms (a booking, an expense, a planned amount, a rate) of a trip for two, on a
// phone: a mistake the form sees is shown on its field, which takes the focus; a field the
// server refuses (something changed meanwhile) is marked and focused the same way; a change
// someone else saved meanwhile opens the conflict panel, theirs beside mine, with the focus on
// it. Screenshots go to E2E_SCREENSHOTS_DIR.

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let editor: { context: BrowserContext; id: string };
let tripId = '';

const url = (path: string) => `${baseUrl()}${path}`;
const headers = () => ({ origin: baseUrl() });

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/money-forms-${name}.png`, fullPage: true });
}

/** True once `locator` is the element with the focus. */
function focused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Posts `data` to the trip's `path` as `context`, and answers the created row's id. */
async function create(context: BrowserContext, path: string, data: object): Promise<string> {
  const response = await context.request.post(url(`/api/itineraries/${tripId}${path}`), {
    headers: headers(),
    data,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Changes the trip's row at `path` as the editor, at the version the row has now. */
async function changeAsEditor(path: string, data: object) {
  const current = await editor.context.request.get(url(`/api/itineraries/${tripId}${path}`));
  const { version } = (await current.json()) as { version: number };
  const changed = await editor.context.request.patch(url(`/api/itineraries/${tripId}${path}`), {
    headers: headers(),
    data: { ...data, version },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

async function deleteStage(stageId: string) {
  const deleted = await owner.context.request.delete(
    url(`/api/itineraries/${tripId}/stages/${stageId}`),
    { headers: headers() },
  );
  expect(deleted.status()).toBe(204);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const ownerContext = await newContext(browser, PHONE);
  await signUpVerified(ownerContext, { name: 'Ana Owner' });
  owner = { context: ownerContext, page: await ownerContext.newPage() };
  const editorContext = await newContext(browser, PHONE);
  const account = await signUpVerified(editorContext, { name: 'Ben Editor' });
  const me = await editorContext.request.get(url('/api/me'));
  editor = { context: editorContext, id: ((await me.json()) as { id: string }).id };

  const created = await ownerContext.request.post(url('/api/itineraries'), {
    headers: headers(),
    data: {
      title: 'Rome and Florence',
      startDate: '2027-03-26',
      endDate: '2027-04-02',
      currency: 'EUR',
      timezone: 'Europe/Rome',
    },
  });
  expect(created.status()).toBe(201);
  tripId = ((await created.json()) as { id: string }).id;
  await create(ownerContext, '/stages', { title: 'Rome' });
  await joinAsEditor(ownerContext, editorContext, account, tripId);
});

afterAll(async () => {
  await browser?.close();
});

describe('the booking form', () => {
  it('shows a mistake on its field and gives that field the focus', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('button', { name: 'Add a booking' }).click();
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Name').fill('Rome to Florence');
    await form.getByLabel('Departure', { exact: true }).fill('2027-03-28T12:00');
    await form.getByLabel('Arrival', { exact: true }).fill('2027-03-28T10:00');
    await form.getByRole('button', { name: 'Add the booking' }).click();
    await form.getByText('The end comes before the start (in their time zones).').waitFor();
    const arrival = form.getByLabel('Arrival', { exact: true });
    expect(await arrival.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(arrival)).toBe(true);
    await shoot(page, 'booking-refused-en-390');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('marks and focuses the field the server refuses: a stage deleted meanwhile', async () => {
    const florence = await create(owner.context, '/stages', { title: 'Florence' });
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('button', { name: 'Add a booking' }).click();
    const form = page.getByRole('form', { name: 'New booking' });
    await form.getByLabel('Name').fill('Uffizi tickets');
    await form.getByLabel('Stage', { exact: true }).click();
    await page.getByRole('option', { name: 'Florence', exact: true }).click();
    await form.getByLabel('Confirmation code').fill('UFF-2027');
    await deleteStage(florence);
    await form.getByRole('button', { name: 'Add the booking' }).click();
    const stage = form.getByLabel('Stage', { exact: true });
    await expect.poll(() => stage.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(stage)).toBe(true);
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).not.toBe('true');
    const tree = await owner.context.request.get(url(`/api/itineraries/${tripId}`));
    const { bookings } = (await tree.json()) as { bookings: { title: string }[] };
    expect(bookings.map((booking) => booking.title)).not.toContain('Uffizi tickets');
  });

  it('shows theirs beside mine when someone saved the booking meanwhile, and saves mine on request', async () => {
    const bookingId = await create(owner.context, '/bookings', {
      kind: 'train',
      title: 'Frecciarossa to Florence',
    });
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/bookings`));
    await page.getByRole('button', { name: 'Edit Frecciarossa to Florence' }).click();
    const form = page.getByRole('form', { name: 'Change the booking' });
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Frecciarossa to Florence');
    await changeAsEditor(`/bookings/${bookingId}`, { title: 'Italo to Florence' });
    await form.getByLabel('Notes').fill('Coach 7');
    await form.getByRole('button', { name: 'Save' }).click();

    const conflict = form.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-conflict')))
      .toBe(true);
    const notes = conflict.getByRole('row', { name: /^Notes/ });
    expect(await notes.getByRole('cell').allTextContents()).toEqual(['(empty)', 'Coach 7']);
    const name = conflict.getByRole('row', { name: /^Name/ });
    expect(await name.getByRole('cell').allTextContents()).toEqual([
      'Italo to Florence',
      'Frecciarossa to Florence',
    ]);
    await shoot(page, 'booking-conflict-en-390');
    expect(await seriousViolations(page)).toEqual([]);
    await conflict.getByRole('button', { name: 'Save mine anyway' }).click();
    await form.waitFor({ state: 'detached' });
    const saved = await owner.context.request.get(
      url(`/api/itineraries/${tripId}/bookings/${bookingId}`),
    );
    expect(await saved.json()).toMatchObject({
      title: 'Frecciarossa to Florence',
      notes: 'Coach 7',
      version: 3,
    });
  });
});

describe('the budget forms', () => {
  it('shows a mistake of the expense on its field and gives that field the focus', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('12');
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('Say what the expense was.').waitFor();
    await expect.poll(() => focused(page.getByLabel('What was it?'))).toBe(true);
    await shoot(page, 'expense-refused-en-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows theirs beside mine when someone saved the expense meanwhile', async () => {
    const expenseId = await create(owner.context, '/expenses', {
      title: 'Gelato',
      amountMinor: 900,
      currency: 'EUR',
      date: '2027-03-27',
      category: 'food',
      paidBy: editor.id,
      split: { mode: 'equal', userIds: [editor.id] },
    });
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    await page.getByRole('button', { name: 'Edit Gelato' }).click();
    await expect.poll(() => page.getByLabel('What was it?').inputValue()).toBe('Gelato');
    await changeAsEditor(`/expenses/${expenseId}`, { amountMinor: 1_200 });
    await page.getByLabel('What was it?').fill('Gelato by the Arno');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const conflict = page.getByRole('alert').filter({ hasText: 'Changed by someone else' });
    await conflict.getByText('Someone saved this expense while you were changing it.').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-conflict')))
      .toBe(true);
    const amount = conflict.getByRole('row', { name: /^Amount/ });
    expect(await amount.getByRole('cell').allTextContents()).toEqual(['€12.00', '€9.00']);
    await shoot(page, 'expense-conflict-en-390');
    expect(await seriousViolations(page)).toEqual([]);
    await conflict.getByRole('button', { name: 'Use theirs' }).click();
    expect(await page.getByLabel('What was it?').inputValue()).toBe('Gelato');
    await page.getByLabel('What was it?').fill('Gelato by the Arno');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Edit Gelato by the Arno' }).waitFor();
    const saved = await owner.context.request.get(
      url(`/api/itineraries/${tripId}/expenses/${expenseId}`),
    );
    expect(await saved.json()).toMatchObject({ title: 'Gelato by the Arno', amountMinor: 1_200 });
  });

  it('marks and focuses the planned amount’s stage when the server refuses it', async () => {
    const siena = await create(owner.context, '/stages', { title: 'Siena' });
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    const plan = page.getByRole('form', { name: 'Plan an amount' });
    await plan.getByLabel('Stage').selectOption({ label: 'Siena' });
    await plan.getByLabel('Amount (EUR)').fill('150');
    await deleteStage(siena);
    await plan.getByRole('button', { name: 'Plan it' }).click();
    const stage = plan.getByLabel('Stage');
    await expect.poll(() => stage.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(stage)).toBe(true);
    expect(await plan.getByLabel('Amount (EUR)').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('marks and focuses the rate the server could not look up', async () => {
    await create(owner.context, '/bookings', {
      kind: 'accommodation',
      title: 'Ryokan in yen',
      costMinor: 30_000,
      currency: 'JPY',
    });
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    const notice = page.getByTestId('unconverted');
    await notice.getByRole('button', { name: 'Use this rate' }).click();
    await notice.getByText('Enter the rate as a number such as 0.0061.').waitFor();
    await expect.poll(() => focused(notice.getByLabel('1 JPY is worth how many EUR?'))).toBe(true);
  });

  it('marks and focuses the payer the server refuses: a member who left meanwhile', async () => {
    const { page } = owner;
    await page.goto(url(`/itinerary/${tripId}/budget`));
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByLabel('What was it?').fill('Train tickets');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('38');
    await page.getByRole('combobox', { name: 'Paid by' }).selectOption({ label: 'Ben Editor' });
    const left = await editor.context.request.delete(
      url(`/api/itineraries/${tripId}/members/${editor.id}`),
      { headers: headers() },
    );
    expect(left.status()).toBe(204);
    await page.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByText('The payer must be a member of the trip.').waitFor();
    await expect.poll(() => focused(page.getByRole('combobox', { name: 'Paid by' }))).toBe(true);
    const saved = await owner.context.request.get(url(`/api/itineraries/${tripId}/expenses`));
    const { items } = (await saved.json()) as { items: { title: string }[] };
    expect(items.map((item) => item.title)).not.toContain('Train tickets');
  });
});
