import {
  splitProblem,
  splitUserIds,
  type createExpenseSchema,
  type Split,
  type updateExpenseSchema,
} from '@jammy/shared/budget';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Caller } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { authorizedRow, checkStage } from '../itineraries/child-rows';
import {
  ensureTripCurrency,
  expectedTripCurrency,
  expenses,
  listExpenses,
  memberIds,
} from './budget.repository';
import { presentExpense, type ExpenseRow } from './budget.presenter';
import { prefetchRate, rateFields } from './rates';

type NewExpense = z.output<typeof createExpenseSchema>;
type ExpenseChanges = Omit<z.output<typeof updateExpenseSchema>, 'version'>;

const expenseNotFound = () =>
  new AppError('expense/not-found', 'There is no such expense in this itinerary');

const expenseEvent = (row: ExpenseRow) => ({ expenseId: row.id, title: row.title });

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

/** A write that matched no row: 409 with the expense as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, expenseId: string): Promise<AppError> {
  const fresh = await expenses.find(db, caller.itineraryId, expenseId);
  return fresh ? conflict(presentExpense(fresh)) : expenseNotFound();
}

/** The expenses of a trip, newest day first, for a member. */
export async function readExpenses(db: Db, caller: Caller): Promise<ExpenseRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return listExpenses(db, caller.itineraryId);
}

export function readExpense(db: Db, caller: Caller, expenseId: string): Promise<ExpenseRow> {
  return authorizedRow(db, caller, 'read', expenses, expenseId, expenseNotFound);
}

/**
 * Records an expense with its rate to the trip's currency (which the trip gets now if it has
 * none yet). A rate to look up is asked of RATES_URL before the write's transaction opens, so
 * the itinerary is never held while another server answers; who asks is checked before that.
 */
export async function createExpense(
  db: Db,
  caller: Caller,
  input: NewExpense,
  ratesUrl: string | undefined,
): Promise<ExpenseRow> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const trip = { id: caller.itineraryId };
  const { rate, ...values } = input;
  const prefetched = await prefetchRate(
    ratesUrl,
    await expectedTripCurrency(db, trip),
    input,
    rate,
    null,
  );
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      await checkStage(tx, trip.id, values.stageId);
      await checkPeople(tx, trip.id, values.paidBy, values.split);
      const tripCurrency = await ensureTripCurrency(tx, trip);
      return expenses.insert(tx, {
        ...values,
        stageId: values.stageId ?? null,
        itineraryId: trip.id,
        ...rateFields(ratesUrl, tripCurrency, values, rate, null, prefetched),
      });
    },
    (created) => ({ kind: 'expense.created', data: expenseEvent(created) }),
    { shared: true },
  );
}

/**
 * Changes an expense. A change of the title, date, category, stage or people keeps the stored
 * rate as it is (even one to a former trip currency: that expense stays unconverted); a new
 * amount, currency or rate is converted again, with a rate looked up before the transaction.
 */
export async function changeExpense(
  db: Db,
  caller: Caller,
  expenseId: string,
  changes: ExpenseChanges,
  expectedVersion: number | undefined,
  ratesUrl: string | undefined,
): Promise<ExpenseRow> {
  const expense = await authorizedRow(db, caller, 'write', expenses, expenseId, expenseNotFound);
  const trip = { id: caller.itineraryId };
  const { rate, ...rest } = changes;
  const reconverted =
    rest.amountMinor !== undefined || rest.currency !== undefined || rate !== undefined;
  const sameCurrency = rest.currency === undefined || rest.currency === expense.currency;
  const prefetched = reconverted
    ? await prefetchRate(
        ratesUrl,
        await expectedTripCurrency(db, trip),
        { ...expense, ...rest },
        rate,
        sameCurrency ? expense : null,
      )
    : undefined;
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      const merged = { ...expense, ...rest };
      await checkStage(tx, trip.id, rest.stageId);
      if (rest.paidBy !== undefined || rest.split !== undefined) {
        await checkPeople(tx, trip.id, merged.paidBy, merged.split, expense);
      }
      const problem = splitProblem(merged.split, merged.amountMinor);
      if (problem) throw invalidField(problem[0], problem[1]);
      if (!reconverted) {
        return expenses.update(tx, trip.id, expense.id, rest, expectedVersion);
      }
      const tripCurrency = await ensureTripCurrency(tx, trip);
      const converted = rateFields(
        ratesUrl,
        tripCurrency,
        merged,
        rate,
        sameCurrency ? expense : null,
        prefetched,
      );
      return expenses.update(tx, trip.id, expense.id, { ...rest, ...converted }, expectedVersion);
    },
    (updated) => ({
      kind: 'expense.updated',
      data: { ...expenseEvent(updated), fields: Object.keys(changes) },
    }),
    { shared: true },
  );
  if (!changed) throw await missed(db, caller, expense.id);
  return changed;
}

export async function deleteExpense(
  db: Db,
  caller: Caller,
  expenseId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const expense = await authorizedRow(db, caller, 'write', expenses, expenseId, expenseNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => expenses.remove(tx, caller.itineraryId, expense.id, expectedVersion),
    () => ({ kind: 'expense.deleted', data: expenseEvent(expense) }),
    { shared: true },
  );
  if (!deleted) throw await missed(db, caller, expense.id);
}
