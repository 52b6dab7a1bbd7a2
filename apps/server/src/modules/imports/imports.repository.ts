import type { ImportContent, StageRoute } from '@jammy/shared/imports';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client';
import { booking } from '../../db/schema/bookings';
import { importBatch, stageRoute } from '../../db/schema/imports';
import { place, stage } from '../../db/schema/itineraries';
import { lastPosition } from '../itineraries/child-rows';
import { places, stages } from '../itineraries/content.repository';

export type ImportBatchRow = typeof importBatch.$inferSelect;

/** The ids an import created (`import_batch.created`). */
export interface CreatedIds {
  stageIds: string[];
  placeIds: string[];
  routeIds: string[];
  bookingIds: string[];
}

export function createdIdsOf(row: ImportBatchRow): CreatedIds {
  const value = (row.created ?? {}) as Partial<CreatedIds>;
  return {
    stageIds: value.stageIds ?? [],
    placeIds: value.placeIds ?? [],
    routeIds: value.routeIds ?? [],
    bookingIds: value.bookingIds ?? [],
  };
}

/**
 * The stages an import makes, in the caller's transaction, after the trip's last: one for what
 * is in no folder (when anything is), then one per folder. The ids of the first and of each
 * folder's stage.
 */
async function insertStages(
  tx: Executor,
  itineraryId: string,
  content: ImportContent,
  created: CreatedIds,
): Promise<{ main: string | null; folders: string[] }> {
  const loose =
    content.folders.length === 0 ||
    content.places.some((row) => row.folder === null) ||
    content.routes.some((row) => row.folder === null);
  const titles = [
    ...(loose ? [content.stage?.title ?? ''] : []),
    ...content.folders.map((row) => row.title),
  ];
  const ids: string[] = [];
  for (const title of titles) {
    const row = await stages.insert(tx, {
      itineraryId,
      title,
      position: await lastPosition(tx, stages, itineraryId),
    });
    ids.push(row.id);
  }
  created.stageIds.push(...ids);
  return loose ? { main: ids[0] ?? null, folders: ids.slice(1) } : { main: null, folders: ids };
}

/**
 * Creates what `content` describes in the itinerary, in the caller's transaction: new stages
 * (when `content.stage.id` is null and there are places or routes: one for what is in no
 * folder, one per folder), the places last in their stage, the routes, the bookings; then the
 * import's record, whose stage is the first one the places went to.
 */
export async function insertImport(
  tx: Executor,
  target: {
    itineraryId: string;
    actorId: string;
    fileName: string;
    createdItinerary: boolean;
  },
  content: ImportContent,
): Promise<ImportBatchRow> {
  const { itineraryId } = target;
  const created: CreatedIds = { stageIds: [], placeIds: [], routeIds: [], bookingIds: [] };
  let stageId = content.stage?.id ?? null;
  // Into an existing stage everything goes there; new stages are one per folder.
  let folderStages: (string | null)[] = content.folders.map(() => stageId);
  if (content.stage && stageId === null) {
    const made = await insertStages(tx, itineraryId, content, created);
    folderStages = made.folders;
    stageId = made.main ?? made.folders[0] ?? null;
  }
  const main = stageId;
  const stageOf = (folder: number | null) =>
    folder === null ? main : (folderStages[folder] ?? main);
  const placeStages = [...new Set(content.places.map((row) => stageOf(row.folder)))];
  for (const placeStage of placeStages) {
    const imported = content.places.filter((row) => stageOf(row.folder) === placeStage);
    const siblings = await places.siblings(
      tx,
      itineraryId,
      placeStage === null ? isNull(place.stageId) : eq(place.stageId, placeStage),
    );
    const positions = generateNKeysBetween(
      siblings.at(-1)?.position ?? null,
      null,
      imported.length,
    );
    const rows = imported.map((row, index) => ({
      id: uuidv7(),
      itineraryId,
      stageId: placeStage,
      position: positions[index] as string,
      name: row.name,
      category: row.category,
      lat: row.lat,
      lng: row.lng,
      notes: row.notes,
    }));
    await tx.insert(place).values(rows);
    created.placeIds.push(...rows.map((row) => row.id));
  }
  const routes = content.routes.flatMap((route) => {
    const routeStage = stageOf(route.folder);
    return routeStage === null
      ? []
      : [
          {
            id: uuidv7(),
            itineraryId,
            stageId: routeStage,
            name: route.name,
            coordinates: route.coordinates,
          },
        ];
  });
  if (routes.length > 0) {
    await tx.insert(stageRoute).values(routes);
    created.routeIds.push(...routes.map((row) => row.id));
  }
  if (content.bookings.length > 0) {
    const rows = content.bookings.map((imported) => ({
      id: uuidv7(),
      itineraryId,
      stageId,
      ...imported,
    }));
    await tx.insert(booking).values(rows);
    created.bookingIds.push(...rows.map((row) => row.id));
  }
  const [row] = await tx
    .insert(importBatch)
    .values({
      id: uuidv7(),
      itineraryId,
      actorId: target.actorId,
      format: content.format,
      fileName: target.fileName,
      stageId,
      createdItinerary: target.createdItinerary,
      created,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('The import was not recorded');
  return row;
}

/** The routes of an itinerary's stages, stage by stage in the trip's order, oldest first. */
export async function listStageRoutes(db: Executor, itineraryId: string): Promise<StageRoute[]> {
  return db
    .select({
      id: stageRoute.id,
      stageId: stageRoute.stageId,
      name: stageRoute.name,
      coordinates: stageRoute.coordinates,
    })
    .from(stageRoute)
    .innerJoin(stage, eq(stage.id, stageRoute.stageId))
    .where(eq(stageRoute.itineraryId, itineraryId))
    .orderBy(asc(stage.position), asc(stage.id), asc(stageRoute.createdAt), asc(stageRoute.id));
}

export async function findImport(
  db: Executor,
  itineraryId: string,
  id: string,
): Promise<ImportBatchRow | undefined> {
  const [row] = await db
    .select()
    .from(importBatch)
    .where(and(eq(importBatch.id, id), eq(importBatch.itineraryId, itineraryId)));
  return row;
}

/**
 * What changed since the import: rows it created that were edited (version above 1) or
 * removed, and rows of others put into a stage it created. Empty: it can be undone.
 */
export async function changesSince(tx: Executor, row: ImportBatchRow): Promise<string[]> {
  const ids = createdIdsOf(row);
  const problems: string[] = [];
  const check = async (
    what: string,
    table: typeof stage | typeof place | typeof booking,
    list: string[],
  ) => {
    if (list.length === 0) return;
    const rows = await tx
      .select({ id: table.id, version: table.version })
      .from(table)
      .where(inArray(table.id, list));
    const edited = rows.filter((found) => found.version !== 1).length;
    const missing = list.length - rows.length;
    if (edited > 0) problems.push(`${edited} ${what} changed`);
    if (missing > 0) problems.push(`${missing} ${what} deleted`);
  };
  await check('stages', stage, ids.stageIds);
  await check('places', place, ids.placeIds);
  await check('bookings', booking, ids.bookingIds);
  if (ids.stageIds.length > 0) {
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(place)
      .where(
        and(
          inArray(place.stageId, ids.stageIds),
          ids.placeIds.length > 0 ? notInArray(place.id, ids.placeIds) : undefined,
        ),
      );
    if ((others?.count ?? 0) > 0) problems.push(`${others?.count} other places added to its stage`);
    const [otherBookings] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(booking)
      .where(
        and(
          inArray(booking.stageId, ids.stageIds),
          ids.bookingIds.length > 0 ? notInArray(booking.id, ids.bookingIds) : undefined,
        ),
      );
    if ((otherBookings?.count ?? 0) > 0) {
      problems.push(`${otherBookings?.count} other bookings added to its stage`);
    }
  }
  return problems;
}

/** Removes what the import created and marks it undone (in the caller's transaction). */
export async function removeImported(tx: Executor, row: ImportBatchRow): Promise<ImportBatchRow> {
  const ids = createdIdsOf(row);
  if (ids.bookingIds.length > 0)
    await tx.delete(booking).where(inArray(booking.id, ids.bookingIds));
  if (ids.routeIds.length > 0)
    await tx.delete(stageRoute).where(inArray(stageRoute.id, ids.routeIds));
  if (ids.placeIds.length > 0) await tx.delete(place).where(inArray(place.id, ids.placeIds));
  if (ids.stageIds.length > 0) await tx.delete(stage).where(inArray(stage.id, ids.stageIds));
  const [undone] = await tx
    .update(importBatch)
    .set({ undoneAt: new Date() })
    .where(and(eq(importBatch.id, row.id), isNull(importBatch.undoneAt)))
    .returning();
  return undone ?? row;
}
