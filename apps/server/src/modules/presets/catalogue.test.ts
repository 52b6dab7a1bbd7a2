import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@jammy/shared/languages';
import { CATALOGUE_FILES } from './catalogue/index';
import { catalogueFileSchema, parseCatalogueFile } from './catalogue-schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const catalogueDir = path.join(here, 'catalogue');
const webPublicDir = path.resolve(here, '../../../../web/public');
const fixturePath = path.resolve(here, '../../../test/fixtures/preset-lake-como.json');

const fileNames = readdirSync(catalogueDir)
  .filter((name) => name.endsWith('.json'))
  .sort();

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The fixture with one change, to see the schema refuse it. */
function fixtureWith(change: (file: Record<string, unknown>) => void): unknown {
  const file = readJson(fixturePath) as Record<string, unknown>;
  change(file);
  return file;
}

function problems(data: unknown): string[] {
  const result = catalogueFileSchema.safeParse(data);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('the preset catalogue files', () => {
  it('are all imported by catalogue/index.ts, so the build ships every one', () => {
    expect(CATALOGUE_FILES.map((file) => file.name).sort()).toEqual(fileNames);
  });

  // A preset is read in the traveller's language: none falls back to English in a language
  // Jammy lists (its title, description, stages' titles and tips, places' notes).
  it.each(fileNames)('%s has every text in every language Jammy lists', (name) => {
    const file = parseCatalogueFile(name, readJson(path.join(catalogueDir, name)));
    const texts = [
      { at: 'text', text: file.text },
      ...file.stages.flatMap((stage, index) => [
        { at: `stages.${index}.text`, text: stage.text },
        ...stage.places.map((place, placeIndex) => ({
          at: `stages.${index}.places.${placeIndex}.text`,
          text: place.text,
        })),
      ]),
    ].filter((entry) => entry.text !== undefined);
    const missing = texts.flatMap(({ at, text }) =>
      LANGUAGES.filter((language) => text?.[language] === undefined).map(
        (language) => `${at}.${language}`,
      ),
    );
    expect(missing, name).toEqual([]);
  });

  it.each(fileNames)('%s is valid, named by its slug, and its cover exists', (name) => {
    const file = parseCatalogueFile(name, readJson(path.join(catalogueDir, name)));
    expect(`${file.slug}.json`, `${name}: slug`).toBe(name);
    expect(
      existsSync(path.join(webPublicDir, file.cover)),
      `${name}: cover ${file.cover} is not a file of apps/web/public`,
    ).toBe(true);
  });
});

describe('catalogueFileSchema', () => {
  it('accepts the test fixture', () => {
    expect(problems(readJson(fixturePath))).toEqual([]);
  });

  it('names the file and the field when a file is not valid', () => {
    const data = fixtureWith((file) => {
      file.region = 'atlantis';
    });
    expect(() => parseCatalogueFile('lake-como-test.json', data)).toThrow(
      /lake-como-test\.json is not valid: region: /,
    );
  });

  it('refuses coordinates out of range', () => {
    const data = fixtureWith((file) => {
      const [stage] = file.stages as { lat: number; places: { lng: number }[] }[];
      if (!stage?.places[0]) throw new Error('fixture has no place');
      stage.lat = 91;
      stage.places[0].lng = -181;
    });
    expect(problems(data)).toEqual([
      'stages.0.lat: must lie between -90 and 90',
      'stages.0.places.0.lng: must lie between -180 and 180',
    ]);
  });

  it("needs every text in the preset's own language, and takes any other language's", () => {
    const data = fixtureWith((file) => {
      const text = file.text as Record<string, unknown>;
      delete text.ar;
      delete text.en;
      const [stage] = file.stages as { text: Record<string, { tip: string }> }[];
      if (!stage?.text.de) throw new Error('fixture has no German stage text');
      stage.text.de.tip = '  ';
    });
    expect(problems(data)).toEqual([
      'stages.0.text.de.tip: must not be empty',
      "text.en: must be given in the preset's own language (en)",
    ]);
  });

  it('takes only interests, categories and regions of the shared lists', () => {
    const data = fixtureWith((file) => {
      file.interests = ['nature', 'karaoke'];
      const [stage] = file.stages as { places: { category: string }[] }[];
      if (!stage?.places[0]) throw new Error('fixture has no place');
      stage.places[0].category = 'castle';
    });
    expect(problems(data).map((problem) => problem.split(':')[0])).toEqual([
      'interests.1',
      'stages.0.places.0.category',
    ]);
  });

  it('needs stages day after day covering the whole trip, and places inside their stage', () => {
    const data = fixtureWith((file) => {
      const stages = file.stages as { startDay: number; places: { day: number }[] }[];
      const [first, second] = stages;
      if (!first?.places[1] || !second) throw new Error('fixture has too few stages');
      first.places[1].day = 2;
      second.startDay = 3;
    });
    expect(problems(data)).toEqual([
      'stages.0.places.1.day: must lie within its stage (days 0 to 1)',
      'stages.1.startDay: must be 2: stages follow each other day after day',
      'stages.1.places.0.day: must lie within its stage (days 3 to 3)',
      'days: must equal the days the stages cover (4)',
    ]);
  });

  it('wants times as HH:MM, a cover named by the slug, and no unknown fields', () => {
    const data = fixtureWith((file) => {
      file.cover = '/presets/elsewhere.svg';
      file.price = 10;
      const [stage] = file.stages as { places: { time: string }[] }[];
      if (!stage?.places[0]) throw new Error('fixture has no place');
      stage.places[0].time = '25:00';
    });
    expect(problems(data)).toEqual([
      'stages.0.places.0.time: must be a time HH:MM',
      expect.stringContaining('price'),
      'cover: must be /presets/lake-como-test.svg',
    ]);
  });
});
