import { changedAt } from '../../db/clock';
import { defaultCurrency, splitUserIds } from '@jammy/shared/budget';
import { bookingDay } from '@jammy/shared/bookings-plain';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { user } from '../../db/schema/auth';
import { booking } from '../../db/schema/bookings';
import { budgetLine, budgetRate, expense } from '../../db/schema/budget';
import { itinerary, itineraryMember, place, stage } from '../../db/schema/itineraries';
import type { ItineraryRow } from '../itineraries/access';
import { rowStore } from '../itineraries/row-store';
import type { BudgetSources } from './budget-summary';

export const expenses = rowStore(expense, { scope: expense.itineraryId });
export const budgetLines = rowStore(budgetLine, { scope: budgetLine.itineraryId });
export const budgetRates = rowStore(budgetRate, { scope: budgetRate.itineraryId });

export function listExpenses(db: Executor, itineraryId: string) {
  return db
    .select()
    .from(expense)
    .where(eq(expense.itineraryId, itineraryId))
    .orderBy(desc(expense.date), desc(expense.createdAt), desc(expense.id));
}

export function listBudgetLines(db: Executor, itineraryId: string) {
  return db
    .select()
    .from(budgetLine)
    .where(eq(budgetLine.itineraryId, itineraryId))
    .orderBy(asc(budgetLine.createdAt), asc(budgetLine.id));
}

export function listBudgetRates(db: Executor, itineraryId: string) {
  return db
    .select()
    .from(budgetRate)
    .where(eq(budgetRate.itineraryId, itineraryId))
    .orderBy(asc(budgetRate.currency));
}

/** The trip's rate for costs in `currency`, if it has one. */
export async function findBudgetRate(db: Executor, itineraryId: string, currency: string) {
  const [row] = await db
    .select()
    .from(budgetRate)
    .where(and(eq(budgetRate.itineraryId, itineraryId), eq(budgetRate.currency, currency)));
  return row;
}

/** The user ids of the trip's members. */
export async function memberIds(db: Executor, itineraryId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: itineraryMember.userId })
    .from(itineraryMember)
    .where(eq(itineraryMember.itineraryId, itineraryId));
  return new Set(rows.map((row) => row.userId));
}

/** The owner's language's currency, which a trip without one gets when first needed. */
async function ownerCurrency(db: Executor, trip: Pick<ItineraryRow, 'id'>) {
  const [current] = await db
    .select({ currency: itinerary.currency, language: user.language })
    .from(itinerary)
    .innerJoin(user, eq(user.id, itinerary.ownerId))
    .where(eq(itinerary.id, trip.id));
  return { current: current?.currency ?? null, fallback: defaultCurrency(current?.language) };
}

/**
 * The currency the trip has, or will get at its first budget write, as read now (outside
 * any transaction): what a rate is looked up for before the write's transaction opens.
 */
export async function expectedTripCurrency(
  db: Executor,
  trip: Pick<ItineraryRow, 'id'>,
): Promise<string> {
  const { current, fallback } = await ownerCurrency(db, trip);
  return current ?? fallback;
}

/**
 * The trip's currency, set first when the budget first needs one: the local currency of its
 * owner's language (EUR when unknown). Runs under the itinerary's lock (a write's transaction).
 */
export async function ensureTripCurrency(
  tx: Executor,
  trip: Pick<ItineraryRow, 'id'>,
): Promise<string> {
  const { current, fallback: currency } = await ownerCurrency(tx, trip);
  if (current) return current;
  await tx
    .update(itinerary)
    .set({ currency, version: sql`${itinerary.version} + 1`, updatedAt: changedAt() })
    .where(and(eq(itinerary.id, trip.id), isNull(itinerary.currency)));
  return currency;
}

/** Everything the budget's summary is computed from: a handful of narrow queries. */
export async function loadBudgetSources(db: Executor, trip: ItineraryRow): Promise<BudgetSources> {
  const [members, stages, lines, expenses, bookings, places, rates] = await Promise.all([
    db
      .select({ userId: itineraryMember.userId, name: user.name })
      .from(itineraryMember)
      .innerJoin(user, eq(user.id, itineraryMember.userId))
      .where(eq(itineraryMember.itineraryId, trip.id))
      .orderBy(asc(itineraryMember.createdAt), asc(itineraryMember.userId)),
    db
      .select({ id: stage.id, title: stage.title })
      .from(stage)
      .where(eq(stage.itineraryId, trip.id))
      .orderBy(asc(stage.position), asc(stage.id)),
    listBudgetLines(db, trip.id),
    db
      .select({ expense, payerName: user.name })
      .from(expense)
      .leftJoin(user, eq(user.id, expense.paidBy))
      .where(eq(expense.itineraryId, trip.id)),
    db
      .select({
        kind: booking.kind,
        stageId: booking.stageId,
        costMinor: booking.costMinor,
        currency: booking.currency,
        startAt: booking.startAt,
        startDate: booking.startDate,
      })
      .from(booking)
      .where(and(eq(booking.itineraryId, trip.id), isNotNull(booking.costMinor))),
    db
      .select({
        stageId: place.stageId,
        costMinor: place.costMinor,
        currency: place.currency,
        day: place.day,
      })
      .from(place)
      .where(and(eq(place.itineraryId, trip.id), isNotNull(place.costMinor))),
    listBudgetRates(db, trip.id),
  ]);
  // People who paid or share an expense but have left the trip keep their name; those whose
  // account is deleted keep their id (the expense stays) with no name: a former member.
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const missing = new Set<string>();
  for (const row of expenses) {
    if (!names.has(row.expense.paidBy)) names.set(row.expense.paidBy, row.payerName ?? '');
    for (const id of splitUserIds(row.expense.split)) if (!names.has(id)) missing.add(id);
  }
  if (missing.size > 0) {
    const rows = await db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(inArray(user.id, [...missing]));
    for (const row of rows) names.set(row.id, row.name);
  }
  const current = new Set(members.map((member) => member.userId));
  return {
    currency: trip.currency,
    people: [...names].map(([userId, name]) => ({ userId, name, former: !current.has(userId) })),
    stages,
    lines,
    expenses: expenses.map((row) => row.expense),
    rates: rates.map(({ currency, rate, rateCurrency }) => ({ currency, rate, rateCurrency })),
    costs: [
      ...bookings.map((row) => ({
        source: 'booking' as const,
        kind: row.kind,
        stageId: row.stageId,
        amountMinor: row.costMinor ?? 0,
        currency: row.currency,
        date: bookingDay(row),
      })),
      ...places.map((row) => ({
        source: 'place' as const,
        kind: null,
        stageId: row.stageId,
        amountMinor: row.costMinor ?? 0,
        currency: row.currency,
        date: row.day,
      })),
    ],
  };
}
