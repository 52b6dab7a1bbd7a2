import {
  budgetLineSchema,
  budgetRateSchema,
  budgetSummarySchema,
  createBudgetLineSchema,
  createBudgetRateSchema,
  createExpenseSchema,
  expenseSchema,
  splitProblem,
  splitUserIds,
  updateBudgetLineSchema,
  updateBudgetRateSchema,
  updateExpenseSchema,
  type Split,
} from '@jammy/shared/budget';
import { MAX_AMOUNT_MINOR } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import { convertMinor } from '@jammy/shared/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db, Executor } from '../../db/client';
import { budgetLine, budgetRate, expense } from '../../db/schema/budget';
import { replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { authorize } from '../itineraries/access';
import { childRoutes } from '../itineraries/child-routes';
import { stages } from '../itineraries/content.repository';
import { rowStore } from '../itineraries/row-store';
import {
  ensureTripCurrency,
  expectedTripCurrency,
  findBudgetRate,
  listBudgetLines,
  listBudgetRates,
  listExpenses,
  loadBudgetSources,
  memberIds,
} from './budget.repository';
import {
  presentBudgetLine,
  presentBudgetRate,
  presentExpense,
  type BudgetRateRow,
  type ExpenseRow,
} from './budget.presenters';
import { summarizeBudget } from './budget-summary';
import { fetchRate, type FetchedRate } from './rates';

export const expenses = rowStore(expense, { scope: expense.itineraryId });
export const budgetLines = rowStore(budgetLine, { scope: budgetLine.itineraryId });
export const budgetRates = rowStore(budgetRate, { scope: budgetRate.itineraryId });

async function checkStage(tx: Executor, itineraryId: string, stageId: string | null | undefined) {
  if (stageId && !(await stages.find(tx, itineraryId, stageId))) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
}

/**
 * The payer and everyone in the split must be members of the trip (400 naming the field),
 * except the people the expense already named (`kept`): a former member stays in it.
 */
async function checkPeople(
  tx: Executor,
  itineraryId: string,
  paidBy: string,
  split: Split,
  kept?: ExpenseRow,
) {
  const members = await memberIds(tx, itineraryId);
  if (kept) {
    members.add(kept.paidBy);
    for (const userId of splitUserIds(kept.split)) members.add(userId);
  }
  if (!members.has(paidBy)) throw invalidField('paidBy', 'is not a member of this itinerary');
  if (splitUserIds(split).some((userId) => !members.has(userId))) {
    throw invalidField('split', 'names someone who is not a member of this itinerary');
  }
}

type RateFields = Pick<
  ExpenseRow,
  'rate' | 'rateDate' | 'rateSource' | 'rateCurrency' | 'convertedMinor'
>;

interface RateQuery {
  from: string;
  to: string;
  date: string;
}

/** A rate asked of RATES_URL before the write's transaction: the answer, or null if it failed. */
interface PrefetchedRate {
  query: RateQuery;
  answer: FetchedRate | null;
}

interface ExpenseValues {
  amountMinor: number;
  currency: string;
  date: string;
}

/**
 * The rate that must be looked up for an expense, or null when none is needed: the same
 * currency as the trip's, a rate given, or one kept (same currency, same trip currency).
 */
function rateToFetch(
  tripCurrency: string,
  { currency, date }: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
): RateQuery | null {
  if (currency === tripCurrency || given) return null;
  if (given === undefined && kept?.rate && kept.rateCurrency === tripCurrency) return null;
  return { from: currency, to: tripCurrency, date };
}

/**
 * Asks RATES_URL, before the write's transaction opens (never under the itinerary's lock),
 * for the rate the write will need, if any. A failure is kept as such: the write then
 * answers 400 naming `rate`.
 */
async function prefetchRate(
  ratesUrl: string | undefined,
  tripCurrency: string,
  values: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
): Promise<PrefetchedRate | undefined> {
  const query = rateToFetch(tripCurrency, values, given, kept);
  if (!query || !ratesUrl) return undefined;
  try {
    return { query, answer: await fetchRate(ratesUrl, query) };
  } catch {
    return { query, answer: null };
  }
}

/**
 * The rate of an expense to the trip's currency and the converted amount: 1 when the
 * currencies are the same; else the rate given, or the one kept (same currency, same trip
 * currency), or the one fetched from RATES_URL for the expense's day before the transaction;
 * else 400 naming `rate`. Runs in the transaction and asks no other server.
 */
function rateFields(
  ratesUrl: string | undefined,
  tripCurrency: string,
  expenseValues: ExpenseValues,
  given: string | null | undefined,
  kept: RateFields | null,
  prefetched: PrefetchedRate | undefined,
): RateFields {
  const { amountMinor, currency, date } = expenseValues;
  if (currency === tripCurrency) {
    return {
      rate: '1',
      rateDate: date,
      rateSource: 'same',
      rateCurrency: tripCurrency,
      convertedMinor: amountMinor,
    };
  }
  let rate: Pick<RateFields, 'rate' | 'rateDate' | 'rateSource'>;
  const query = rateToFetch(tripCurrency, expenseValues, given, kept);
  if (given) {
    rate = { rate: given, rateDate: date, rateSource: 'entered' };
  } else if (!query && kept) {
    rate = kept;
  } else if (ratesUrl) {
    // Fetched for this very question before the transaction (the trip's currency may have
    // been set or changed since: then the answer is for another one and is not used).
    const answer =
      query &&
      prefetched?.query.from === query.from &&
      prefetched.query.to === query.to &&
      prefetched.query.date === query.date
        ? prefetched.answer
        : null;
    if (!answer) {
      throw invalidField(
        'rate',
        `could not be fetched for ${currency} to ${tripCurrency}: enter it`,
      );
    }
    rate = { rate: answer.rate, rateDate: answer.date, rateSource: 'fetched' };
  } else {
    throw invalidField('rate', `is needed to convert ${currency} to the trip's ${tripCurrency}`);
  }
  const convertedMinor = convertMinor(amountMinor, currency, tripCurrency, rate.rate ?? '1');
  if (convertedMinor > MAX_AMOUNT_MINOR) {
    throw invalidField(
      'rate',
      `makes the amount larger than ${MAX_AMOUNT_MINOR} in ${tripCurrency}`,
    );
  }
  return { ...rate, rateCurrency: tripCurrency, convertedMinor };
}

/** Today in UTC, the day a rate given or fetched now is of. */
function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The fields of a trip's rate for costs in `currency`: the rate given, or the one fetched
 * from RATES_URL before the transaction (today's), as for an expense; else 400 naming `rate`.
 */
function tripRateFields(
  ratesUrl: string | undefined,
  tripCurrency: string,
  currency: string,
  given: string | undefined,
  prefetched: PrefetchedRate | undefined,
): Pick<BudgetRateRow, 'rate' | 'rateDate' | 'rateSource' | 'rateCurrency'> {
  if (currency === tripCurrency) {
    throw invalidField('currency', `is the trip's currency: its costs need no rate`);
  }
  if (given) {
    return { rate: given, rateDate: today(), rateSource: 'entered', rateCurrency: tripCurrency };
  }
  if (!ratesUrl) {
    throw invalidField('rate', `is needed to convert ${currency} to the trip's ${tripCurrency}`);
  }
  const answer =
    prefetched?.query.from === currency && prefetched.query.to === tripCurrency
      ? prefetched.answer
      : null;
  if (!answer) {
    throw invalidField('rate', `could not be fetched for ${currency} to ${tripCurrency}: enter it`);
  }
  return {
    rate: answer.rate,
    rateDate: answer.date,
    rateSource: 'fetched',
    rateCurrency: tripCurrency,
  };
}

/** Expenses, planned budget lines and the budget's summary of a trip. */
export function budgetRoutes(
  app: FastifyInstance,
  deps: { db: Db; sessions: Sessions; ratesUrl?: string },
) {
  const { db, sessions, ratesUrl } = deps;

  childRoutes(app, deps, {
    tag: 'budget',
    noun: 'expense',
    path: '/api/itineraries/:id/expenses',
    idParam: 'expenseId',
    store: expenses,
    scopeKey: 'itineraryId',
    notFound: () => new AppError('expense/not-found', 'There is no such expense in this itinerary'),
    schema: expenseSchema,
    present: presentExpense,
    event: 'expense',
    describe: (row) => ({ expenseId: row.id, title: row.title }),
    list: {
      summary: 'Expenses, newest day first',
      load: async ({ itineraryId }) => (await listExpenses(db, itineraryId)).map(presentExpense),
    },
    create: {
      summary: 'Record an expense (its rate to the trip currency is kept with it)',
      body: createExpenseSchema,
      prepare: async (input, { itinerary }) =>
        prefetchRate(ratesUrl, await expectedTripCurrency(db, itinerary), input, input.rate, null),
      values: async (tx, input, { itinerary }, prefetched) => {
        const { rate, ...values } = input;
        await checkStage(tx, itinerary.id, values.stageId);
        await checkPeople(tx, itinerary.id, values.paidBy, values.split);
        const tripCurrency = await ensureTripCurrency(tx, itinerary);
        return {
          ...values,
          stageId: values.stageId ?? null,
          itineraryId: itinerary.id,
          ...rateFields(ratesUrl, tripCurrency, values, rate, null, prefetched),
        };
      },
    },
    update: {
      summary: 'Change an expense',
      body: updateExpenseSchema,
      prepare: async (changes, current, { itinerary }) => {
        const { rate, ...rest } = changes;
        if (rest.amountMinor === undefined && rest.currency === undefined && rate === undefined) {
          return undefined;
        }
        const sameCurrency = rest.currency === undefined || rest.currency === current.currency;
        return prefetchRate(
          ratesUrl,
          await expectedTripCurrency(db, itinerary),
          { ...current, ...rest },
          rate,
          sameCurrency ? current : null,
        );
      },
      values: async (tx, changes, current, { itinerary }, prefetched) => {
        const { rate, ...rest } = changes;
        const merged = { ...current, ...rest };
        await checkStage(tx, itinerary.id, rest.stageId);
        if (rest.paidBy !== undefined || rest.split !== undefined) {
          await checkPeople(tx, itinerary.id, merged.paidBy, merged.split, current);
        }
        const problem = splitProblem(merged.split, merged.amountMinor);
        if (problem) throw invalidField(problem[0], problem[1]);
        // A change of the title, date, category, stage or people keeps the stored rate as
        // it is (even one to a former trip currency: that expense stays unconverted).
        if (rest.amountMinor === undefined && rest.currency === undefined && rate === undefined) {
          return rest;
        }
        const tripCurrency = await ensureTripCurrency(tx, itinerary);
        const sameCurrency = rest.currency === undefined || rest.currency === current.currency;
        return {
          ...rest,
          ...rateFields(
            ratesUrl,
            tripCurrency,
            merged,
            rate,
            sameCurrency ? current : null,
            prefetched,
          ),
        };
      },
    },
    remove: { summary: 'Delete an expense' },
  });

  childRoutes(app, deps, {
    tag: 'budget',
    noun: 'budget line',
    path: '/api/itineraries/:id/budget-lines',
    idParam: 'lineId',
    store: budgetLines,
    scopeKey: 'itineraryId',
    notFound: () =>
      new AppError('budget-line/not-found', 'There is no such budget line in this itinerary'),
    schema: budgetLineSchema,
    present: presentBudgetLine,
    event: 'budget-line',
    describe: (row) => ({ lineId: row.id, title: row.label, category: row.category }),
    list: {
      summary: 'Planned amounts per category (and stage), in the trip currency',
      load: async ({ itineraryId }) =>
        (await listBudgetLines(db, itineraryId)).map(presentBudgetLine),
    },
    create: {
      summary: 'Plan an amount for a category (in the trip currency)',
      body: createBudgetLineSchema,
      values: async (tx, input, { itinerary }) => {
        await checkStage(tx, itinerary.id, input.stageId);
        await ensureTripCurrency(tx, itinerary);
        return { ...input, stageId: input.stageId ?? null, itineraryId: itinerary.id };
      },
    },
    update: {
      summary: 'Change a planned amount',
      body: updateBudgetLineSchema,
      values: async (tx, changes, _current, { itinerary }) => {
        await checkStage(tx, itinerary.id, changes.stageId);
        return changes;
      },
    },
    remove: { summary: 'Delete a planned amount' },
  });

  childRoutes(app, deps, {
    tag: 'budget',
    noun: 'budget rate',
    path: '/api/itineraries/:id/budget-rates',
    idParam: 'rateId',
    store: budgetRates,
    scopeKey: 'itineraryId',
    notFound: () =>
      new AppError('budget-rate/not-found', 'There is no such budget rate in this itinerary'),
    schema: budgetRateSchema,
    present: presentBudgetRate,
    event: 'budget-rate',
    describe: (row) => ({ rateId: row.id, title: row.currency }),
    list: {
      summary: "The trip's rates for costs of bookings and places in other currencies",
      load: async ({ itineraryId }) =>
        (await listBudgetRates(db, itineraryId)).map(presentBudgetRate),
    },
    create: {
      summary:
        "Give the rate of a currency that bookings' and places' costs are in (or fetch today's)",
      body: createBudgetRateSchema,
      prepare: async (input, { itinerary }) =>
        prefetchRate(
          ratesUrl,
          await expectedTripCurrency(db, itinerary),
          { amountMinor: 0, currency: input.currency, date: today() },
          input.rate,
          null,
        ),
      values: async (tx, input, { itinerary }, prefetched) => {
        const tripCurrency = await ensureTripCurrency(tx, itinerary);
        // One rate per currency (checked under the itinerary's lock): the one there is changed.
        if (await findBudgetRate(tx, itinerary.id, input.currency)) {
          throw invalidField('currency', 'has a rate in this itinerary already: change that one');
        }
        return {
          itineraryId: itinerary.id,
          currency: input.currency,
          ...tripRateFields(ratesUrl, tripCurrency, input.currency, input.rate, prefetched),
        };
      },
    },
    update: {
      summary: "Change a rate (or fetch today's), into the trip's present currency",
      body: updateBudgetRateSchema,
      prepare: async (changes, current, { itinerary }) =>
        prefetchRate(
          ratesUrl,
          await expectedTripCurrency(db, itinerary),
          { amountMinor: 0, currency: current.currency, date: today() },
          changes.rate,
          null,
        ),
      values: async (tx, changes, current, { itinerary }, prefetched) => {
        const tripCurrency = await ensureTripCurrency(tx, itinerary);
        return tripRateFields(ratesUrl, tripCurrency, current.currency, changes.rate, prefetched);
      },
    },
    remove: { summary: 'Delete a rate (its costs are left out of the totals again)' },
  });

  app.get(
    '/api/itineraries/:id/budget',
    {
      schema: {
        tags: ['budget'],
        summary:
          'Planned and spent per category, stage and day, who paid and owes what, and the transfers that settle up',
        params: z.object({ id: idSchema }),
        response: replies({ 200: budgetSummarySchema }, [401, 404]),
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { user } = await requireSession(sessions, request);
      const access = await authorize(db, id, user.id, 'read');
      return summarizeBudget(await loadBudgetSources(db, access.itinerary));
    },
  );
}
