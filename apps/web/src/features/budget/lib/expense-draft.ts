import type { BudgetCategory, Expense } from '@jammy/shared/budget';
import { formatAmountInput } from '@jammy/shared/amount';
import { formatNumberField, type NumberProblem } from '@jammy/shared/typed-number';
import type { AmountFieldProblem } from '../../../components/form/amount-field';
import { ApiError } from '../../../lib/api-client';
import { defaultExpenseDate, localDay } from './expense-date';
import { SHARES, type SplitDraft } from './expense-split';

/** The expense form's state: what is typed, as typed, and how a saved expense fills it. */

export interface Person {
  userId: string;
  name: string;
}

export interface Draft extends SplitDraft {
  title: string;
  /** As typed in the UI language ("120,00"). */
  amount: string;
  rate: string;
  date: string;
  category: BudgetCategory;
  stageId: string;
  paidBy: string;
}

/**
 * Translation keys (namespace `budget`); an amount's own problems are the amount field's, a
 * number's the number field's.
 */
export type Errors = Partial<Record<'title' | 'rate' | 'date' | 'split' | 'paidBy', string>> & {
  amount?: string | { problem: AmountFieldProblem };
  /** Split by shares: the problem of each person's shares. */
  shares?: Record<string, NumberProblem>;
  /** Exact split: the problem of each person's amount. */
  amounts?: Record<string, AmountFieldProblem>;
};

/** The trip's dates, which the date of a new expense starts within. */
export interface TripDates {
  startDate: string | null;
  endDate: string | null;
}

export function draftOf(
  expense: Expense | null,
  people: Person[],
  tripCurrency: string,
  me: string,
  trip: TripDates,
  language: string,
): Draft {
  const everyone = Object.fromEntries(people.map((person) => [person.userId, true]));
  const ones = Object.fromEntries(people.map((person) => [person.userId, '1']));
  const empty = Object.fromEntries(people.map((person) => [person.userId, '']));
  if (!expense) {
    return {
      title: '',
      amount: '',
      currency: tripCurrency,
      rate: '',
      date: defaultExpenseDate(trip, localDay(new Date())),
      category: 'food',
      stageId: '',
      paidBy: people.some((person) => person.userId === me) ? me : (people[0]?.userId ?? ''),
      mode: 'equal',
      included: everyone,
      shares: ones,
      amounts: empty,
    };
  }
  const { split } = expense;
  return {
    title: expense.title,
    amount: formatAmountInput(expense.amountMinor, expense.currency, language),
    currency: expense.currency,
    rate: expense.rateSource === 'entered' ? (expense.rate ?? '') : '',
    date: expense.date,
    category: expense.category,
    stageId: expense.stageId ?? '',
    paidBy: expense.paidBy,
    mode: split.mode,
    included:
      split.mode === 'equal'
        ? Object.fromEntries(people.map((p) => [p.userId, split.userIds.includes(p.userId)]))
        : everyone,
    shares:
      split.mode === 'shares'
        ? {
            ...Object.fromEntries(people.map((p) => [p.userId, '0'])),
            ...Object.fromEntries(
              split.shares.map((part) => [
                part.userId,
                formatNumberField(part.shares, language, SHARES.decimals),
              ]),
            ),
          }
        : ones,
    amounts:
      split.mode === 'exact'
        ? {
            ...empty,
            ...Object.fromEntries(
              split.amounts.map((part) => [
                part.userId,
                formatAmountInput(part.amountMinor, expense.currency, language),
              ]),
            ),
          }
        : empty,
  };
}

/** The server's field errors of a 400, as this form's fields. */
export function serverErrors(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || error.code !== 'request/invalid') return null;
  const issues = (error.details as { issues?: { field: string }[] } | undefined)?.issues ?? [];
  const errors: Errors = {};
  for (const { field } of issues) {
    if (field === 'title') errors.title = 'errors.invalid';
    else if (field === 'amountMinor') errors.amount = 'errors.amount';
    else if (field === 'rate') errors.rate = 'errors.rate';
    else if (field === 'date') errors.date = 'errors.date';
    else if (field === 'paidBy') errors.paidBy = 'errors.paidBy';
    else if (field.startsWith('split')) errors.split = 'errors.exactSum';
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
