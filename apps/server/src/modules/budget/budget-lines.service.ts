import type { createBudgetLineSchema, updateBudgetLineSchema } from '@jammy/shared/budget';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Caller } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { authorizedRow, checkStage } from '../itineraries/child-rows';
import { budgetLines, ensureTripCurrency, listBudgetLines } from './budget.repository';
import { presentBudgetLine, type BudgetLineRow } from './budget.presenter';

type NewLine = z.output<typeof createBudgetLineSchema>;
type LineChanges = Omit<z.output<typeof updateBudgetLineSchema>, 'version'>;

const lineNotFound = () =>
  new AppError('budget-line/not-found', 'There is no such budget line in this itinerary');

const lineEvent = (row: BudgetLineRow) => ({
  lineId: row.id,
  title: row.label,
  category: row.category,
});

/** A write that matched no row: 409 with the line as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, lineId: string): Promise<AppError> {
  const fresh = await budgetLines.find(db, caller.itineraryId, lineId);
  return fresh ? conflict(presentBudgetLine(fresh)) : lineNotFound();
}

/** The planned amounts per category (and stage), for a member. */
export async function readBudgetLines(db: Db, caller: Caller): Promise<BudgetLineRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return listBudgetLines(db, caller.itineraryId);
}

export function readBudgetLine(db: Db, caller: Caller, lineId: string): Promise<BudgetLineRow> {
  return authorizedRow(db, caller, 'read', budgetLines, lineId, lineNotFound);
}

/**
 * Plans an amount, in the trip's currency (which the trip gets now if it has none yet). Lines
 * keep no order: the itinerary is held shared, and who asks is checked once, under that lock.
 */
export function createBudgetLine(db: Db, caller: Caller, input: NewLine): Promise<BudgetLineRow> {
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      await checkStage(tx, caller.itineraryId, input.stageId);
      await ensureTripCurrency(tx, { id: caller.itineraryId });
      return budgetLines.insert(tx, {
        ...input,
        stageId: input.stageId ?? null,
        itineraryId: caller.itineraryId,
      });
    },
    (created) => ({ kind: 'budget-line.created', data: lineEvent(created) }),
    { shared: true },
  );
}

export async function changeBudgetLine(
  db: Db,
  caller: Caller,
  lineId: string,
  changes: LineChanges,
  expectedVersion: number | undefined,
): Promise<BudgetLineRow> {
  const line = await authorizedRow(db, caller, 'write', budgetLines, lineId, lineNotFound);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await checkStage(tx, caller.itineraryId, changes.stageId);
      return budgetLines.update(tx, caller.itineraryId, line.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'budget-line.updated',
      data: { ...lineEvent(updated), fields: Object.keys(changes) },
    }),
    { shared: true },
  );
  if (!changed) throw await missed(db, caller, line.id);
  return changed;
}

export async function deleteBudgetLine(
  db: Db,
  caller: Caller,
  lineId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const line = await authorizedRow(db, caller, 'write', budgetLines, lineId, lineNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => budgetLines.remove(tx, caller.itineraryId, line.id, expectedVersion),
    () => ({ kind: 'budget-line.deleted', data: lineEvent(line) }),
    { shared: true },
  );
  if (!deleted) throw await missed(db, caller, line.id);
}
