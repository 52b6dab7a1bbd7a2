import { readFileSync } from 'node:fs';
import type { PresetOpenStage, PresetStageDetail } from '@jammy/shared/presets';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogue, type CatalogueLoad } from '../src/modules/presets/catalogue';
import type { CatalogueFile } from '../src/modules/presets/catalogue-schema';
import type { TestApp } from './test-app';

const fixturePath = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'preset-lake-como.json',
);

let fixtureCounter = 0;

/**
 * A valid catalogue file (the Lake Como fixture) with a slug of its own and `changes` applied;
 * `title` sets the English title.
 */
export function catalogueFixture(
  changes: Partial<CatalogueFile> & { title?: string } = {},
): CatalogueFile {
  fixtureCounter += 1;
  const base = JSON.parse(readFileSync(fixturePath, 'utf8')) as CatalogueFile;
  const { title, ...rest } = changes;
  const slug = rest.slug ?? `lake-como-${fixtureCounter}-${Math.random().toString(36).slice(2, 6)}`;
  const file: CatalogueFile = { ...base, ...rest, slug, cover: `/presets/${slug}.svg` };
  const english = file.text.en;
  if (title && english) file.text = { ...file.text, en: { ...english, title } };
  return file;
}

/** Loads catalogue files into the test app's database as a release would. */
export function loadFixtures(testApp: TestApp, files: CatalogueFile[]): Promise<CatalogueLoad> {
  return loadCatalogue(
    testApp.database.db,
    files.map((file) => ({ name: `${file.slug}.json`, data: file })),
  );
}

/** A stage of a preset read whole (a free one, or bought): the test fails on a locked one. */
export function openStage(stage: PresetStageDetail | undefined): PresetOpenStage {
  if (!stage || stage.locked)
    throw new Error(`expected a whole stage, got ${JSON.stringify(stage)}`);
  return stage;
}
