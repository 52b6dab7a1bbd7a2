import type { BudgetLine, Expense } from '@jammy/shared/budget';
import type { Itinerary } from '@jammy/shared/itineraries';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { expectFieldError, expectStatus } from '../../../test/expect';
import { createItinerary, createPlace } from '../../../test/factories';
import { booking } from '../../db/schema/bookings';
import {
  addExpense,
  as,
  editor,
  euroTrip,
  expenseBody,
  expensesUrl,
  owner,
  rates,
  summaryOf,
  testApp,
  budgetTest,
  viewer,
} from './budget.test-helpers';

const test = budgetTest();

describe('expenses and the budget summary', () => {
  test('splits equally, by shares and by exact amounts in another currency, and settles up', async () => {
    const trip = await euroTrip();
    const dinner = await addExpense(trip);
    expect(dinner).toMatchObject({ rate: '1', rateSource: 'same', convertedMinor: 10_000 });
    await addExpense(
      trip,
      {
        title: 'Train',
        amountMinor: 6000,
        category: 'transport',
        paidBy: editor.id,
        split: {
          mode: 'shares',
          shares: [
            { userId: owner.id, shares: 1 },
            { userId: editor.id, shares: 2 },
          ],
        },
      },
      editor,
    );
    const ramen = await addExpense(trip, {
      title: 'Ramen',
      amountMinor: 12_000,
      currency: 'JPY',
      date: '2027-05-02',
      rate: '0.0061',
      split: {
        mode: 'exact',
        amounts: [
          { userId: owner.id, amountMinor: 5000 },
          { userId: editor.id, amountMinor: 7000 },
        ],
      },
    });
    expect(ramen).toMatchObject({
      rate: '0.0061',
      rateSource: 'entered',
      rateDate: '2027-05-02',
      rateCurrency: 'EUR',
      convertedMinor: 7320,
    });

    const summary = await summaryOf(trip, viewer);
    expect(summary.currency).toBe('EUR');
    expect(summary.totals).toEqual({ plannedMinor: 0, spentMinor: 23_320 });
    const person = (user: SignedInUser) => summary.people.find((entry) => entry.userId === user.id);
    // Owner: 3,334 + 2,000 + 3,050 owed; editor: 3,333 + 4,000 + 4,270; viewer: 3,333.
    expect(person(owner)).toMatchObject({ paidMinor: 17_320, owedMinor: 8384, balanceMinor: 8936 });
    expect(person(editor)).toMatchObject({
      paidMinor: 6000,
      owedMinor: 11_603,
      balanceMinor: -5603,
    });
    expect(person(viewer)).toMatchObject({ paidMinor: 0, owedMinor: 3333, balanceMinor: -3333 });
    expect(summary.people.reduce((sum, entry) => sum + entry.balanceMinor, 0)).toBe(0);
    expect(summary.transfers).toEqual([
      { fromUserId: editor.id, toUserId: owner.id, amountMinor: 5603 },
      { fromUserId: viewer.id, toUserId: owner.id, amountMinor: 3333 },
    ]);
    expect(summary.days).toEqual([
      { date: '2027-05-01', spentMinor: 16_000 },
      { date: '2027-05-02', spentMinor: 7320 },
    ]);
    expect(summary.categories.find((row) => row.category === 'food')?.spentMinor).toBe(17_320);
  });

  test('counts bookings and places as spent (not settled), other currencies apart', async () => {
    const trip = await euroTrip();
    const line = expectStatus<BudgetLine>(
      await as(editor, 'POST', `/api/itineraries/${trip.id}/budget-lines`, {
        payload: { category: 'transport', amountMinor: 50_000, label: 'Flights' },
      }),
      201,
    );
    expect(line).toMatchObject({ category: 'transport', amountMinor: 50_000, stageId: null });
    await createPlace(owner, trip.id, {
      costMinor: 1500,
      currency: 'EUR',
      day: '2027-05-03',
    });
    await createPlace(owner, trip.id, { costMinor: 2000, currency: 'USD' });
    const values = { itineraryId: trip.id, title: 'Flight', notes: '' };
    await testApp.database.db.insert(booking).values([
      {
        id: uuidv7(),
        ...values,
        kind: 'flight',
        costMinor: 30_000,
        currency: 'EUR',
        startAt: '2027-05-01 08:30:00',
      },
      { id: uuidv7(), ...values, kind: 'accommodation', costMinor: 40_000, currency: 'GBP' },
    ]);
    const summary = await summaryOf(trip);
    const category = (name: string) => summary.categories.find((row) => row.category === name);
    expect(category('transport')).toEqual({
      category: 'transport',
      plannedMinor: 50_000,
      spentMinor: 30_000,
    });
    expect(category('activities')?.spentMinor).toBe(1500);
    expect(summary.totals).toEqual({ plannedMinor: 50_000, spentMinor: 31_500 });
    expect(summary.unconverted).toEqual([
      { currency: 'GBP', amountMinor: 40_000, costsMinor: 40_000 },
      { currency: 'USD', amountMinor: 2000, costsMinor: 2000 },
    ]);
    expect(summary.transfers).toEqual([]);
    expect(summary.days).toEqual([
      { date: '2027-05-01', spentMinor: 30_000 },
      { date: '2027-05-03', spentMinor: 1500 },
    ]);
  });

  test('fetches a missing rate from RATES_URL and keeps it, with its date', async () => {
    const trip = await euroTrip();
    const fetched = await addExpense(trip, {
      amountMinor: 1000,
      currency: 'JPY',
      split: { mode: 'equal', userIds: [owner.id] },
    });
    expect(fetched).toMatchObject({
      rate: '0.0061',
      rateDate: '2027-04-30',
      rateSource: 'fetched',
      convertedMinor: 610,
    });
    expect(Object.fromEntries(rates.queries.at(-1) ?? [])).toEqual({
      from: 'JPY',
      to: 'EUR',
      date: '2027-05-01',
    });
    // A later change of the amount keeps the stored rate: no new request.
    const asked = rates.queries.length;
    const changed = expectStatus<Expense>(
      await as(owner, 'PATCH', `${expensesUrl(trip)}/${fetched.id}`, {
        payload: { amountMinor: 2000, version: fetched.version },
      }),
      200,
    );
    expect(changed).toMatchObject({ rate: '0.0061', rateDate: '2027-04-30', convertedMinor: 1220 });
    expect(rates.queries.length).toBe(asked);

    rates.fail = true;
    try {
      expectFieldError(
        await as(owner, 'POST', expensesUrl(trip), { payload: expenseBody({ currency: 'USD' }) }),
        'rate',
      );
    } finally {
      rates.fail = false;
    }
  });

  test('asks the rates server before the write’s transaction: a slow one holds no lock', async () => {
    const trip = await euroTrip();
    const asked = rates.queries.length;
    rates.delayMs = 1500;
    try {
      const started = Date.now();
      const slow = as(owner, 'POST', expensesUrl(trip), {
        payload: expenseBody({ currency: 'JPY', amountMinor: 5000 }),
      });
      // Once the rates server has the question, another write to the same trip goes through
      // at once: the trip's lock is not held while the rate is awaited.
      await expect.poll(() => rates.queries.length, { interval: 10 }).toBe(asked + 1);
      const lineStarted = Date.now();
      expectStatus<BudgetLine>(
        await as(editor, 'POST', `/api/itineraries/${trip.id}/budget-lines`, {
          payload: { category: 'food', amountMinor: 100 },
        }),
        201,
      );
      const lineTook = Date.now() - lineStarted;
      const fetched = expectStatus<Expense>(await slow, 201);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
      expect(lineTook).toBeLessThan(1000);
      expect(fetched).toMatchObject({
        rate: '0.0061',
        rateSource: 'fetched',
        convertedMinor: 3050,
      });
    } finally {
      rates.delayMs = 0;
    }
  });

  test('leaves an expense unconverted once the trip currency changes, until a rate is given', async () => {
    const trip = await euroTrip();
    const lunch = await addExpense(trip, {
      amountMinor: 2500,
      split: { mode: 'equal', userIds: [owner.id] },
    });
    const changed = expectStatus<Itinerary>(
      await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, { payload: { currency: 'CHF' } }),
      200,
    );
    expect(changed.currency).toBe('CHF');
    let summary = await summaryOf(trip);
    expect(summary.unconverted).toEqual([{ currency: 'EUR', amountMinor: 2500, costsMinor: 0 }]);
    expect(summary.totals.spentMinor).toBe(0);
    // Renaming it needs no rate: it stays as it was.
    const renamed = expectStatus<Expense>(
      await as(owner, 'PATCH', `${expensesUrl(trip)}/${lunch.id}`, {
        payload: { title: 'Brunch' },
      }),
      200,
    );
    expect(renamed).toMatchObject({ title: 'Brunch', rateCurrency: 'EUR', convertedMinor: 2500 });
    expectStatus<Expense>(
      await as(owner, 'PATCH', `${expensesUrl(trip)}/${lunch.id}`, { payload: { rate: '0.94' } }),
      200,
    );
    summary = await summaryOf(trip);
    expect(summary.unconverted).toEqual([]);
    expect(summary.totals.spentMinor).toBe(2350);
  });

  test('sets the trip currency from its owner’s language when first needed', async () => {
    const trip = await createItinerary(owner);
    expect(trip.currency).toBeNull();
    expect((await summaryOf(trip)).currency).toBeNull();
    expectStatus<BudgetLine>(
      await as(owner, 'POST', `/api/itineraries/${trip.id}/budget-lines`, {
        payload: { category: 'food', amountMinor: 100 },
      }),
      201,
    );
    // English's likely region is the United States.
    expect((await summaryOf(trip)).currency).toBe('USD');
  });
});
