import type { BudgetSummary, Expense } from '@jammy/shared/budget';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import { conflictCurrent, expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { addMember } from '../../../test/itinerary-helpers';
import {
  addExpense,
  as,
  budgetUrl,
  editor,
  euroTrip,
  expenseBody,
  expensesUrl,
  owner,
  stranger,
  summaryOf,
  testApp,
  budgetTest,
  viewer,
} from './budget.test-helpers';

const test = budgetTest();

describe('validation', () => {
  test('names the field: amounts in minor units, exact splits, payers and people who are members', async () => {
    const trip = await euroTrip();
    const post = (values: Record<string, unknown>) =>
      as(owner, 'POST', expensesUrl(trip), { payload: expenseBody(values) });
    expectFieldError(await post({ amountMinor: 12.5 }), 'amountMinor');
    expectFieldError(
      await post({
        split: {
          mode: 'exact',
          amounts: [
            { userId: owner.id, amountMinor: 5000 },
            { userId: editor.id, amountMinor: 4999 },
          ],
        },
      }),
      'split.amounts',
    );
    expectFieldError(await post({ paidBy: stranger.id }), 'paidBy');
    expectFieldError(await post({ split: { mode: 'equal', userIds: [stranger.id] } }), 'split');
    expectFieldError(
      await post({ split: { mode: 'equal', userIds: [owner.id, owner.id] } }),
      'split',
    );
    expectFieldError(await post({ currency: 'XYZ' }), 'currency');
    expectFieldError(await post({ rate: '-1', currency: 'JPY' }), 'rate');
    expectFieldError(await post({ rate: '1e9999999999', currency: 'JPY' }), 'rate');
    expectFieldError(await post({ stageId: uuidv7() }), 'stageId');
    const created = await addExpense(trip);
    expectFieldError(
      await as(owner, 'PATCH', `${expensesUrl(trip)}/${created.id}`, {
        payload: {
          split: { mode: 'exact', amounts: [{ userId: owner.id, amountMinor: 1 }] },
        },
      }),
      'split.amounts',
    );
  });
});

describe('access and versions', () => {
  test('members read, editors write, viewers get 403, strangers 404', async () => {
    const trip = await euroTrip();
    const created = await addExpense(trip);
    expectStatus(await as(viewer, 'GET', expensesUrl(trip)), 200);
    expectError(
      await as(viewer, 'POST', expensesUrl(trip), { payload: expenseBody() }),
      403,
      'auth/forbidden',
    );
    expectError(await as(stranger, 'GET', budgetUrl(trip)), 404, 'itinerary/not-found');
    expectError(
      await as(stranger, 'GET', `${expensesUrl(trip)}/${created.id}`),
      404,
      'itinerary/not-found',
    );
    expectError(await as(null, 'GET', budgetUrl(trip)), 401, 'auth/unauthenticated');
    expectError(
      await as(owner, 'GET', `${expensesUrl(trip)}/${uuidv7()}`),
      404,
      'expense/not-found',
    );
  });

  test('answers 409 with the current expense on a stale version, and deletes with the right one', async () => {
    const trip = await euroTrip();
    const created = await addExpense(trip);
    const url = `${expensesUrl(trip)}/${created.id}`;
    expectStatus(await as(editor, 'PATCH', url, { payload: { title: 'Supper', version: 1 } }), 200);
    const current = conflictCurrent<Expense>(
      await as(owner, 'PATCH', url, { payload: { title: 'Late dinner', version: 1 } }),
    );
    expect(current).toMatchObject({ title: 'Supper', version: 2 });
    conflictCurrent(await as(owner, 'DELETE', url, { payload: { version: 1 } }));
    expect((await as(owner, 'DELETE', url, { payload: { version: 2 } })).statusCode).toBe(204);
    expect((await summaryOf(trip)).totals.spentMinor).toBe(0);
  });
});

describe('former members', () => {
  test('keeps what a member paid and shares when they leave the trip or delete their account', async () => {
    const trip = await euroTrip();
    const [leaver, gone] = await Promise.all([
      testApp.traveller({ label: 'budget-leaver' }),
      testApp.traveller({ label: 'budget-gone' }),
    ]);
    await addMember(testApp, trip.id, leaver.id, 'editor');
    await addMember(testApp, trip.id, gone.id, 'editor');
    const hotel = await addExpense(
      trip,
      {
        title: 'Hotel',
        amountMinor: 9000,
        paidBy: gone.id,
        split: { mode: 'equal', userIds: [owner.id, gone.id, leaver.id] },
      },
      gone,
    );
    await addExpense(trip, {
      title: 'Taxi',
      amountMinor: 3000,
      split: {
        mode: 'shares',
        shares: [
          { userId: gone.id, shares: 1 },
          { userId: leaver.id, shares: 2 },
        ],
      },
    });
    const before = await summaryOf(trip);
    const figures = (summary: BudgetSummary) => ({
      totals: summary.totals,
      people: summary.people
        .map(({ userId, paidMinor, owedMinor, balanceMinor }) => ({
          userId,
          paidMinor,
          owedMinor,
          balanceMinor,
        }))
        .sort((a, b) => (a.userId < b.userId ? -1 : 1)),
      transfers: summary.transfers,
    });
    expect(before.totals.spentMinor).toBe(12_000);
    expect(before.people.find((person) => person.userId === gone.id)).toMatchObject({
      former: false,
      paidMinor: 9000,
      owedMinor: 4000,
    });

    // Removed from the trip: still named, marked as former, every figure as it was.
    expect(
      (await as(owner, 'DELETE', `/api/itineraries/${trip.id}/members/${leaver.id}`)).statusCode,
    ).toBe(204);
    const afterLeaving = await summaryOf(trip);
    expect(figures(afterLeaving)).toEqual(figures(before));
    expect(afterLeaving.people.find((person) => person.userId === leaver.id)).toMatchObject({
      former: true,
      owedMinor: 5000,
    });
    expect(afterLeaving.people.find((person) => person.userId === leaver.id)?.name).not.toBe('');

    // The payer deletes their account: the expense stays, paid by a former member.
    expect(
      (await as(gone, 'DELETE', '/api/me', { payload: { confirmation: 'DELETE' } })).statusCode,
    ).toBe(204);
    const list = expectStatus<{ items: Expense[] }>(await as(owner, 'GET', expensesUrl(trip)), 200);
    expect(list.items.map((item) => item.title).sort()).toEqual(['Hotel', 'Taxi']);
    const afterDeletion = await summaryOf(trip);
    expect(figures(afterDeletion)).toEqual(figures(before));
    expect(afterDeletion.people.find((person) => person.userId === gone.id)).toMatchObject({
      name: '',
      former: true,
      paidMinor: 9000,
      balanceMinor: 5000,
    });
    expect(afterDeletion.people.reduce((sum, person) => sum + person.balanceMinor, 0)).toBe(0);

    // The expense can still be changed; its former people may stay in it, no newcomer may.
    const url = `${expensesUrl(trip)}/${hotel.id}`;
    const renamed = expectStatus<Expense>(
      await as(owner, 'PATCH', url, {
        payload: {
          title: 'Hotel, two nights',
          split: { mode: 'equal', userIds: [gone.id, owner.id] },
          version: hotel.version,
        },
      }),
      200,
    );
    expect(renamed).toMatchObject({ paidBy: gone.id, title: 'Hotel, two nights' });
    expectFieldError(
      await as(owner, 'PATCH', url, {
        payload: { split: { mode: 'equal', userIds: [stranger.id] }, version: renamed.version },
      }),
      'split',
    );
  });
});
