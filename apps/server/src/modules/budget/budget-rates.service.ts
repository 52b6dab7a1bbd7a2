import type { createBudgetRateSchema, updateBudgetRateSchema } from '@jammy/shared/budget';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Caller } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { authorizedRow } from '../itineraries/child-rows';
import {
  budgetRates,
  ensureTripCurrency,
  expectedTripCurrency,
  findBudgetRate,
  listBudgetRates,
} from './budget.repository';
import { presentBudgetRate, type BudgetRateRow } from './budget.presenter';
import { prefetchRate, todayUtc, tripRateFields } from './rates';

type NewRate = z.output<typeof createBudgetRateSchema>;
type RateChanges = Omit<z.output<typeof updateBudgetRateSchema>, 'version'>;

const rateNotFound = () =>
  new AppError('budget-rate/not-found', 'There is no such budget rate in this itinerary');

const rateEvent = (row: BudgetRateRow) => ({ rateId: row.id, title: row.currency });

/** A write that matched no row: 409 with the rate as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, rateId: string): Promise<AppError> {
  const fresh = await budgetRates.find(db, caller.itineraryId, rateId);
  return fresh ? conflict(presentBudgetRate(fresh)) : rateNotFound();
}

/** Today's rate of `currency` to the trip's, asked of RATES_URL before a write's transaction. */
async function prefetchToday(
  db: Db,
  caller: Caller,
  currency: string,
  given: string | undefined,
  ratesUrl: string | undefined,
) {
  const tripCurrency = await expectedTripCurrency(db, { id: caller.itineraryId });
  const today = { amountMinor: 0, currency, date: todayUtc() };
  return prefetchRate(ratesUrl, tripCurrency, today, given, null);
}

/** The trip's rates for costs of bookings and places in other currencies, for a member. */
export async function readBudgetRates(db: Db, caller: Caller): Promise<BudgetRateRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return listBudgetRates(db, caller.itineraryId);
}

export function readBudgetRate(db: Db, caller: Caller, rateId: string): Promise<BudgetRateRow> {
  return authorizedRow(db, caller, 'read', budgetRates, rateId, rateNotFound);
}

/**
 * Gives the rate of a currency that bookings' and places' costs are in, or fetches today's
 * (before the transaction, so who asks is checked before that); one rate per currency.
 */
export async function createBudgetRate(
  db: Db,
  caller: Caller,
  input: NewRate,
  ratesUrl: string | undefined,
): Promise<BudgetRateRow> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const prefetched = await prefetchToday(db, caller, input.currency, input.rate, ratesUrl);
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      const tripCurrency = await ensureTripCurrency(tx, { id: caller.itineraryId });
      // One rate per currency (checked under the itinerary's lock): the one there is changed.
      if (await findBudgetRate(tx, caller.itineraryId, input.currency)) {
        throw invalidField('currency', 'has a rate in this itinerary already: change that one');
      }
      return budgetRates.insert(tx, {
        itineraryId: caller.itineraryId,
        currency: input.currency,
        ...tripRateFields(ratesUrl, tripCurrency, input.currency, input.rate, prefetched),
      });
    },
    (created) => ({ kind: 'budget-rate.created', data: rateEvent(created) }),
    { shared: true },
  );
}

/** Changes a rate, or fetches today's, into the trip's present currency. */
export async function changeBudgetRate(
  db: Db,
  caller: Caller,
  rateId: string,
  changes: RateChanges,
  expectedVersion: number | undefined,
  ratesUrl: string | undefined,
): Promise<BudgetRateRow> {
  const rate = await authorizedRow(db, caller, 'write', budgetRates, rateId, rateNotFound);
  const prefetched = await prefetchToday(db, caller, rate.currency, changes.rate, ratesUrl);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      const tripCurrency = await ensureTripCurrency(tx, { id: caller.itineraryId });
      const fields = tripRateFields(
        ratesUrl,
        tripCurrency,
        rate.currency,
        changes.rate,
        prefetched,
      );
      return budgetRates.update(tx, caller.itineraryId, rate.id, fields, expectedVersion);
    },
    (updated) => ({
      kind: 'budget-rate.updated',
      data: { ...rateEvent(updated), fields: Object.keys(changes) },
    }),
    { shared: true },
  );
  if (!changed) throw await missed(db, caller, rate.id);
  return changed;
}

/** Deletes a rate: its costs are left out of the totals again. */
export async function deleteBudgetRate(
  db: Db,
  caller: Caller,
  rateId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const rate = await authorizedRow(db, caller, 'write', budgetRates, rateId, rateNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => budgetRates.remove(tx, caller.itineraryId, rate.id, expectedVersion),
    () => ({ kind: 'budget-rate.deleted', data: rateEvent(rate) }),
    { shared: true },
  );
  if (!deleted) throw await missed(db, caller, rate.id);
}
