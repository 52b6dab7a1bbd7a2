import { currencyExponent } from './fields';

/**
 * Money arithmetic of the budget, on integers only (docs/decisions/016-budget.md). Amounts
 * are integers of a currency's minor unit; a conversion rate is an exact decimal string
 * ("0.00612"); every division rounds by a stated rule, and a total split into parts is
 * split so that the parts add up to the total exactly.
 */

/** Most digits a rate may have on each side of its decimal point. */
export const RATE_DIGITS = 12;
const RATE_PATTERN = new RegExp(`^\\d{1,${RATE_DIGITS}}(\\.\\d{1,${RATE_DIGITS}})?$`);

/** True when `rate` is a positive decimal number written plainly ("0.0061", "1", "160.5"). */
export function isRate(rate: string): boolean {
  return RATE_PATTERN.test(rate) && /[1-9]/.test(rate);
}

/** A rate as an exact fraction: "0.0061" → 61 / 10000. */
export function rateFraction(rate: string): { numerator: bigint; denominator: bigint } {
  if (!isRate(rate)) throw new RangeError(`${rate} is not a rate`);
  const [whole = '0', fraction = ''] = rate.split('.');
  return {
    numerator: BigInt(whole + fraction),
    denominator: 10n ** BigInt(fraction.length),
  };
}

/** `numerator / denominator` rounded half up (both non-negative, denominator positive). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * `amountMinor` of `from` in minor units of `to`, where one unit of `from` is worth `rate`
 * units of `to`: exact integer arithmetic, rounded half up to the minor unit of `to`
 * (1,000 JPY at 0.0061 EUR is 6.10 EUR = 610; 1 JPY at 0.0061 is 0.0061 EUR → 1 cent).
 */
export function convertMinor(amountMinor: number, from: string, to: string, rate: string): number {
  const { numerator, denominator } = rateFraction(rate);
  const fromScale = 10n ** BigInt(currencyExponent(from));
  const toScale = 10n ** BigInt(currencyExponent(to));
  return Number(divideHalfUp(BigInt(amountMinor) * numerator * toScale, denominator * fromScale));
}

/**
 * Splits `total` (integer, ≥ 0) into parts proportional to `weights` (integers ≥ 0, not all
 * zero) that sum to `total` exactly, by the largest remainder method: each part is first
 * rounded down, then the units left over go one each to the parts with the largest
 * remainders; equal remainders go to the earlier part. 100 among three equal weights is
 * 34, 33, 33.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + BigInt(weight), 0n);
  if (sum <= 0n) throw new RangeError('the weights must not all be zero');
  const whole = BigInt(total);
  const parts = weights.map((weight) => {
    const product = whole * BigInt(weight);
    return { floor: product / sum, remainder: product % sum };
  });
  let left = whole - parts.reduce((acc, part) => acc + part.floor, 0n);
  const order = parts
    .map((part, index) => ({ index, remainder: part.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = parts.map((part) => part.floor);
  for (const { index } of order) {
    if (left === 0n) break;
    result[index] = (result[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}

/** What one person put in and owes, and what they are owed back (paid − owed). */
export interface Balance {
  userId: string;
  balanceMinor: number;
}

/** "`fromUserId` pays `toUserId` `amountMinor`". */
export interface Transfer {
  fromUserId: string;
  toUserId: string;
  amountMinor: number;
}

/**
 * The transfers that settle `balances` (which must sum to zero): the largest debtor pays the
 * largest creditor as much as one of them needs, and again until nobody is owed anything.
 * Each transfer settles at least one person, so there are at most n − 1 of them; ties go to
 * the earlier user id, so the answer never depends on the order of the input.
 */
export function settleUp(balances: readonly Balance[]): Transfer[] {
  const total = balances.reduce((acc, balance) => acc + balance.balanceMinor, 0);
  if (total !== 0) throw new RangeError(`the balances sum to ${total}, not 0`);
  const byLargest = (a: Balance, b: Balance) =>
    Math.abs(b.balanceMinor) - Math.abs(a.balanceMinor) ||
    (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);
  const debtors = balances
    .filter((balance) => balance.balanceMinor < 0)
    .map((balance) => ({ ...balance }));
  const creditors = balances
    .filter((balance) => balance.balanceMinor > 0)
    .map((balance) => ({ ...balance }));
  const transfers: Transfer[] = [];
  while (debtors.length > 0 && creditors.length > 0) {
    debtors.sort(byLargest);
    creditors.sort(byLargest);
    const debtor = debtors[0] as Balance;
    const creditor = creditors[0] as Balance;
    const amountMinor = Math.min(-debtor.balanceMinor, creditor.balanceMinor);
    transfers.push({ fromUserId: debtor.userId, toUserId: creditor.userId, amountMinor });
    debtor.balanceMinor += amountMinor;
    creditor.balanceMinor -= amountMinor;
    if (debtor.balanceMinor === 0) debtors.shift();
    if (creditor.balanceMinor === 0) creditors.shift();
  }
  return transfers;
}
