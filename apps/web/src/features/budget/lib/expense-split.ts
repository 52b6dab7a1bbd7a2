import { BUDGET_LIMITS, type Split, type SplitMode } from '@jammy/shared/budget';
import { parseNumber, type NumberFormat, type NumberProblem } from '@jammy/shared/typed-number';
import { readAmount, type AmountFieldProblem } from '../../../components/form/amount-field';

/** One person's shares of an expense: whole shares, at most BUDGET_LIMITS.shares. */
export const SHARES: NumberFormat = { decimals: 0, min: 0, max: BUDGET_LIMITS.shares };

/** How the expense form holds a split, every number as typed in the UI language. */
export type SplitDraft = {
  mode: SplitMode;
  currency: string;
  /** Equal: who shares it. */
  included: Record<string, boolean>;
  /** Shares: whole shares per person ("2"); '' or "0" for none. */
  shares: Record<string, string>;
  /** Exact: amounts per person ("12,50"); '' for none. */
  amounts: Record<string, string>;
};

/**
 * The split the draft describes, or what is wrong with it: the key of a message (namespace
 * `budget`), or the problem of each person's shares or exact amount that cannot be read.
 */
export function splitOf(
  draft: SplitDraft,
  people: { userId: string }[],
  amountMinor: number,
  language: string,
):
  | { split: Split }
  | { error: string }
  | { shares: Record<string, NumberProblem> }
  | { amounts: Record<string, AmountFieldProblem> } {
  if (draft.mode === 'equal') {
    const userIds = people.filter((p) => draft.included[p.userId]).map((p) => p.userId);
    return userIds.length > 0 ? { split: { mode: 'equal', userIds } } : { error: 'errors.nobody' };
  }
  if (draft.mode === 'shares') {
    const shares: { userId: string; shares: number }[] = [];
    const problems: Record<string, NumberProblem> = {};
    for (const person of people) {
      const value = draft.shares[person.userId] ?? '';
      if (value.trim() === '') continue;
      const read = parseNumber(value, language, SHARES);
      if (!read.ok) problems[person.userId] = read.problem;
      else if (read.value > 0) shares.push({ userId: person.userId, shares: read.value });
    }
    if (Object.keys(problems).length > 0) return { shares: problems };
    return shares.length > 0 ? { split: { mode: 'shares', shares } } : { error: 'errors.nobody' };
  }
  const amounts: { userId: string; amountMinor: number }[] = [];
  const problems: Record<string, AmountFieldProblem> = {};
  for (const person of people) {
    const value = draft.amounts[person.userId] ?? '';
    if (value.trim() === '') continue;
    const amount = readAmount(value, draft.currency, language);
    if (!amount.ok) problems[person.userId] = amount.problem;
    else if (amount.minor > 0) amounts.push({ userId: person.userId, amountMinor: amount.minor });
  }
  if (Object.keys(problems).length > 0) return { amounts: problems };
  if (amounts.length === 0) return { error: 'errors.nobody' };
  const sum = amounts.reduce((total, part) => total + part.amountMinor, 0);
  return sum === amountMinor ? { split: { mode: 'exact', amounts } } : { error: 'errors.exactSum' };
}
