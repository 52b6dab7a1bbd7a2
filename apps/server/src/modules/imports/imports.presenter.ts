import type { ImportBatch, ImportFormat } from '@jammy/shared/imports';
import { createdIdsOf, type ImportBatchRow } from './imports.repository';

/** An import: what it created (counted), into which stage, and whether it was undone. */
export function presentImportBatch(row: ImportBatchRow): ImportBatch {
  const ids = createdIdsOf(row);
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    format: row.format as ImportFormat,
    fileName: row.fileName,
    counts: {
      stages: ids.stageIds.length,
      places: ids.placeIds.length,
      routes: ids.routeIds.length,
      bookings: ids.bookingIds.length,
    },
    stageId: row.stageId,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}
