import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client';
import { preset } from '../../db/schema/itineraries';
import { CATALOGUE_FILES } from './catalogue/index';
import { parseCatalogueFile } from './catalogue-schema';

/** What a catalogue load changed. */
export interface CatalogueLoad {
  inserted: number;
  updated: number;
}

function excluded(column: PgColumn) {
  return sql.raw(`excluded."${column.name}"`);
}

/**
 * Loads the preset catalogue at start: missing slugs are inserted; a file whose revision is
 * higher than the stored one replaces the snapshot, keeping `published` and `premium` as an
 * admin may have set them. One statement, so processes starting together cannot both insert
 * (ON CONFLICT) and an older release never overwrites a newer snapshot (revision guard).
 * Users' itineraries are copies and are never touched.
 */
export async function loadCatalogue(
  db: Executor,
  files: readonly { name: string; data: unknown }[] = CATALOGUE_FILES,
): Promise<CatalogueLoad> {
  const parsed = files
    .map((file) => parseCatalogueFile(file.name, file.data))
    // The same order in every process, so concurrent loads lock rows in the same order.
    .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  const slugs = new Set(parsed.map((file) => file.slug));
  if (slugs.size !== parsed.length) throw new Error('Two preset catalogue files share a slug');
  if (parsed.length === 0) return { inserted: 0, updated: 0 };

  const now = new Date();
  const rows = await db
    .insert(preset)
    .values(
      parsed.map((file) => ({
        id: uuidv7(),
        slug: file.slug,
        revision: file.revision,
        region: file.region,
        days: file.days,
        interests: file.interests,
        coverUrl: file.cover,
        coverCredit: file.coverCredit,
        defaultLanguage: file.defaultLanguage,
        text: file.text,
        content: { stages: file.stages },
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: preset.slug,
      set: {
        revision: excluded(preset.revision),
        region: excluded(preset.region),
        days: excluded(preset.days),
        interests: excluded(preset.interests),
        coverUrl: excluded(preset.coverUrl),
        coverCredit: excluded(preset.coverCredit),
        defaultLanguage: excluded(preset.defaultLanguage),
        text: excluded(preset.text),
        content: excluded(preset.content),
        version: sql`${preset.version} + 1`,
        updatedAt: now,
      },
      setWhere: sql`${preset.revision} < ${excluded(preset.revision)}`,
    })
    // xmax is 0 for a row this statement inserted, set for one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}
