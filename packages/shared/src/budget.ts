import { z } from 'zod';
import {
  amountMinorSchema,
  currencySchema,
  dateSchema,
  instantSchema,
  versionSchema,
} from './fields';
import { idSchema } from './ids';
import { isRate, RATE_DIGITS } from './money';
import { textSchema } from './text';

/**
 * The budget of a trip: planned lines per category (and stage) in the trip's currency, and
 * expenses in any currency, each with who paid and how it is split among the members
 * (docs/decisions/016-budget.md).
 */
export const BUDGET_CATEGORIES = [
  'transport',
  'accommodation',
  'food',
  'activities',
  'shopping',
  'other',
] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];

export const SPLIT_MODES = ['equal', 'shares', 'exact'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export const BUDGET_LIMITS = {
  title: 160,
  label: 120,
  /** People an expense may be split among. */
  splitPeople: 100,
  /** Most shares one person may hold in a split by shares. */
  shares: 1000,
} as const;

/**
 * A conversion rate: how many units of the trip's currency one unit of the expense's
 * currency is worth, as a plain decimal ("0.0061"), stored exactly as written.
 */
export const rateSchema = z
  .string('must be a decimal number such as 0.0061')
  .max(RATE_DIGITS * 2 + 1, 'must be a decimal number such as 0.0061')
  .refine(
    isRate,
    `must be a positive decimal number such as 0.0061 (at most ${RATE_DIGITS} decimals)`,
  );

const splitPeople = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, 'must name at least one person')
    .max(BUDGET_LIMITS.splitPeople, `must name at most ${BUDGET_LIMITS.splitPeople} people`);

/** Everyone named pays the same (the cents left over go to the first ones). */
const equalSplitSchema = z.strictObject({
  mode: z.literal('equal'),
  userIds: splitPeople(idSchema),
});
/** Each pays in proportion to whole shares (2 shares pay twice as much as 1). */
const sharesSplitSchema = z.strictObject({
  mode: z.literal('shares'),
  shares: splitPeople(
    z.strictObject({
      userId: idSchema,
      shares: z
        .number('must be a number')
        .int('must be a whole number')
        .min(0, 'must not be negative')
        .max(BUDGET_LIMITS.shares, `must be at most ${BUDGET_LIMITS.shares}`),
    }),
  ),
});
/** Each pays the amount named, in the expense's currency; they must add up to the amount. */
const exactSplitSchema = z.strictObject({
  mode: z.literal('exact'),
  amounts: splitPeople(z.strictObject({ userId: idSchema, amountMinor: amountMinorSchema })),
});

export const splitSchema = z.discriminatedUnion('mode', [
  equalSplitSchema,
  sharesSplitSchema,
  exactSplitSchema,
]);
export type Split = z.infer<typeof splitSchema>;

/** The user ids a split names, in its order. */
export function splitUserIds(split: Split): string[] {
  if (split.mode === 'equal') return split.userIds;
  if (split.mode === 'shares') return split.shares.map((part) => part.userId);
  return split.amounts.map((part) => part.userId);
}

/**
 * What is wrong with `split` for an expense of `amountMinor`, as [field, message] (the field
 * relative to the body), or null when it is fine: someone named twice, shares all zero, or
 * exact amounts that do not add up to the amount.
 */
export function splitProblem(split: Split, amountMinor: number): [string, string] | null {
  const ids = splitUserIds(split);
  if (new Set(ids).size !== ids.length) return ['split', 'names someone twice'];
  if (split.mode === 'shares' && split.shares.every((part) => part.shares === 0)) {
    return ['split.shares', 'must give someone at least one share'];
  }
  if (split.mode === 'exact') {
    const sum = split.amounts.reduce((acc, part) => acc + part.amountMinor, 0);
    if (sum !== amountMinor) {
      return ['split.amounts', `must add up to the amount (${amountMinor}), not ${sum}`];
    }
  }
  return null;
}

function checkSplit(
  value: { split?: Split; amountMinor?: number },
  context: z.RefinementCtx,
): void {
  if (!value.split || value.amountMinor === undefined) return;
  const problem = splitProblem(value.split, value.amountMinor);
  if (problem)
    context.addIssue({ code: 'custom', path: problem[0].split('.'), message: problem[1] });
}

const expenseFields = {
  title: textSchema({ max: BUDGET_LIMITS.title, required: true }),
  /** In the minor unit of the expense's own currency (ISO 4217 exponent). */
  amountMinor: amountMinorSchema,
  currency: currencySchema,
  date: dateSchema,
  category: z.enum(BUDGET_CATEGORIES),
  stageId: idSchema.nullable(),
  /** A member of the trip. */
  paidBy: idSchema,
  split: splitSchema,
  /**
   * Units of the trip's currency one unit of `currency` is worth. Needed when the currencies
   * differ, unless the installation fetches rates (then the day's rate is fetched and kept).
   */
  rate: rateSchema.nullable(),
};

export const createExpenseSchema = z
  .strictObject({
    ...expenseFields,
    stageId: expenseFields.stageId.optional(),
    rate: expenseFields.rate.optional(),
  })
  .superRefine(checkSplit);
export type CreateExpense = z.input<typeof createExpenseSchema>;

export const updateExpenseSchema = z
  .strictObject({
    title: expenseFields.title.optional(),
    amountMinor: expenseFields.amountMinor.optional(),
    currency: expenseFields.currency.optional(),
    date: expenseFields.date.optional(),
    category: expenseFields.category.optional(),
    stageId: expenseFields.stageId.optional(),
    paidBy: expenseFields.paidBy.optional(),
    split: expenseFields.split.optional(),
    rate: expenseFields.rate.optional(),
    version: versionSchema.optional(),
  })
  .superRefine(checkSplit);
export type UpdateExpense = z.input<typeof updateExpenseSchema>;

const timestamps = {
  createdAt: instantSchema,
  updatedAt: instantSchema,
  version: z.number().int(),
};

export const RATE_SOURCES = ['same', 'entered', 'fetched'] as const;

export const expenseSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  stageId: idSchema.nullable(),
  title: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  date: z.string(),
  category: z.enum(BUDGET_CATEGORIES),
  paidBy: idSchema,
  split: splitSchema,
  /** The rate used, as stored (null: none yet, e.g. the trip's currency changed since). */
  rate: z.string().nullable(),
  /** The day the rate is of. */
  rateDate: z.string().nullable(),
  rateSource: z.enum(RATE_SOURCES).nullable(),
  /** The currency the rate converts to: the trip's currency when the rate was set. */
  rateCurrency: z.string().nullable(),
  /** The amount in `rateCurrency`'s minor unit, rounded half up. */
  convertedMinor: z.number().int().nullable(),
  ...timestamps,
});
export type Expense = z.infer<typeof expenseSchema>;

const budgetLineFields = {
  category: z.enum(BUDGET_CATEGORIES),
  stageId: idSchema.nullable(),
  /** In the minor unit of the trip's currency. */
  amountMinor: amountMinorSchema,
  label: textSchema({ max: BUDGET_LIMITS.label }),
};

export const createBudgetLineSchema = z.strictObject({
  category: budgetLineFields.category,
  amountMinor: budgetLineFields.amountMinor,
  stageId: budgetLineFields.stageId.optional(),
  label: budgetLineFields.label.optional(),
});
export type CreateBudgetLine = z.input<typeof createBudgetLineSchema>;

export const updateBudgetLineSchema = z.strictObject({
  category: budgetLineFields.category.optional(),
  amountMinor: budgetLineFields.amountMinor.optional(),
  stageId: budgetLineFields.stageId.optional(),
  label: budgetLineFields.label.optional(),
  version: versionSchema.optional(),
});
export type UpdateBudgetLine = z.input<typeof updateBudgetLineSchema>;

export const budgetLineSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  stageId: idSchema.nullable(),
  category: z.enum(BUDGET_CATEGORIES),
  amountMinor: z.number().int(),
  label: z.string(),
  ...timestamps,
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;

/**
 * A trip's rate for the costs of bookings and places in `currency` (they have no rate of
 * their own): `rate` units of the trip's currency per unit of `currency`. Without `rate`, the
 * installation's rates server is asked for today's (400 naming `rate` when it has none).
 */
export const createBudgetRateSchema = z.strictObject({
  currency: currencySchema,
  rate: rateSchema.optional(),
});
export type CreateBudgetRate = z.input<typeof createBudgetRateSchema>;

/** A new rate (or, without one, today's from the rates server), to the trip's currency now. */
export const updateBudgetRateSchema = z.strictObject({
  rate: rateSchema.optional(),
  version: versionSchema.optional(),
});
export type UpdateBudgetRate = z.input<typeof updateBudgetRateSchema>;

export const budgetRateSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  currency: z.string(),
  rate: z.string(),
  /** The day the rate is of. */
  rateDate: z.string(),
  rateSource: z.enum(['entered', 'fetched']),
  /** The trip's currency when the rate was given: it converts only into that one. */
  rateCurrency: z.string(),
  ...timestamps,
});
export type BudgetRate = z.infer<typeof budgetRateSchema>;

const minor = z.number().int();

/** GET /api/itineraries/{id}/budget: every figure in minor units of `currency`. */
export const budgetSummarySchema = z.object({
  /** The trip's currency; null until it is set (then nothing can be converted). */
  currency: z.string().nullable(),
  totals: z.object({ plannedMinor: minor, spentMinor: minor }),
  categories: z.array(
    z.object({ category: z.enum(BUDGET_CATEGORIES), plannedMinor: minor, spentMinor: minor }),
  ),
  /** Per stage, in the trip's order; `stageId` null: what belongs to no stage. */
  stages: z.array(
    z.object({
      stageId: idSchema.nullable(),
      title: z.string().nullable(),
      plannedMinor: minor,
      spentMinor: minor,
    }),
  ),
  /**
   * What each person paid, owes (their shares) and the difference (positive: is owed).
   * `former`: no longer a member of the trip (left it, or deleted their account: then the
   * name is empty), still counted so that the balances keep adding up to zero.
   */
  people: z.array(
    z.object({
      userId: idSchema,
      name: z.string(),
      former: z.boolean(),
      paidMinor: minor,
      owedMinor: minor,
      balanceMinor: minor,
    }),
  ),
  /** Spending per day, by date. */
  days: z.array(z.object({ date: z.string(), spentMinor: minor })),
  /** Who pays whom to settle up (expenses only: bookings and places have no payer). */
  transfers: z.array(z.object({ fromUserId: idSchema, toUserId: idSchema, amountMinor: minor })),
  /**
   * Costs in another currency with no rate (bookings, places, expenses whose rate is of a
   * former trip currency): per currency, in its own minor unit, never guessed. `costsMinor`
   * is the part that is bookings' and places' costs, which a trip rate for the currency
   * (`/budget-rates`) brings into the totals.
   */
  unconverted: z.array(z.object({ currency: z.string(), amountMinor: minor, costsMinor: minor })),
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

/** The booking kinds' budget categories (a car rental is transport). */
export const BOOKING_CATEGORY: Record<string, BudgetCategory> = {
  flight: 'transport',
  train: 'transport',
  bus: 'transport',
  ferry: 'transport',
  'car-rental': 'transport',
  accommodation: 'accommodation',
  restaurant: 'food',
  activity: 'activities',
  other: 'other',
};

// Where a currency is the local one, for a first default (the rest of a region's language
// falls back to EUR). Regions from the language's likely subtags (`ar` → EG, `en` → US).
const REGION_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CH: 'CHF',
  JP: 'JPY',
  EG: 'EGP',
  SA: 'SAR',
  AE: 'AED',
  MA: 'MAD',
  MX: 'MXN',
  AR: 'ARS',
  CA: 'CAD',
  AU: 'AUD',
  IN: 'INR',
};

/**
 * The currency to start a trip's budget in when none is set: the local currency of the
 * locale's region ("en-GB" → GBP, "it" → EUR), EUR when unknown.
 */
export function defaultCurrency(locale: string | null | undefined): string {
  try {
    const region = new Intl.Locale(locale ?? 'en').maximize().region ?? '';
    return REGION_CURRENCY[region] ?? 'EUR';
  } catch {
    return 'EUR';
  }
}
