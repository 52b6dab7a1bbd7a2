import { changedAt } from '../../db/clock';
import { dateSchema, instantSchema } from '@jammy/shared/fields';
import { idSchema } from '@jammy/shared/ids';
import { TRASH_RETENTION_DAYS, type Role } from '@jammy/shared/itineraries';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { fileObject, itinerary, itineraryMember, place, stage } from '../../db/schema/itineraries';
import type { FileObjectRow } from '../files/objects.repository';
import type { ItineraryRow } from './access';

export type ItineraryChanges = Partial<
  Pick<
    ItineraryRow,
    | 'title'
    | 'description'
    | 'startDate'
    | 'endDate'
    | 'timezone'
    | 'currency'
    | 'coverUrl'
    | 'coverFileId'
  >
>;

/** Creates an itinerary and makes its creator the owner member, atomically. */
export async function createItinerary(
  db: Executor,
  ownerId: string,
  { id, ...values }: ItineraryChanges & { title: string; id?: string },
): Promise<ItineraryRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(itinerary)
      // The client's id (a trip made offline; taken already: 409) or a new one. Timestamps
      // from here, at millisecond precision, so list cursors compare exactly.
      .values({
        id: id ?? uuidv7(),
        ownerId,
        ...values,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('The itinerary was not created');
    await tx
      .insert(itineraryMember)
      .values({ itineraryId: row.id, userId: ownerId, role: 'owner' });
    return row;
  });
}

/** Versioned update: undefined when `expectedVersion` is stale (the caller answers 409). */
export async function updateItinerary(
  db: Db,
  id: string,
  changes: ItineraryChanges,
  expectedVersion: number | undefined,
): Promise<ItineraryRow | undefined> {
  const [row] = await db
    .update(itinerary)
    .set({ ...changes, version: sql`${itinerary.version} + 1`, updatedAt: changedAt() })
    .where(and(eq(itinerary.id, id), versionIs(itinerary.version, expectedVersion)))
    .returning();
  return row;
}

export function versionIs(column: AnyPgColumn, expected: number | undefined): SQL | undefined {
  return expected === undefined ? undefined : eq(column, expected);
}

/** Into the trash (at the moment it happens: `changedAt`) or out of it. */
export async function setTrashed(
  db: Db,
  id: string,
  trashed: boolean,
): Promise<ItineraryRow | undefined> {
  const [row] = await db
    .update(itinerary)
    .set({
      deletedAt: trashed ? changedAt() : null,
      version: sql`${itinerary.version} + 1`,
      updatedAt: changedAt(),
    })
    .where(eq(itinerary.id, id))
    .returning();
  return row;
}

/** Marks the itinerary as changed now (sorting by last change), without a new version. */
export async function touchItinerary(db: Db, id: string): Promise<void> {
  await db.update(itinerary).set({ updatedAt: changedAt() }).where(eq(itinerary.id, id));
}

/** Deletes for good what has been in the trash longer than the retention period. */
export async function purgeTrash(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(itinerary)
    .where(and(isNotNull(itinerary.deletedAt), lt(itinerary.deletedAt, cutoff)))
    .returning({ id: itinerary.id });
  return removed.length;
}

/** The stages of an itinerary, in order. */
export function listStages(db: Db, itineraryId: string) {
  return db
    .select()
    .from(stage)
    .where(eq(stage.itineraryId, itineraryId))
    .orderBy(asc(stage.position), asc(stage.id));
}

/** The places of an itinerary, in order (all stages, and those in none). */
export function listPlaces(db: Db, itineraryId: string) {
  return db
    .select()
    .from(place)
    .where(eq(place.itineraryId, itineraryId))
    .orderBy(asc(place.position), asc(place.id));
}

interface Cursor {
  /** updatedAt (sort=updated) or startDate or null (sort=start). */
  key: string | null;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const cursorSchemas = {
  updated: z.strictObject({ id: idSchema, key: instantSchema }),
  start: z.strictObject({ id: idSchema, key: dateSchema.nullable() }),
};

/**
 * A cursor the client handed back, checked like any input: it must be one this list makes
 * for this sort (a valid id and key), else 'invalid' (the route answers 400).
 */
export function decodeCursor(
  value: string | undefined,
  sort: 'updated' | 'start',
): Cursor | null | 'invalid' {
  if (value === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return 'invalid';
  }
  const result = cursorSchemas[sort].safeParse(parsed);
  return result.success ? result.data : 'invalid';
}

export interface ListOptions {
  userId: string;
  q: string | undefined;
  sort: 'updated' | 'start';
  cursor: Cursor | null;
  limit: number;
  trash: boolean;
  /** Only these trips (an API token limited to chosen trips); undefined: all. */
  only?: readonly string[];
}

/**
 * The caller's itineraries (own and shared with them), with stage and place counts, in one
 * query; keyset pagination on (sort key, id).
 */
export async function listItineraries(db: Db, options: ListOptions) {
  const conditions: (SQL | undefined)[] = [
    options.trash
      ? and(isNotNull(itinerary.deletedAt), eq(itineraryMember.role, 'owner'))
      : isNull(itinerary.deletedAt),
  ];
  if (options.q) conditions.push(ilike(itinerary.title, `%${escapeLike(options.q)}%`));
  if (options.only) conditions.push(inArray(itinerary.id, [...options.only]));
  const { cursor } = options;
  if (cursor && options.sort === 'updated' && cursor.key) {
    const at = new Date(cursor.key);
    conditions.push(
      or(
        lt(itinerary.updatedAt, at),
        and(eq(itinerary.updatedAt, at), lt(itinerary.id, cursor.id)),
      ),
    );
  }
  if (cursor && options.sort === 'start') {
    conditions.push(
      cursor.key === null
        ? and(isNull(itinerary.startDate), sql`${itinerary.id} > ${cursor.id}`)
        : or(
            sql`${itinerary.startDate} > ${cursor.key}`,
            and(eq(itinerary.startDate, cursor.key), sql`${itinerary.id} > ${cursor.id}`),
            isNull(itinerary.startDate),
          ),
    );
  }
  const order =
    options.sort === 'updated'
      ? [desc(itinerary.updatedAt), desc(itinerary.id)]
      : [sql`${itinerary.startDate} asc nulls last`, asc(itinerary.id)];

  const rows = await db
    .select({
      itinerary,
      cover: fileObject,
      role: itineraryMember.role,
      stageCount: sql<number>`(select count(*)::int from ${stage} where ${stage.itineraryId} = ${itinerary.id})`,
      placeCount: sql<number>`(select count(*)::int from ${place} where ${place.itineraryId} = ${itinerary.id})`,
      stagesStartDate: sql<
        string | null
      >`(select min(coalesce(${stage.startDate}, ${stage.endDate}))::text from ${stage} where ${stage.itineraryId} = ${itinerary.id})`,
      stagesEndDate: sql<
        string | null
      >`(select max(coalesce(${stage.endDate}, ${stage.startDate}))::text from ${stage} where ${stage.itineraryId} = ${itinerary.id})`,
    })
    .from(itinerary)
    .innerJoin(
      itineraryMember,
      and(
        eq(itineraryMember.itineraryId, itinerary.id),
        eq(itineraryMember.userId, options.userId),
      ),
    )
    .leftJoin(fileObject, eq(fileObject.id, itinerary.coverFileId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit + 1);

  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({
          id: last.itinerary.id,
          key:
            options.sort === 'updated'
              ? last.itinerary.updatedAt.toISOString()
              : last.itinerary.startDate,
        })
      : null;
  return {
    rows: page as {
      itinerary: ItineraryRow;
      cover: FileObjectRow | null;
      role: Role;
      stageCount: number;
      placeCount: number;
      stagesStartDate: string | null;
      stagesEndDate: string | null;
    }[],
    nextCursor,
  };
}

/** Every itinerary `userId` is a member of, in the trash too: what their list may show. */
export async function memberItineraryIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: itineraryMember.itineraryId })
    .from(itineraryMember)
    .where(eq(itineraryMember.userId, userId));
  return rows.map((row) => row.id);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}
