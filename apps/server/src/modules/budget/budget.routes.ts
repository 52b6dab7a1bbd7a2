import {
  budgetLineSchema,
  budgetSummarySchema,
  createBudgetLineSchema,
  createExpenseSchema,
  expenseSchema,
  splitProblem,
  splitUserIds,
  updateBudgetLineSchema,
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
import { budgetLine, expense } from '../../db/schema/budget';
import { replies } from '../../lib/contract';
import { AppError, invalidField } from '../../lib/errors';
import { authorize } from '../itineraries/access';
import { childRoutes } from '../itineraries/child-routes';
import { stages } from '../itineraries/content.routes';
import { rowStore } from '../itineraries/row-store';
import {
  ensureTripCurrency,
  listBudgetLines,
  listExpenses,
  loadBudgetSources,
  memberIds,
} from './budget.repository';
import { presentBudgetLine, presentExpense, type ExpenseRow } from './budget.presenters';
import { summarizeBudget } from './budget-summary';
import { fetchRate } from './rates';

export const expenses = rowStore(expense, { scope: expense.itineraryId });
export const budgetLines = rowStore(budgetLine, { scope: budgetLine.itineraryId });

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

/**
 * The rate of an expense to the trip's currency and the converted amount: 1 when the
 * currencies are the same; else the rate given, or the one kept (same currency, same trip
 * currency), or one fetched from RATES_URL for the expense's day; else 400 naming `rate`.
 */
async function rateFields(
  ratesUrl: string | undefined,
  tripCurrency: string,
  expenseValues: { amountMinor: number; currency: string; date: string },
  given: string | null | undefined,
  kept: RateFields | null,
): Promise<RateFields> {
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
  if (given) {
    rate = { rate: given, rateDate: date, rateSource: 'entered' };
  } else if (given === undefined && kept?.rate && kept.rateCurrency === tripCurrency) {
    rate = kept;
  } else if (ratesUrl) {
    try {
      const fetched = await fetchRate(ratesUrl, { from: currency, to: tripCurrency, date });
      rate = { rate: fetched.rate, rateDate: fetched.date, rateSource: 'fetched' };
    } catch {
      throw invalidField(
        'rate',
        `could not be fetched for ${currency} to ${tripCurrency}: enter it`,
      );
    }
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
      values: async (tx, input, { itinerary }) => {
        const { rate, ...values } = input;
        await checkStage(tx, itinerary.id, values.stageId);
        await checkPeople(tx, itinerary.id, values.paidBy, values.split);
        const tripCurrency = await ensureTripCurrency(tx, itinerary);
        return {
          ...values,
          stageId: values.stageId ?? null,
          itineraryId: itinerary.id,
          ...(await rateFields(ratesUrl, tripCurrency, values, rate, null)),
        };
      },
    },
    update: {
      summary: 'Change an expense',
      body: updateExpenseSchema,
      values: async (tx, changes, current, { itinerary }) => {
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
          ...(await rateFields(
            ratesUrl,
            tripCurrency,
            merged,
            rate,
            sameCurrency ? current : null,
          )),
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
