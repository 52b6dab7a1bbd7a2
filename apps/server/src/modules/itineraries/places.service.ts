import { isValidOpeningHours } from '@jammy/shared/day-timeline';
import type { createPlaceSchema, moveSchema, updatePlaceSchema } from '@jammy/shared/itineraries';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { authorize, type Caller } from './access';
import { positionBetween } from '@jammy/shared/positions';
import { sql } from 'drizzle-orm';
import { place, stage } from '../../db/schema/itineraries';
import { changeWithEvent, createWithEvent } from './change-with-event';
import { authorizedRow, checkStage, lastPosition, moveAfterSibling, readTurn } from './child-rows';
import { inStage, places, stages, type PlaceRow } from './content.repository';
import { listPlaces } from './itineraries.repository';
import { presentPlace } from './itinerary.presenter';

type NewPlace = z.output<typeof createPlaceSchema>;
type PlaceChanges = Omit<z.output<typeof updatePlaceSchema>, 'version'>;
/** Where a place goes (after `afterId`, in `stageId` or its own), from the version read. */
type PlaceMove = Omit<z.output<typeof moveSchema>, 'version'> & {
  expectedVersion: number | undefined;
};

const placeNotFound = () =>
  new AppError('place/not-found', 'There is no such place in this itinerary');

/** What the activity says of a place: with its stage's title ("added the Colosseum to Rome"). */
async function placeEvent(tx: Executor, row: PlaceRow) {
  return {
    placeId: row.id,
    name: row.name,
    stageId: row.stageId,
    stageTitle: row.stageId
      ? ((await stages.find(tx, row.itineraryId, row.stageId))?.title ?? null)
      : null,
  };
}

/** Opening hours must be what OpenStreetMap's syntax reads: a day's plan checks visits by them. */
function checkOpeningHours(openingHours: string | null | undefined) {
  if (openingHours && !isValidOpeningHours(openingHours)) {
    throw invalidField('openingHours', 'is not in OpenStreetMap opening_hours syntax');
  }
}

/** A write that matched no row: 409 with the place as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, placeId: string): Promise<AppError> {
  const fresh = await places.find(db, caller.itineraryId, placeId);
  return fresh ? conflict(presentPlace(fresh)) : placeNotFound();
}

/** The places of an itinerary in order, or of one of its stages, for a member. */
export async function readPlaces(
  db: Db,
  caller: Caller,
  stageId: string | undefined,
): Promise<PlaceRow[]> {
  await authorize(db, caller.itineraryId, caller.actorId, 'read');
  const rows = await listPlaces(db, caller.itineraryId);
  return stageId ? rows.filter((row) => row.stageId === stageId) : rows;
}

export function readPlace(db: Db, caller: Caller, placeId: string): Promise<PlaceRow> {
  return authorizedRow(db, caller, 'read', places, placeId, placeNotFound);
}

/**
 * Adds a place at the end of its stage, or of the places in none, in two round trips: who
 * asks, its stage and the last place there are read at once (`readTurn`), then the place, the
 * itinerary's last-change time and the event are written in one statement in the itinerary's
 * turn (`createWithEvent` with `turn`). When another write moved the itinerary in between
 * (a place added, a stage renamed or deleted), nothing is written and the usual way works it
 * out again under the lock.
 */
export async function createPlace(db: Db, caller: Caller, input: NewPlace): Promise<PlaceRow> {
  const stageId = input.stageId ?? null;
  const read = await readTurn(
    db,
    caller,
    places.siblingsQuery(caller.itineraryId, inStage(stageId), true),
    stageId === null
      ? undefined
      : sql`select json_build_object('title', ${stage.title}) from ${stage}
          where ${stage.id} = ${stageId} and ${stage.itineraryId} = ${caller.itineraryId}`,
  );
  checkOpeningHours(input.openingHours);
  const inStageRead = read.extra as { title: string } | null;
  if (stageId !== null && !inStageRead) {
    throw invalidField('stageId', 'is not a stage of this itinerary');
  }
  return createWithEvent(
    db,
    caller,
    place,
    {
      ...input,
      stageId,
      itineraryId: caller.itineraryId,
      position: positionBetween(read.siblings.at(-1)?.position ?? null, null),
    },
    // placeEvent's fields: the row as created, and its stage's title as read (a stage renamed
    // since moved the itinerary: then nothing is created here).
    {
      kind: 'place.created',
      data: sql`jsonb_build_object('placeId', created.id, 'name', created.name,
        'stageId', created.stage_id, 'stageTitle', ${inStageRead?.title ?? null}::text)`,
    },
    () => createPlaceInLock(db, caller, input),
    read.turn,
  );
}

/** The usual way: who asks checked, then the position worked out under the itinerary's lock. */
async function createPlaceInLock(db: Db, caller: Caller, input: NewPlace): Promise<PlaceRow> {
  await authorize(db, caller.itineraryId, caller.actorId, 'write');
  return changeWithEvent(
    db,
    caller,
    async (tx) => {
      const stageId = input.stageId ?? null;
      await checkStage(tx, caller.itineraryId, stageId);
      return places.insert(tx, {
        ...input,
        stageId,
        itineraryId: caller.itineraryId,
        position: await lastPosition(tx, places, caller.itineraryId, inStage(stageId)),
      });
    },
    async (created, tx) => ({ kind: 'place.created', data: await placeEvent(tx, created) }),
  );
}

/** Changes a place; a cost needs its currency, and a new stage puts it last there. */
export async function changePlace(
  db: Db,
  caller: Caller,
  placeId: string,
  changes: PlaceChanges,
  expectedVersion: number | undefined,
): Promise<PlaceRow> {
  const place = await authorizedRow(db, caller, 'write', places, placeId, placeNotFound);
  checkOpeningHours(changes.openingHours);
  const changed = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      const cost = changes.costMinor === undefined ? place.costMinor : changes.costMinor;
      const currency = changes.currency === undefined ? place.currency : changes.currency;
      if (cost !== null && !currency) throw invalidField('currency', 'is required with a cost');
      let values: PlaceChanges & { position?: string } = changes;
      if (changes.stageId !== undefined && changes.stageId !== place.stageId) {
        await checkStage(tx, caller.itineraryId, changes.stageId);
        const position = await lastPosition(
          tx,
          places,
          caller.itineraryId,
          inStage(changes.stageId ?? null),
        );
        values = { ...changes, position };
      }
      return places.update(tx, caller.itineraryId, place.id, values, expectedVersion);
    },
    async (updated, tx) => ({
      kind: 'place.updated',
      data: { ...(await placeEvent(tx, updated)), fields: Object.keys(changes) },
    }),
  );
  if (!changed) throw await missed(db, caller, place.id);
  return changed;
}

export async function deletePlace(
  db: Db,
  caller: Caller,
  placeId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const place = await authorizedRow(db, caller, 'write', places, placeId, placeNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => places.remove(tx, caller.itineraryId, place.id, expectedVersion),
    async (_deleted, tx) => ({ kind: 'place.deleted', data: await placeEvent(tx, place) }),
  );
  if (!deleted) throw await missed(db, caller, place.id);
}

/** Moves a place after another, into another stage (`stageId`) or within its own. */
export async function movePlace(
  db: Db,
  caller: Caller,
  placeId: string,
  move: PlaceMove,
): Promise<PlaceRow> {
  const place = await authorizedRow(db, caller, 'write', places, placeId, placeNotFound);
  const moved = await changeWithEvent(
    db,
    caller,
    async (tx) => {
      // Its stage as it is now, under the lock: the stage may have gone since it was read
      // (the place then stays, outside any stage).
      const now = await places.find(tx, caller.itineraryId, place.id);
      const stageId = move.stageId === undefined ? (now?.stageId ?? null) : move.stageId;
      await checkStage(tx, caller.itineraryId, stageId);
      return moveAfterSibling(tx, places, caller.itineraryId, place.id, {
        afterId: move.afterId,
        expectedVersion: move.expectedVersion,
        where: inStage(stageId),
        changes: { stageId },
      });
    },
    async (moved, tx) => ({
      kind: 'place.moved',
      data: { ...(await placeEvent(tx, moved)), afterId: move.afterId },
    }),
  );
  if (!moved) throw await missed(db, caller, place.id);
  return moved;
}
