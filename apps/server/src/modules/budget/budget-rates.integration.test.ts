import type { BudgetRate } from '@jammy/shared/budget';
import type { Itinerary } from '@jammy/shared/itineraries';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { createPlace } from '../../../test/factories';
import { booking } from '../../db/schema/bookings';
import {
  addExpense,
  as,
  editor,
  euroTrip,
  owner,
  rates,
  summaryOf,
  testApp,
  budgetTest,
  viewer,
} from './budget.test-helpers';

const test = budgetTest();

describe('the trip’s rates for costs in other currencies', () => {
  const ratesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/budget-rates`;

  /** A trip in EUR with a ryokan booked in yen and a temple entry in yen. */
  async function yenCosts(): Promise<Itinerary> {
    const trip = await euroTrip();
    await testApp.database.db.insert(booking).values({
      id: uuidv7(),
      itineraryId: trip.id,
      title: 'Ryokan',
      notes: '',
      kind: 'accommodation',
      costMinor: 45_000,
      currency: 'JPY',
      startAt: '2027-05-02 15:00:00',
    });
    await createPlace(owner, trip.id, { costMinor: 1000, currency: 'JPY' });
    return trip;
  }

  test('brings bookings’ and places’ costs in a currency into the totals once it has a rate', async () => {
    const trip = await yenCosts();
    // An expense in yen with its own rate stays as it was: the trip's rate is for costs only.
    await addExpense(trip, { amountMinor: 2000, currency: 'JPY', rate: '0.0065' });
    let summary = await summaryOf(trip);
    expect(summary.unconverted).toEqual([
      { currency: 'JPY', amountMinor: 46_000, costsMinor: 46_000 },
    ]);
    expect(summary.totals.spentMinor).toBe(1300);

    const rate = expectStatus<BudgetRate>(
      await as(editor, 'POST', ratesUrl(trip), {
        payload: { currency: 'JPY', rate: '0.0061' },
      }),
      201,
    );
    expect(rate).toMatchObject({
      currency: 'JPY',
      rate: '0.0061',
      rateSource: 'entered',
      rateCurrency: 'EUR',
    });
    summary = await summaryOf(trip);
    expect(summary.unconverted).toEqual([]);
    // 45,000 JPY = 274.50 EUR, 1,000 JPY = 6.10 EUR, and the expense's 13.00 EUR.
    expect(summary.totals.spentMinor).toBe(27_450 + 610 + 1300);
    const category = (name: string) => summary.categories.find((row) => row.category === name);
    expect(category('accommodation')?.spentMinor).toBe(27_450);
    expect(category('activities')?.spentMinor).toBe(610);
    expect(summary.days).toContainEqual({ date: '2027-05-02', spentMinor: 27_450 });

    // One rate per currency; none for the trip's own; the viewer cannot give one.
    expectFieldError(
      await as(owner, 'POST', ratesUrl(trip), { payload: { currency: 'JPY', rate: '0.007' } }),
      'currency',
    );
    expectFieldError(
      await as(owner, 'POST', ratesUrl(trip), { payload: { currency: 'EUR', rate: '1' } }),
      'currency',
    );
    expectFieldError(
      await as(owner, 'POST', ratesUrl(trip), { payload: { currency: 'USD', rate: '0,9' } }),
      'rate',
    );
    expectError(
      await as(viewer, 'POST', ratesUrl(trip), { payload: { currency: 'USD', rate: '0.9' } }),
      403,
      'auth/forbidden',
    );

    // Once the trip's currency changes, the rate converts into nothing: the costs are left out
    // again until it is given anew, into the new currency.
    const current = expectStatus<Itinerary>(
      await as(owner, 'GET', `/api/itineraries/${trip.id}`),
      200,
    );
    expectStatus(
      await as(owner, 'PATCH', `/api/itineraries/${trip.id}`, {
        payload: { currency: 'USD', version: current.version },
      }),
      200,
    );
    summary = await summaryOf(trip);
    expect(summary.unconverted).toEqual([
      { currency: 'JPY', amountMinor: 48_000, costsMinor: 46_000 },
    ]);
    const renewed = expectStatus<BudgetRate>(
      await as(owner, 'PATCH', `${ratesUrl(trip)}/${rate.id}`, {
        payload: { rate: '0.0066', version: rate.version },
      }),
      200,
    );
    expect(renewed).toMatchObject({ rate: '0.0066', rateCurrency: 'USD', version: 2 });
    summary = await summaryOf(trip);
    // The yen costs count again, in dollars; the expense keeps its rate into euros.
    expect(summary.unconverted).toEqual([{ currency: 'JPY', amountMinor: 2000, costsMinor: 0 }]);
    expect(summary.totals.spentMinor).toBe(29_700 + 660);

    const removed = await as(owner, 'DELETE', `${ratesUrl(trip)}/${rate.id}`, {
      payload: { version: renewed.version },
    });
    expect(removed.statusCode).toBe(204);
    summary = await summaryOf(trip);
    expect(summary.unconverted.find((row) => row.currency === 'JPY')?.costsMinor).toBe(46_000);
  });

  test('fetches today’s rate from RATES_URL when none is given', async () => {
    const trip = await yenCosts();
    const rate = expectStatus<BudgetRate>(
      await as(owner, 'POST', ratesUrl(trip), { payload: { currency: 'JPY' } }),
      201,
    );
    expect(rate).toMatchObject({ rate: '0.0061', rateDate: '2027-04-30', rateSource: 'fetched' });
    expect(rates.queries.at(-1)?.get('from')).toBe('JPY');
    expect((await summaryOf(trip)).unconverted).toEqual([]);
    rates.fail = true;
    try {
      expectFieldError(
        await as(owner, 'POST', ratesUrl(trip), { payload: { currency: 'GBP' } }),
        'rate',
      );
    } finally {
      rates.fail = false;
    }
  });
});
