import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BudgetLine, BudgetRate, BudgetSummary, Expense } from '@jammy/shared/budget';
import type { Itinerary } from '@jammy/shared/itineraries';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  addMember,
  apiFor,
  conflictCurrent,
  createItinerary,
  createPlace,
  createSignedInUser,
  expectError,
  expectFieldError,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { booking } from '../../db/schema/bookings';

/** A rates server on loopback: answers as RATES_URL must, or fails when told to. */
interface RatesStandIn {
  url: string;
  fail: boolean;
  /** How long it waits before answering. */
  delayMs: number;
  queries: URLSearchParams[];
  close(): Promise<void>;
}

async function startRatesStandIn(): Promise<RatesStandIn> {
  const state = { fail: false, delayMs: 0, queries: [] as URLSearchParams[] };
  const server = http.createServer(async (request, response) => {
    const params = new URL(request.url ?? '/', 'http://localhost').searchParams;
    state.queries.push(params);
    if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.fail) {
      response.writeHead(503).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        amount: 1,
        base: params.get('from'),
        date: '2027-04-30',
        rates: { [params.get('to') ?? 'EUR']: 0.0061 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/latest`,
    get fail() {
      return state.fail;
    },
    set fail(value: boolean) {
      state.fail = value;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    queries: state.queries,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let database: TestDatabase;
let testApp: TestApp;
let rates: RatesStandIn;
let as: Api;
let owner: SignedInUser;
let editor: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  rates = await startRatesStandIn();
  database = await createTestDatabase();
  testApp = await buildTestApp({ databaseUrl: database.url, env: { RATES_URL: rates.url } });
  as = apiFor(testApp);
  [owner, editor, viewer, stranger] = await Promise.all([
    createSignedInUser(testApp, 'budget-owner'),
    createSignedInUser(testApp, 'budget-editor'),
    createSignedInUser(testApp, 'budget-viewer'),
    createSignedInUser(testApp, 'budget-stranger'),
  ]);
});

afterAll(async () => {
  await testApp?.close();
  await database?.drop();
  await rates?.close();
});

/** A trip in EUR shared with the editor and the viewer. */
async function euroTrip(): Promise<Itinerary> {
  const trip = await createItinerary(testApp, owner, { currency: 'EUR' });
  await addMember(testApp, trip.id, editor.id, 'editor');
  await addMember(testApp, trip.id, viewer.id, 'viewer');
  return trip;
}

const expensesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/expenses`;
const budgetUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/budget`;

function expenseBody(values: Record<string, unknown> = {}) {
  return {
    title: 'Dinner',
    amountMinor: 10_000,
    currency: 'EUR',
    date: '2027-05-01',
    category: 'food',
    paidBy: owner.id,
    split: { mode: 'equal', userIds: [owner.id, editor.id, viewer.id] },
    ...values,
  };
}

async function addExpense(
  trip: Itinerary,
  values: Record<string, unknown> = {},
  user = owner,
): Promise<Expense> {
  const response = await as(user, 'POST', expensesUrl(trip), { payload: expenseBody(values) });
  return expectStatus<Expense>(response, 201);
}

const summaryOf = async (trip: Itinerary, user = owner) =>
  expectStatus<BudgetSummary>(await as(user, 'GET', budgetUrl(trip)), 200);

describe('expenses and the budget summary', () => {
  it('splits equally, by shares and by exact amounts in another currency, and settles up', async () => {
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

  it('counts bookings and places as spent (not settled), other currencies apart', async () => {
    const trip = await euroTrip();
    const line = expectStatus<BudgetLine>(
      await as(editor, 'POST', `/api/itineraries/${trip.id}/budget-lines`, {
        payload: { category: 'transport', amountMinor: 50_000, label: 'Flights' },
      }),
      201,
    );
    expect(line).toMatchObject({ category: 'transport', amountMinor: 50_000, stageId: null });
    await createPlace(testApp, owner, trip.id, {
      costMinor: 1500,
      currency: 'EUR',
      day: '2027-05-03',
    });
    await createPlace(testApp, owner, trip.id, { costMinor: 2000, currency: 'USD' });
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

  it('fetches a missing rate from RATES_URL and keeps it, with its date', async () => {
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

  it('asks the rates server before the write’s transaction: a slow one holds no lock', async () => {
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

  it('leaves an expense unconverted once the trip currency changes, until a rate is given', async () => {
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

  it('sets the trip currency from its owner’s language when first needed', async () => {
    const trip = await createItinerary(testApp, owner);
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
    await createPlace(testApp, owner, trip.id, { costMinor: 1000, currency: 'JPY' });
    return trip;
  }

  it('brings bookings’ and places’ costs in a currency into the totals once it has a rate', async () => {
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

  it('fetches today’s rate from RATES_URL when none is given', async () => {
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

describe('validation', () => {
  it('names the field: amounts in minor units, exact splits, payers and people who are members', async () => {
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
  it('members read, editors write, viewers get 403, strangers 404', async () => {
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

  it('answers 409 with the current expense on a stale version, and deletes with the right one', async () => {
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
  it('keeps what a member paid and shares when they leave the trip or delete their account', async () => {
    const trip = await euroTrip();
    const [leaver, gone] = await Promise.all([
      createSignedInUser(testApp, 'budget-leaver'),
      createSignedInUser(testApp, 'budget-gone'),
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
