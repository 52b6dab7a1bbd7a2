import type { Executor } from '../../db/client';
import { CATALOGUE_FILES } from './catalogue/index';
import { upsertCatalogue } from './catalogue.repository';
import { parseCatalogueFile } from './catalogue-schema';

/** What a catalogue load changed. */
export interface CatalogueLoad {
  inserted: number;
  updated: number;
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

  const rows = await upsertCatalogue(db, parsed);
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}
