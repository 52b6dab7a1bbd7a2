import type { BudgetSummary } from '@jammy/shared/budget';
import type { Db } from '../../db/client';
import { authorize, type Caller } from '../itineraries/access';
import type { ReadDocument } from '../itineraries/document-cache';
import { loadBudgetSources } from './budget.repository';
import { summarizeBudget } from './budget-summary';

/**
 * The budget of a trip, for a member: planned and spent per category, stage and day, who paid
 * and owes what, and the transfers that settle up.
 */
export async function readBudget(db: Db, caller: Caller): Promise<ReadDocument> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const summary: BudgetSummary = summarizeBudget(await loadBudgetSources(db, access.itinerary));
  // As JSON, with the reader's role and whose names it shows: what the document cache keeps
  // (docs/decisions/041), until one of them renames themself.
  return {
    json: JSON.stringify(summary),
    role: access.role,
    names: summary.people.map((person) => person.userId),
  };
}
