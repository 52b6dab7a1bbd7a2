import type { BudgetCategory, BudgetLine, BudgetRate, Expense } from '@jammy/shared/budget';
import type { budgetLine, budgetRate, expense } from '../../db/schema/budget';

export type ExpenseRow = typeof expense.$inferSelect;
export type BudgetLineRow = typeof budgetLine.$inferSelect;
export type BudgetRateRow = typeof budgetRate.$inferSelect;

export function presentExpense(row: ExpenseRow): Expense {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    stageId: row.stageId,
    title: row.title,
    amountMinor: row.amountMinor,
    currency: row.currency,
    date: row.date,
    category: row.category as BudgetCategory,
    paidBy: row.paidBy,
    split: row.split,
    rate: row.rate,
    rateDate: row.rateDate,
    rateSource: row.rateSource,
    rateCurrency: row.rateCurrency,
    convertedMinor: row.convertedMinor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentBudgetLine(row: BudgetLineRow): BudgetLine {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    stageId: row.stageId,
    category: row.category as BudgetCategory,
    amountMinor: row.amountMinor,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentBudgetRate(row: BudgetRateRow): BudgetRate {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    currency: row.currency,
    rate: row.rate,
    rateDate: row.rateDate,
    rateSource: row.rateSource,
    rateCurrency: row.rateCurrency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
