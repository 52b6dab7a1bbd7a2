import {
  BOOKING_CATEGORY,
  BUDGET_CATEGORIES,
  type BudgetCategory,
  type BudgetSummary,
  type Split,
} from '@jammy/shared/budget';
import { MAX_AMOUNT_MINOR } from '@jammy/shared/fields-plain';
import { convertMinor, settleUp, splitByWeights } from '@jammy/shared/money';
import type { BudgetLineRow, ExpenseRow } from './budget.presenter';

/** A cost with no payer (a booking's or a place's), counted as spent but never settled. */
export interface Cost {
  source: 'booking' | 'place';
  /** The booking's kind (its category), null for a place (activities). */
  kind: string | null;
  stageId: string | null;
  amountMinor: number;
  currency: string | null;
  date: string | null;
}

export interface BudgetSources {
  currency: string | null;
  /** Members, then people no longer members (`former`) whom an expense names. */
  people: { userId: string; name: string; former: boolean }[];
  stages: { id: string; title: string }[];
  lines: BudgetLineRow[];
  expenses: ExpenseRow[];
  /** The trip's rates for the costs (bookings, places) in other currencies. */
  rates: { currency: string; rate: string; rateCurrency: string }[];
  costs: Cost[];
}

/** The weights a split divides an amount by (exact amounts: in proportion to them). */
function weightsOf(split: Split): { userId: string; weight: number }[] {
  if (split.mode === 'equal') return split.userIds.map((userId) => ({ userId, weight: 1 }));
  if (split.mode === 'shares') {
    return split.shares.map((part) => ({ userId: part.userId, weight: part.shares }));
  }
  return split.amounts.map((part) => ({ userId: part.userId, weight: part.amountMinor }));
}

/** Adds `amount` to the entry `key` of `map`. */
function add<K>(map: Map<K, number>, key: K, amount: number) {
  map.set(key, (map.get(key) ?? 0) + amount);
}

/**
 * The budget's summary, in minor units of the trip's currency. An expense counts with the
 * amount converted when it was recorded (only when that was into the trip's present
 * currency); a booking's or place's cost counts when it is in the trip's currency, or in a
 * currency the trip has a rate for into its present currency. Anything else is listed as
 * unconverted, per currency, and left out of every total: never guessed.
 * Each expense is split among its people by the largest remainder, so that every share is
 * a whole minor unit and the shares add up to the expense: the balances sum to zero.
 */
export function summarizeBudget(sources: BudgetSources): BudgetSummary {
  const { currency } = sources;
  const planned = new Map<BudgetCategory, number>();
  const spent = new Map<BudgetCategory, number>();
  const plannedByStage = new Map<string | null, number>();
  const spentByStage = new Map<string | null, number>();
  const byDay = new Map<string, number>();
  const unconverted = new Map<string, number>();
  const unconvertedCosts = new Map<string, number>();
  const paid = new Map<string, number>();
  const owed = new Map<string, number>();

  for (const line of sources.lines) {
    add(planned, line.category as BudgetCategory, line.amountMinor);
    add(plannedByStage, line.stageId, line.amountMinor);
  }

  const spend = (
    category: BudgetCategory,
    stageId: string | null,
    date: string | null,
    amount: number,
  ) => {
    add(spent, category, amount);
    add(spentByStage, stageId, amount);
    if (date) add(byDay, date, amount);
  };

  for (const row of sources.expenses) {
    const converted =
      currency !== null && row.rateCurrency === currency ? row.convertedMinor : null;
    if (converted === null) {
      add(unconverted, row.currency, row.amountMinor);
      continue;
    }
    spend(row.category as BudgetCategory, row.stageId, row.date, converted);
    add(paid, row.paidBy, converted);
    const weights = weightsOf(row.split);
    if (converted === 0 || weights.every((part) => part.weight === 0)) continue;
    const shares = splitByWeights(
      converted,
      weights.map((part) => part.weight),
    );
    weights.forEach((part, index) => add(owed, part.userId, shares[index] ?? 0));
  }

  const rates = new Map(
    sources.rates
      .filter((rate) => currency !== null && rate.rateCurrency === currency)
      .map((rate) => [rate.currency, rate.rate]),
  );
  for (const cost of sources.costs) {
    if (!cost.currency) continue;
    const rate = rates.get(cost.currency);
    const converted =
      cost.currency === currency
        ? cost.amountMinor
        : currency !== null && rate !== undefined
          ? convertMinor(cost.amountMinor, cost.currency, currency, rate)
          : null;
    // Beyond the largest amount, a sum could no longer be exact: left out, and shown as such.
    if (converted === null || converted > MAX_AMOUNT_MINOR) {
      add(unconverted, cost.currency, cost.amountMinor);
      add(unconvertedCosts, cost.currency, cost.amountMinor);
      continue;
    }
    const category =
      cost.source === 'place' ? 'activities' : (BOOKING_CATEGORY[cost.kind ?? ''] ?? 'other');
    spend(category, cost.stageId, cost.date, converted);
  }

  const known = new Map(sources.people.map((person) => [person.userId, person]));
  for (const userId of [...paid.keys(), ...owed.keys()]) {
    if (!known.has(userId)) known.set(userId, { userId, name: '', former: true });
  }
  const people = [...known.values()].map(({ userId, name, former }) => {
    const paidMinor = paid.get(userId) ?? 0;
    const owedMinor = owed.get(userId) ?? 0;
    return { userId, name, former, paidMinor, owedMinor, balanceMinor: paidMinor - owedMinor };
  });

  const stageRows = [
    ...sources.stages.map((row) => ({ stageId: row.id as string | null, title: row.title })),
    { stageId: null, title: null },
  ]
    .map((row) => ({
      ...row,
      plannedMinor: plannedByStage.get(row.stageId) ?? 0,
      spentMinor: spentByStage.get(row.stageId) ?? 0,
    }))
    .filter((row) => row.stageId !== null || row.plannedMinor > 0 || row.spentMinor > 0);

  const categories = BUDGET_CATEGORIES.map((category) => ({
    category,
    plannedMinor: planned.get(category) ?? 0,
    spentMinor: spent.get(category) ?? 0,
  }));

  return {
    currency,
    totals: {
      plannedMinor: categories.reduce((sum, row) => sum + row.plannedMinor, 0),
      spentMinor: categories.reduce((sum, row) => sum + row.spentMinor, 0),
    },
    categories,
    stages: stageRows,
    people,
    days: [...byDay]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([date, spentMinor]) => ({ date, spentMinor })),
    transfers: settleUp(
      people.map((person) => ({ userId: person.userId, balanceMinor: person.balanceMinor })),
    ),
    unconverted: [...unconverted]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, amountMinor]) => ({
        currency: code,
        amountMinor,
        costsMinor: unconvertedCosts.get(code) ?? 0,
      })),
  };
}
