import type { BudgetCategory, CreateExpense, Expense } from '@jammy/shared/budget';
import { formatAmountInput } from '@jammy/shared/amount';
import { formatNumberField, type NumberProblem } from '@jammy/shared/typed-number';
import {
  minorUnitsOf,
  readAmount,
  type AmountFieldProblem,
} from '../../../components/form/amount-field';
import type { FieldMessages } from '../../../components/form/use-form';
import { defaultExpenseDate, localDay } from './expense-date';
import { SHARES, splitOf, type SplitDraft } from './expense-split';

/** The expense form's values: what is typed, as typed, and how a saved expense fills them. */

export interface Person {
  userId: string;
  name: string;
}

export type Draft = SplitDraft & {
  title: string;
  /** As typed in the UI language ("120,00"). */
  amount: string;
  rate: string;
  date: string;
  category: BudgetCategory;
  stageId: string;
  paidBy: string;
};

/** The expense form's words for the shared schema's problems (namespace `budget`). */
export const EXPENSE_MESSAGES: FieldMessages<keyof Draft> = {
  title: { required: 'errors.title' },
  amount: { invalid: 'errors.amount' },
  rate: { required: 'errors.rate', invalid: 'errors.rate' },
  date: { required: 'errors.date', invalid: 'errors.date' },
  paidBy: { required: 'errors.paidBy', invalid: 'errors.paidBy' },
  // The split as a whole (who shares it, how), under the list of people.
  mode: { tooShort: 'errors.nobody', invalid: 'errors.exactSum' },
};

/** The body's minor units are the typed amount; its split is made from the split's fields. */
export const EXPENSE_FIELDS_OF_BODY = { amountMinor: 'amount', split: 'mode' } as const;

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

/**
 * What must read before the expense has a body (the rest is the shared schema's to check): its
 * amount as typed in `language`, then its split — each person's shares or amount, and whether
 * they make a split (a message key, namespace `budget`).
 */
export function typedProblems(
  draft: Draft,
  people: Person[],
  language: string,
): {
  amount?: AmountFieldProblem;
  split?: string;
  shares?: Record<string, NumberProblem>;
  amounts?: Record<string, AmountFieldProblem>;
} {
  const amount = readAmount(draft.amount, draft.currency, language);
  if (!amount.ok) return { amount: amount.problem };
  const split = splitOf(draft, people, amount.minor, language);
  if ('error' in split) return { split: split.error };
  if ('shares' in split) return { shares: split.shares };
  if ('amounts' in split) return { amounts: split.amounts };
  return {};
}

/**
 * The request body of a draft whose amount and split `typedProblems` passed; the rate only for
 * an expense in another currency than the trip's, and only when one is typed.
 */
export function bodyOf(
  draft: Draft,
  people: Person[],
  tripCurrency: string,
  language: string,
): CreateExpense {
  const amountMinor = minorUnitsOf(draft.amount, draft.currency, language);
  const split = amountMinor === null ? null : splitOf(draft, people, amountMinor, language);
  if (amountMinor === null || !split || !('split' in split)) {
    throw new RangeError('The amount and split were not checked before they were sent');
  }
  const rate = draft.currency !== tripCurrency ? draft.rate.trim() : '';
  return {
    title: draft.title.trim(),
    amountMinor,
    currency: draft.currency,
    date: draft.date,
    category: draft.category,
    stageId: draft.stageId || null,
    paidBy: draft.paidBy,
    split: split.split,
    ...(rate ? { rate } : {}),
  };
}
