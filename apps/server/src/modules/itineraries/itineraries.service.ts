import type {
  createItinerarySchema,
  Itinerary,
  ItinerarySummary,
  Page,
  listItinerariesQuerySchema,
  updateItinerarySchema,
} from '@jammy/shared/itineraries';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { coverFile, coverFileId, releaseCover } from '../files/covers.service';
import { hashToken } from '../../lib/tokens';
import { authorize, checkLink, type Access, type Caller, type ItineraryRow } from './access';
import { changeWithEvent } from './change-with-event';
import {
  createItinerary,
  decodeCursor,
  listItineraries,
  memberItineraryIds,
  setTrashed,
  updateItinerary,
  type ItineraryChanges,
} from './itineraries.repository';
import type { CachedDocument, DocumentCache } from './document-cache';
import type { ReadList } from './list-cache';
import { readItineraryDocument, readSharedItineraryDocument } from './itinerary-document';
import { presentItinerary } from './itinerary.presenter';

type ItineraryInput = Omit<z.output<typeof updateItinerarySchema>, 'version'>;

const itineraryNotFound = () => new AppError('itinerary/not-found', 'There is no such itinerary');

/** One page of the trips `userId` is a member of (or of their trash), with their counts. */
export async function listMyItineraries(
  db: Db,
  userId: string,
  query: z.output<typeof listItinerariesQuerySchema>,
  only?: ReadonlySet<string>,
): Promise<Page<ItinerarySummary>> {
  const cursor = decodeCursor(query.cursor, query.sort);
  if (cursor === 'invalid') throw invalidField('cursor', 'is not a cursor of this list');
  const page = await listItineraries(db, {
    userId,
    q: query.q,
    sort: query.sort,
    cursor,
    limit: query.limit,
    trash: query.trash === 'true',
    only: only && [...only],
  });
  return {
    items: page.rows.map((row) => ({
      ...presentItinerary(row.itinerary, row.role, row.cover),
      stageCount: row.stageCount,
      placeCount: row.placeCount,
      stagesStartDate: row.stagesStartDate,
      stagesEndDate: row.stagesEndDate,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * One page of `userId`'s list as JSON, with every trip they are a member of (what the list
 * cache keeps it with): two queries side by side.
 */
export async function readListPage(
  db: Db,
  userId: string,
  query: z.output<typeof listItinerariesQuerySchema>,
): Promise<ReadList> {
  const [page, memberOf] = await Promise.all([
    listMyItineraries(db, userId, query),
    memberItineraryIds(db, userId),
  ]);
  return { json: JSON.stringify(page), memberOf };
}

/** Where a query's page is kept in the list cache: every parameter, defaults filled in. */
export function listPageKey(query: z.output<typeof listItinerariesQuerySchema>): string {
  return JSON.stringify([query.sort, query.limit, query.trash, query.cursor ?? '', query.q ?? '']);
}

/**
 * An itinerary's document (its stages and places, as JSON text) for a member (`userId`), or
 * through a share link for anyone (`share`): kept in `documents` for the next reads.
 * Without a session or a link: 401; neither a member nor a valid link: 404.
 */
export async function itineraryDocument(
  db: Db,
  documents: DocumentCache,
  itineraryId: string,
  userId: string | undefined,
  share: string | undefined,
): Promise<CachedDocument> {
  if (userId === undefined && share === undefined) {
    throw new AppError('auth/unauthenticated', 'Sign in to continue');
  }
  let document =
    userId === undefined
      ? undefined
      : await documents.load(itineraryId, userId, () =>
          readItineraryDocument(db, itineraryId, userId),
        );
  if (!document && share !== undefined) {
    // The link is kept as valid with the link document read after it, unless the trip (or the
    // link: migration 0023) changed meanwhile.
    const allow = documents.beginLink();
    const { expiresAt } = await checkLink(db, itineraryId, share);
    document = await documents.load(itineraryId, undefined, () =>
      readSharedItineraryDocument(db, itineraryId),
    );
    if (document) allow(itineraryId, hashToken(share), expiresAt);
  }
  if (!document) throw itineraryNotFound();
  return document;
}

/** A new trip, its creator its owner (the client's id, when made offline: 409 if taken). */
export async function newItinerary(
  db: Db,
  ownerId: string,
  input: z.output<typeof createItinerarySchema>,
): Promise<Itinerary> {
  return presentItinerary(await createItinerary(db, ownerId, input), 'owner');
}

/** The itinerary as its members see it, with its cover's file. */
export async function presentWithCover(db: Db, row: ItineraryRow, access: Access) {
  return presentItinerary(row, access.role, await coverFile(db, row));
}

/**
 * Changes an itinerary's own fields (an editor may), its cover included; the cover it
 * replaces goes when nothing else uses it (`sweepFiles` then removes its bytes). Stale: 409
 * with the itinerary as it is now.
 */
export async function changeItinerary(
  db: Db,
  caller: Caller,
  input: ItineraryInput,
  expectedVersion: number | undefined,
  sweepFiles?: () => void,
): Promise<Itinerary> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'write');
  const { coverPath, ...fields } = input;
  const changes: ItineraryChanges = { ...fields };
  if (coverPath !== undefined) {
    changes.coverFileId = await coverFileId(db, access.itinerary.id, coverPath);
  }
  const merged = { ...access.itinerary, ...changes };
  if (merged.startDate && merged.endDate && merged.endDate < merged.startDate) {
    throw new AppError('request/invalid', 'endDate: must not be before startDate', {
      issues: [{ field: 'endDate', message: 'must not be before startDate' }],
    });
  }
  const row = await changeWithEvent(
    db,
    caller,
    (tx) => updateItinerary(tx, access.itinerary.id, changes, expectedVersion),
    (updated) => ({
      kind: 'itinerary.updated',
      data: { title: updated.title, fields: Object.keys(input) },
    }),
    { touch: false },
  );
  if (!row) throw conflict(await presentWithCover(db, access.itinerary, access));
  if (await releaseCover(db, access.itinerary.coverFileId, row.coverFileId)) sweepFiles?.();
  return presentWithCover(db, row, access);
}

/** Moves an itinerary to the trash (its owner only); stale: 409 with it as it is now. */
export async function trashItinerary(
  db: Db,
  caller: Caller,
  expectedVersion: number | undefined,
): Promise<Itinerary> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'own');
  if (expectedVersion !== undefined && expectedVersion !== access.itinerary.version) {
    throw conflict(await presentWithCover(db, access.itinerary, access));
  }
  const row = await changeWithEvent(
    db,
    caller,
    (tx) => setTrashed(tx, access.itinerary.id, true),
    (trashed) => ({ kind: 'itinerary.trashed', data: { title: trashed.title } }),
    { touch: false, requires: 'own' },
  );
  if (!row) throw itineraryNotFound();
  return presentWithCover(db, row, access);
}

/** Takes an itinerary back out of the trash (its owner only); one not in it is answered as is. */
export async function restoreItinerary(db: Db, caller: Caller): Promise<Itinerary> {
  const access = await authorize(db, caller.itineraryId, caller.actorId, 'own', {
    includeTrashed: true,
  });
  if (!access.itinerary.deletedAt) return presentWithCover(db, access.itinerary, access);
  const row = await changeWithEvent(
    db,
    caller,
    (tx) => setTrashed(tx, access.itinerary.id, false),
    (restored) => ({ kind: 'itinerary.restored', data: { title: restored.title } }),
    { touch: false, requires: 'own', includeTrashed: true },
  );
  if (!row) throw itineraryNotFound();
  return presentWithCover(db, row, access);
}
