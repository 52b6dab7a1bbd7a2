import type { BudgetSummary } from '@jammy/shared/budget';
import type { Db } from '../../db/client';
import { authorize, type Caller } from '../itineraries/access';
import { loadBudgetSources } from './budget.repository';
import { summarizeBudget } from './budget-summary';

/**
 * The budget of a trip, for a member: planned and spent per category, stage and day, who paid
 * and owes what, and the transfers that settle up.
 */
export async function readBudget(db: Db, caller: Caller): Promise<BudgetSummary> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return summarizeBudget(await loadBudgetSources(db, access.itinerary));
}
