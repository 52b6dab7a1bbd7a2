import { GEO_SEARCH_LIMITS } from '@jammy/shared/geo';
import {
  IMPORT_LIMITS,
  type ImportBatch,
  type ImportContent,
  type LookupLine,
  type StageRoute,
} from '@jammy/shared/imports';
import { LIMITS } from '@jammy/shared/itineraries';
import type { Language } from '@jammy/shared/languages';
import type { Db, Executor } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { searchPlaces, type GeoSearchDeps } from '../geo/geo.service';
import { GAZETTEER_ATTRIBUTION } from '../geo/gazetteer';
import { authorize, type ItineraryRow, type Reader, type Writer } from '../itineraries/access';
import { changeWithEvent } from '../itineraries/change-with-event';
import { stages } from '../itineraries/content.repository';
import { createItinerary, setTrashed } from '../itineraries/itineraries.repository';
import { cleanText, unreadable } from './import-text';
import { presentImportBatch } from './imports.presenter';
import {
  changesSince,
  findImport,
  insertImport,
  listStageRoutes,
  removeImported,
  type ImportBatchRow,
} from './imports.repository';
import { readPastedLine } from './map-links';
import type { ReadOptions } from './read-import';

const importNotFound = () => new AppError('import/not-found', 'There is no such import');

/** An itinerary's first and last day, when it has both (a one-day trip: its start twice). */
function tripDates(row: { startDate: string | null; endDate: string | null }) {
  return row.startDate ? { start: row.startDate, end: row.endDate ?? row.startDate } : null;
}

/** The itinerary, for one who may import into it (editors). */
export async function importTarget(db: Db, itineraryId: string, userId: string) {
  const access = await authorize(db, itineraryId, userId, 'write');
  return access.itinerary;
}

/**
 * How a file is to be read into `itinerary`: into the chosen stage (400 when it is not one of
 * the trip's), in the trip's zone and dates.
 */
export async function importOptions(
  db: Db,
  itinerary: ItineraryRow,
  query: { stageId?: string | undefined; stageTitle?: string | undefined; fileName: string },
): Promise<ReadOptions> {
  const stage = query.stageId ? await stages.find(db, itinerary.id, query.stageId) : null;
  if (query.stageId && !stage) throw invalidField('stageId', 'is not a stage of this itinerary');
  return {
    fileName: query.fileName,
    stage: stage ? { id: stage.id, title: stage.title } : null,
    stageTitle: query.stageTitle,
    zone: itinerary.timezone,
    dates: tripDates(itinerary),
  };
}

/** Writes what a file holds with its `import.created` event, as one undoable import. */
function commit(
  executor: Executor,
  itineraryId: string,
  actor: Writer,
  fileName: string,
  content: ImportContent,
  createdItinerary: boolean,
): Promise<ImportBatchRow> {
  return changeWithEvent(
    executor,
    { itineraryId, actorId: actor.id, via: actor.via },
    async (tx) => {
      // The chosen stage may have gone since the dry run: look again under the lock.
      if (content.stage?.id && !(await stages.find(tx, itineraryId, content.stage.id))) {
        throw invalidField('stageId', 'is not a stage of this itinerary');
      }
      return insertImport(
        tx,
        { itineraryId, actorId: actor.id, fileName, createdItinerary },
        content,
      );
    },
    (row) => {
      const batch = presentImportBatch(row);
      return {
        kind: 'import.created',
        data: {
          importId: row.id,
          format: row.format,
          title: row.fileName,
          stageId: row.stageId,
          stageTitle: content.stage?.title ?? '',
          ...batch.counts,
          count: batch.counts.places + batch.counts.bookings,
        },
      };
    },
  );
}

/** Imports what was read into the itinerary (its editor checked by `prepareImport`). */
export async function importIntoItinerary(
  db: Db,
  itineraryId: string,
  writer: Writer,
  fileName: string,
  content: ImportContent,
): Promise<ImportBatch> {
  return presentImportBatch(await commit(db, itineraryId, writer, fileName, content, false));
}

/** Imports what was read as a new itinerary: both are created together, or neither. */
export async function importAsNewItinerary(
  db: Db,
  writer: Writer,
  title: string,
  fileName: string,
  content: ImportContent,
): Promise<ImportBatch> {
  const row = await db.transaction(async (tx) => {
    const itinerary = await createItinerary(tx, writer.id, { title });
    return commit(tx, itinerary.id, writer, fileName, content, true);
  });
  return presentImportBatch(row);
}

/** One import of the itinerary, for its members. */
export async function readImportBatch(
  db: Db,
  itineraryId: string,
  userId: string,
  importId: string,
): Promise<ImportBatch> {
  const access = await authorize(db, itineraryId, userId, 'read');
  const row = await findImport(db, access.itinerary.id, importId);
  if (!row) throw importNotFound();
  return presentImportBatch(row);
}

/**
 * Undoes an import (editors): removes what it created if none of it changed since (409 with
 * the changes otherwise); an itinerary the import created goes to the trash with it.
 */
export async function undoImport(
  db: Db,
  itineraryId: string,
  writer: Writer,
  importId: string,
): Promise<void> {
  const access = await authorize(db, itineraryId, writer.id, 'write');
  await changeWithEvent(
    db,
    { itineraryId: access.itinerary.id, actorId: writer.id, via: writer.via },
    async (tx) => {
      const row = await findImport(tx, access.itinerary.id, importId);
      if (!row) throw importNotFound();
      if (row.undoneAt) throw importNotFound();
      const changes = await changesSince(tx, row);
      if (changes.length > 0) {
        throw conflict({ import: presentImportBatch(row), changes });
      }
      const undone = await removeImported(tx, row);
      // An itinerary the import created goes to the trash (restorable) with it.
      if (undone.createdItinerary) await setTrashed(tx, undone.itineraryId, true);
      return undone;
    },
    (row) => ({
      kind: 'import.undone',
      data: { importId: row.id, title: row.fileName, ...presentImportBatch(row).counts },
    }),
  );
}

/** The stages' routes (imported tracks) for whoever may read the itinerary. */
export function stageRoutesFor(db: Db, reader: Reader): Promise<StageRoute[]> {
  const itineraryId = reader.kind === 'member' ? reader.access.itinerary.id : reader.itinerary.id;
  return listStageRoutes(db, itineraryId);
}

/** Candidates for pasted lines, for an editor of the itinerary (nothing is saved). */
export async function lookUpPasted(
  db: Db,
  search: GeoSearchDeps,
  itinerary: { id: string; userId: string },
  text: string,
  lang: Language,
): Promise<{ items: LookupLine[]; attribution: string }> {
  await authorize(db, itinerary.id, itinerary.userId, 'write');
  return lookupLines(search, text, lang);
}

/** Candidates for each pasted line: links read offline, names from the place search. */
async function lookupLines(
  deps: GeoSearchDeps,
  text: string,
  lang: Language,
): Promise<{ items: LookupLine[]; attribution: string }> {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length > IMPORT_LIMITS.lines) {
    throw unreadable('text', `has more than ${IMPORT_LIMITS.lines} lines`);
  }
  let attribution = GAZETTEER_ATTRIBUTION;
  const items: LookupLine[] = [];
  for (const line of lines) {
    const read = readPastedLine(line);
    if (read.kind === 'link') {
      if (read.lat === null) {
        items.push({ line, kind: 'link', candidates: [], problem: read.problem });
        continue;
      }
      const name = cleanText(read.name ?? '', LIMITS.placeName) || `${read.lat}, ${read.lng}`;
      items.push({
        line,
        kind: 'link',
        candidates: [{ name, lat: read.lat, lng: read.lng, country: '', category: 'sight' }],
        problem: null,
      });
      continue;
    }
    const q = read.name.slice(0, GEO_SEARCH_LIMITS.queryLength);
    const result = await searchPlaces(deps, { q, limit: IMPORT_LIMITS.candidates, lang });
    attribution = result.attribution;
    items.push({
      line,
      kind: 'name',
      candidates: result.items.map((place) => ({
        name: place.name,
        lat: place.lat,
        lng: place.lng,
        country: place.country,
        category: place.category,
      })),
      problem: result.items.length === 0 ? 'not-found' : null,
    });
  }
  return { items, attribution };
}
