import type { Split } from '@jammy/shared/budget';
import { bigint, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editable, itinerary, stage } from './itineraries';

/** A planned amount of a trip's budget, in minor units of the trip's currency. */
export const budgetLine = pgTable(
  'budget_line',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    label: text('label').notNull().default(''),
  },
  (table) => [index('budget_line_itinerary_idx').on(table.itineraryId)],
);

/**
 * Money spent by a member for the trip, in its own currency, with the rate to the trip's
 * currency kept as written (a decimal string: exact, never a float) together with its day,
 * so later rates never change what was recorded.
 */
export const expense = pgTable(
  'expense',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** In the minor unit of `currency` (ISO 4217 exponent). */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    category: text('category').notNull(),
    /**
     * The member who paid. Like the user ids of `split`, it is not a foreign key: when the
     * payer leaves the trip or deletes their account, the expense and everyone's balances
     * stay as they were, and the payer is shown as a former member.
     */
    paidBy: uuid('paid_by').notNull(),
    split: jsonb('split').$type<Split>().notNull(),
    rate: text('rate'),
    rateDate: date('rate_date'),
    rateSource: text('rate_source', { enum: ['same', 'entered', 'fetched'] }),
    rateCurrency: text('rate_currency'),
    /** `amountMinor` in `rateCurrency`'s minor unit (integer arithmetic, half up). */
    convertedMinor: bigint('converted_minor', { mode: 'number' }),
  },
  (table) => [index('expense_itinerary_date_idx').on(table.itineraryId, table.date)],
);

/**
 * A trip's rate for the costs of its bookings and places in another currency than the trip's
 * (one per currency): those costs have no rate of their own, and count in the totals once
 * the trip has one. Kept like an expense's rate: the decimal as written, its day, where it
 * came from, and the trip currency it converts to (a later change of the trip's currency
 * leaves those costs unconverted again until the rate is given anew).
 */
export const budgetRate = pgTable(
  'budget_rate',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    /** The currency of the costs it converts. */
    currency: text('currency').notNull(),
    rate: text('rate').notNull(),
    rateDate: date('rate_date').notNull(),
    rateSource: text('rate_source', { enum: ['entered', 'fetched'] }).notNull(),
    rateCurrency: text('rate_currency').notNull(),
  },
  (table) => [
    uniqueIndex('budget_rate_itinerary_currency_idx').on(table.itineraryId, table.currency),
  ],
);
