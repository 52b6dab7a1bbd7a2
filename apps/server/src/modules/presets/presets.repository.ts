import { TRIP_LENGTHS, type TripLength } from '@jammy/shared/presets';
import { and, arrayContains, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';
import { user } from '../../db/schema/auth';
import { itinerary, place, preset, stage } from '../../db/schema/itineraries';
import type { ItineraryRow } from '../itineraries/access';
import { createItinerary } from '../itineraries/itineraries.repository';

export type PresetRow = typeof preset.$inferSelect;

/** What copying a preset writes: the itinerary, its stages and places (preset-snapshots.ts). */
export interface CopyPlan {
  itinerary: {
    title: string;
    description: string;
    startDate: string;
    endDate: string;
    coverUrl: string | null;
  };
  stages: Omit<typeof stage.$inferInsert, 'itineraryId'>[];
  places: Omit<typeof place.$inferInsert, 'itineraryId'>[];
}

/** The reader's profile facts the answers depend on (null fields when anonymous). */
const reader = {
  readerLanguage: user.language,
  readerInterests: user.interests,
};

function readerJoin(readerId: string | null): SQL {
  return readerId === null ? sql`false` : eq(user.id, readerId);
}

const stageCount = sql<number>`jsonb_array_length(${preset.content} -> 'stages')`;
const placeCount = sql<number>`(select coalesce(sum(jsonb_array_length(s -> 'places')), 0)::int
  from jsonb_array_elements(${preset.content} -> 'stages') as s)`;

export interface PresetFilters {
  readerId: string | null;
  interest?: string;
  region?: string;
  length?: TripLength;
  includeUnpublished: boolean;
}

/**
 * The presets matching the filters with what a card needs (never the stages themselves),
 * and the reader's language and interests: one query.
 */
export async function listPresets(db: Db, filters: PresetFilters) {
  const conditions: (SQL | undefined)[] = [
    filters.includeUnpublished ? undefined : eq(preset.published, true),
    filters.interest ? arrayContains(preset.interests, [filters.interest]) : undefined,
    filters.region ? eq(preset.region, filters.region) : undefined,
  ];
  if (filters.length) {
    const range = TRIP_LENGTHS[filters.length];
    conditions.push(gte(preset.days, range.min), lte(preset.days, range.max));
  }
  return db
    .select({
      id: preset.id,
      slug: preset.slug,
      version: preset.version,
      published: preset.published,
      premium: preset.premium,
      region: preset.region,
      days: preset.days,
      interests: preset.interests,
      coverUrl: preset.coverUrl,
      coverCredit: preset.coverCredit,
      defaultLanguage: preset.defaultLanguage,
      text: preset.text,
      sourceItineraryId: preset.sourceItineraryId,
      publishedBy: preset.publishedBy,
      updatedAt: preset.updatedAt,
      stageCount,
      placeCount,
      ...reader,
    })
    .from(preset)
    .leftJoin(user, readerJoin(filters.readerId))
    .where(and(...conditions));
}

export type PresetListRow = Awaited<ReturnType<typeof listPresets>>[number];

/** Presets by id, whole, with their counts (the shop's products show what is inside). */
export async function findPresetsByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ preset, stageCount, placeCount })
    .from(preset)
    .where(inArray(preset.id, [...ids]));
}

/** One preset, whole, with the reader's language and interests: one query. */
export async function findPresetForReader(db: Db, id: string, readerId: string | null) {
  const [row] = await db
    .select({ preset, stageCount, placeCount, ...reader })
    .from(preset)
    .leftJoin(user, readerJoin(readerId))
    .where(eq(preset.id, id));
  return row;
}

export async function findPreset(db: Db, id: string): Promise<PresetRow | undefined> {
  const [row] = await db.select().from(preset).where(eq(preset.id, id));
  return row;
}

export async function insertPreset(
  db: Db,
  values: Omit<typeof preset.$inferInsert, 'id'>,
): Promise<PresetRow> {
  const now = new Date();
  const [row] = await db
    .insert(preset)
    .values({ id: uuidv7(), createdAt: now, updatedAt: now, ...values })
    .returning();
  if (!row) throw new Error('The preset was not created');
  return row;
}

export type PresetChanges = Partial<
  Pick<PresetRow, 'region' | 'interests' | 'premium' | 'published' | 'text'>
>;

/** Versioned update: undefined when `expectedVersion` is stale (the caller answers 409). */
export async function updatePreset(
  db: Db,
  id: string,
  changes: PresetChanges,
  expectedVersion: number,
): Promise<PresetRow | undefined> {
  const [row] = await db
    .update(preset)
    .set({ ...changes, version: sql`${preset.version} + 1`, updatedAt: new Date() })
    .where(and(eq(preset.id, id), eq(preset.version, expectedVersion)))
    .returning();
  return row;
}

/** Deletes a preset an admin published (never a catalogue one); false when gone or stale. */
export async function deletePublishedPreset(
  db: Db,
  id: string,
  expectedVersion: number | undefined,
): Promise<boolean> {
  const deleted = await db
    .delete(preset)
    .where(
      and(
        eq(preset.id, id),
        sql`${preset.slug} is null`,
        expectedVersion === undefined ? undefined : eq(preset.version, expectedVersion),
      ),
    )
    .returning({ id: preset.id });
  return deleted.length > 0;
}

/**
 * Creates the caller's itinerary (owner membership included) with its stages and places,
 * all in one transaction: a copy is whole or absent.
 */
export async function insertCopy(db: Db, ownerId: string, plan: CopyPlan): Promise<ItineraryRow> {
  return db.transaction(async (tx) => {
    const row = await createItinerary(tx, ownerId, plan.itinerary);
    if (plan.stages.length > 0) {
      await tx
        .insert(stage)
        .values(plan.stages.map((values) => ({ ...values, itineraryId: row.id })));
    }
    if (plan.places.length > 0) {
      await tx
        .insert(place)
        .values(plan.places.map((values) => ({ ...values, itineraryId: row.id })));
    }
    return row;
  });
}

/** An itinerary owned by `ownerId` (not in the trash) with its stages and places, in order. */
export async function findOwnedItineraryContent(db: Db, itineraryId: string, ownerId: string) {
  const [row] = await db
    .select()
    .from(itinerary)
    .where(
      and(
        eq(itinerary.id, itineraryId),
        eq(itinerary.ownerId, ownerId),
        isNull(itinerary.deletedAt),
      ),
    );
  if (!row) return undefined;
  const [stages, places] = await Promise.all([
    db
      .select()
      .from(stage)
      .where(eq(stage.itineraryId, itineraryId))
      .orderBy(asc(stage.position), asc(stage.id)),
    db
      .select()
      .from(place)
      .where(eq(place.itineraryId, itineraryId))
      .orderBy(asc(place.position), asc(place.id)),
  ]);
  return { itinerary: row, stages, places };
}

/** A traveller's chosen language (null when they are gone). */
export async function findUserLanguage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ language: user.language }).from(user).where(eq(user.id, userId));
  return row?.language ?? null;
}
