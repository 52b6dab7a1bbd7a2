import type { createStageSchema, moveSchema, updateStageSchema } from '@jammy/shared/itineraries';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Caller } from './access';
import { positionBetween } from '@jammy/shared/positions';
import { sql } from 'drizzle-orm';
import { stage } from '../../db/schema/itineraries';
import { changeWithEvent, createWithEvent } from './change-with-event';
import {
  authorizedRow,
  lastPosition,
  moveAfterSibling,
  positionAfterSibling,
  readTurn,
} from './child-rows';
import { movePlacesOutOfStage, stages, type StageRow } from './content.repository';
import { listStages } from './itineraries.repository';
import { presentStage } from './itinerary.presenter';

type NewStage = z.output<typeof createStageSchema>;
type StageChanges = Omit<z.output<typeof updateStageSchema>, 'version'>;
/** Where a stage goes (after `afterId`; null: first), from the version the client read. */
type StageMove = Pick<z.output<typeof moveSchema>, 'afterId'> & {
  expectedVersion: number | undefined;
};

export const stageNotFound = () =>
  new AppError('stage/not-found', 'There is no such stage in this itinerary');

/** What the activity and the live stream say of a stage. */
const stageEvent = (row: StageRow) => ({ stageId: row.id, title: row.title });

/** Both dates of a stage, after a change, must still be in order. */
function assertDatesInOrder(startDate: string | null, endDate: string | null) {
  if (startDate && endDate && endDate < startDate) {
    throw invalidField('endDate', 'must not be before startDate');
  }
}

/** A write that matched no row: 409 with the stage as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, stageId: string): Promise<AppError> {
  const fresh = await stages.find(db, caller.itineraryId, stageId);
  return fresh ? conflict(presentStage(fresh)) : stageNotFound();
}

/** The stages of an itinerary, in order, for a member. */
export async function readStages(db: Db, caller: Caller): Promise<StageRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  return listStages(db, caller.itineraryId);
}

export function readStage(db: Db, caller: Caller, stageId: string): Promise<StageRow> {
  return authorizedRow(db, caller, 'read', stages, stageId, stageNotFound);
}

/**
 * Adds a stage after `afterId`, else at the end, in two round trips: who asks and the
 * siblings the position comes from are read at once (`readTurn`), then the stage, the
 * itinerary's last-change time and the event are written in one statement in the itinerary's
 * turn (`createWithEvent` with `turn`). When another write moved the itinerary in between,
 * nothing is written and the usual way works the position out again under the lock.
 */
export async function createStage(db: Db, caller: Caller, input: NewStage): Promise<StageRow> {
  const { afterId, ...values } = input;
  // The last stage is enough at the end; after `afterId`, all of them.
  const read = await readTurn(
    db,
    caller,
    stages.siblingsQuery(caller.itineraryId, undefined, afterId === undefined),
  );
  const position =
    afterId === undefined
      ? positionBetween(read.siblings.at(-1)?.position ?? null, null)
      : positionAfterSibling(read.siblings, afterId);
  return createWithEvent(
    db,
    caller,
    stage,
    { ...values, itineraryId: caller.itineraryId, position },
    // stageEvent's fields, read from the row as created.
    {
      kind: 'stage.created',
      data: sql`jsonb_build_object('stageId', created.id, 'title', created.title)`,
    },
    () => createStageInLock(db, caller, input),
    read.turn,
  );
}

/** The usual way: who asks checked, then the position worked out under the itinerary's lock. */
async function createStageInLock(db: Db, caller: Caller, input: NewStage): Promise<StageRow> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const { afterId, ...values } = input;
  return changeWithEvent(
    db,
    caller,
    async (tx) =>
      stages.insert(tx, {
        ...values,
        itineraryId: caller.itineraryId,
        position:
          afterId === undefined
            ? await lastPosition(tx, stages, caller.itineraryId)
            : positionAfterSibling(await stages.siblings(tx, caller.itineraryId), afterId),
      }),
    (created) => ({ kind: 'stage.created', data: stageEvent(created) }),
  );
}

export async function changeStage(
  db: Db,
  caller: Caller,
  stageId: string,
  changes: StageChanges,
  expectedVersion: number | undefined,
): Promise<StageRow> {
  const stage = await authorizedRow(db, caller, 'write', stages, stageId, stageNotFound);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      assertDatesInOrder(
        changes.startDate === undefined ? stage.startDate : changes.startDate,
        changes.endDate === undefined ? stage.endDate : changes.endDate,
      );
      return stages.update(tx, caller.itineraryId, stage.id, changes, expectedVersion);
    },
    (updated) => ({
      kind: 'stage.updated',
      data: { ...stageEvent(updated), fields: Object.keys(changes) },
    }),
  );
  if (!changed) throw await missed(db, caller, stage.id);
  return changed;
}

/** Deletes a stage; its places stay in the itinerary, outside any stage. */
export async function deleteStage(
  db: Db,
  caller: Caller,
  stageId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const stage = await authorizedRow(db, caller, 'write', stages, stageId, stageNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      await movePlacesOutOfStage(tx, caller.itineraryId, stage.id);
      return stages.remove(tx, caller.itineraryId, stage.id, expectedVersion);
    },
    () => ({ kind: 'stage.deleted', data: stageEvent(stage) }),
  );
  if (!deleted) throw await missed(db, caller, stage.id);
}

export async function moveStage(
  db: Db,
  caller: Caller,
  stageId: string,
  move: StageMove,
): Promise<StageRow> {
  const stage = await authorizedRow(db, caller, 'write', stages, stageId, stageNotFound);
  const moved = await changeWithEvent(
    db,
    caller,
    (tx) => moveAfterSibling(tx, stages, caller.itineraryId, stage.id, move),
    (moved) => ({
      kind: 'stage.moved',
      data: { ...stageEvent(moved), afterId: move.afterId },
    }),
  );
  if (!moved) throw await missed(db, caller, stage.id);
  return moved;
}
