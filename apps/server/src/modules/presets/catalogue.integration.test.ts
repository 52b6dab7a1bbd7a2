import type { Itinerary } from '@jammy/shared/itineraries';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectStatus } from '../../../test/expect';
import { getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { catalogueFixture, loadFixtures } from '../../../test/preset-helpers';
import { preset } from '../../db/schema/itineraries';
import { CATALOGUE_FILES } from './catalogue/index';
import { loadCatalogue } from './catalogue';

const test = serverTest({ mail: 'outbox' });
let server: TestServer;

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
});

function rowsOf(slugs: string[]) {
  return server.database.db
    .select()
    .from(preset)
    .where(inArray(preset.slug, slugs))
    .orderBy(preset.slug);
}

describe('loading the preset catalogue', () => {
  test('is done when the app starts: every shipped file is there', async () => {
    const slugs = CATALOGUE_FILES.map((file) => file.name.replace(/\.json$/, ''));
    expect((await rowsOf(slugs)).map((row) => row.slug)).toEqual([...slugs].sort());
    // Loading again, as a second process starting would, changes nothing.
    expect(await loadCatalogue(server.database.db)).toEqual({ inserted: 0, updated: 0 });
  });

  test('is idempotent: a second load leaves the same rows', async () => {
    const files = [catalogueFixture(), catalogueFixture()];
    const slugs = files.map((file) => file.slug);
    expect(await loadFixtures(server, files)).toEqual({ inserted: 2, updated: 0 });
    const first = await rowsOf(slugs);
    expect(await loadFixtures(server, files)).toEqual({ inserted: 0, updated: 0 });
    expect(await rowsOf(slugs)).toEqual(first);
    expect(first.map((row) => [row.published, row.premium, row.revision])).toEqual([
      [true, false, 1],
      [true, false, 1],
    ]);
  });

  test('is safe when several processes load at once', async () => {
    const files = [catalogueFixture(), catalogueFixture(), catalogueFixture()];
    const loads = await Promise.all([
      loadFixtures(server, files),
      loadFixtures(server, files),
      loadFixtures(server, files),
    ]);
    expect(loads.reduce((sum, load) => sum + load.inserted, 0)).toBe(3);
    expect(await rowsOf(files.map((file) => file.slug))).toHaveLength(3);
  });

  test('replaces the snapshot of a higher revision, keeping what an admin set and every copy', async () => {
    const original = catalogueFixture({ title: 'Lakes, first edition' });
    await loadFixtures(server, [original]);
    const [stored] = await rowsOf([original.slug]);
    if (!stored) throw new Error('not loaded');
    // A traveller copies it; later an admin marks it premium and unpublishes it.
    const traveller = await server.traveller({ label: 'copier' });
    const copy = expectStatus<Itinerary>(
      await traveller.post(`/api/presets/${stored.id}/copy`, { startDate: '2026-05-01' }),
      201,
    );
    const treeBefore = await getTree(traveller, copy.id);
    await server.database.db
      .update(preset)
      .set({ premium: true, published: false })
      .where(eq(preset.id, stored.id));

    const [firstStage, secondStage] = original.stages;
    if (!firstStage || !secondStage) throw new Error('fixture has two stages');
    const revised = catalogueFixture({
      slug: original.slug,
      revision: 2,
      title: 'Lakes, second edition',
      region: 'europe',
      days: 4,
      interests: ['hiking'],
      stages: [firstStage, { ...secondStage, days: 2, destinationName: 'Bellagio and Varenna' }],
    });
    expect(await loadFixtures(server, [revised])).toEqual({ inserted: 0, updated: 1 });
    const [updated] = await rowsOf([original.slug]);
    expect(updated).toMatchObject({
      id: stored.id,
      revision: 2,
      days: 4,
      interests: ['hiking'],
      premium: true,
      published: false,
      version: stored.version + 1,
    });
    expect(updated?.text).toMatchObject({ en: { title: 'Lakes, second edition' } });
    expect(updated?.content).toMatchObject({
      stages: [{}, { destinationName: 'Bellagio and Varenna', days: 2 }],
    });

    // An older release starting later (revision 1 again) does not undo it.
    expect(await loadFixtures(server, [original])).toEqual({ inserted: 0, updated: 0 });
    expect((await rowsOf([original.slug]))[0]?.revision).toBe(2);

    // The traveller's copy is their own: untouched.
    expect(await getTree(traveller, copy.id)).toEqual(treeBefore);
    expect(treeBefore.itinerary.title).toBe('Lakes, first edition');
  });

  test('refuses an invalid file, naming it and the field', async () => {
    const file = { ...catalogueFixture(), days: 0 };
    await expect(loadFixtures(server, [file])).rejects.toThrow(
      /lake-como-[\w-]+\.json is not valid: days: must be at least 1/,
    );
  });
});
