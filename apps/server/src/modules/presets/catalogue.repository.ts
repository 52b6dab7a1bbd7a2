import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor } from '../../db/client';
import { preset } from '../../db/schema/itineraries';
import type { CatalogueFile } from './catalogue-schema';

function excluded(column: PgColumn) {
  return sql.raw(`excluded."${column.name}"`);
}

/**
 * Inserts the catalogue's presets, or replaces the snapshot of those whose file has a higher
 * revision (keeping `published` and `premium`), in one statement; `inserted` tells each row
 * it inserted from one it updated.
 */
export async function upsertCatalogue(
  db: Executor,
  parsed: readonly CatalogueFile[],
): Promise<{ inserted: boolean }[]> {
  const now = new Date();
  return (
    db
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
      .returning({ inserted: sql<boolean>`(xmax = 0)` })
  );
}
