import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BudgetSummary, Expense } from '@jammy/shared/budget';
import type { Itinerary } from '@jammy/shared/itineraries';
import { afterAll } from 'vitest';
import { callsTo, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';

/** A rates server on loopback: answers as RATES_URL must, or fails when told to. */
export interface RatesStandIn {
  url: string;
  fail: boolean;
  /** How long it waits before answering. */
  delayMs: number;
  queries: URLSearchParams[];
  close(): Promise<void>;
}

export async function startRatesStandIn(): Promise<RatesStandIn> {
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

export let testApp: TestServer;
export let rates: RatesStandIn;
export let owner: Traveller;
export let editor: Traveller;
export let viewer: Traveller;
export let stranger: Traveller;

/** A request as `user` (anonymous when null). */
export const as = callsTo(() => testApp);

/** A trip in EUR shared with the editor and the viewer. */
export async function euroTrip(): Promise<Itinerary> {
  const trip = await createItinerary(owner, { currency: 'EUR' });
  await addMember(testApp, trip.id, editor.id, 'editor');
  await addMember(testApp, trip.id, viewer.id, 'viewer');
  return trip;
}

export const expensesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/expenses`;
export const budgetUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/budget`;

export function expenseBody(values: Record<string, unknown> = {}) {
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

export async function addExpense(
  trip: Itinerary,
  values: Record<string, unknown> = {},
  user = owner,
): Promise<Expense> {
  const response = await as(user, 'POST', expensesUrl(trip), { payload: expenseBody(values) });
  return expectStatus<Expense>(response, 201);
}

export const summaryOf = async (trip: Itinerary, user = owner) =>
  expectStatus<BudgetSummary>(await as(user, 'GET', budgetUrl(trip)), 200);

/**
 * The tests of a budget file: the server reads rates from a stand-in started before it, and the
 * users are made before the file's first test.
 */
export function budgetTest() {
  const test = serverTest(async () => {
    rates = await startRatesStandIn();
    return { mail: 'outbox', env: { RATES_URL: rates.url } };
  });
  test.beforeAll(async ({ server }) => {
    testApp = server;
    [owner, editor, viewer, stranger] = await Promise.all([
      server.traveller({ label: 'budget-owner' }),
      server.traveller({ label: 'budget-editor' }),
      server.traveller({ label: 'budget-viewer' }),
      server.traveller({ label: 'budget-stranger' }),
    ]);
  });
  afterAll(async () => {
    await rates?.close();
  });
  return test;
}
