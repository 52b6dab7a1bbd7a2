import type { Page } from '@jammy/shared/itineraries';
import type { PresetSummary } from '@jammy/shared/presets';
import { inArray } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/database';
import {
  apiFor,
  createSignedInUser,
  expectStatus,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { catalogueFixture, loadFixtures, signUpAs } from '../../../test/preset-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { preset } from '../../db/schema/itineraries';

const ADMIN_EMAIL = 'presets.admin@example.com';

// Titles sort the other way round from the interests they share with [art, history].
export const noMatch = catalogueFixture({ title: 'Alpine beaches', interests: ['beaches'] });
export const oneMatch = catalogueFixture({
  title: 'Baroque towns',
  interests: ['history', 'nature'],
  region: 'asia',
});
export const twoMatches = catalogueFixture({
  title: 'Castles and canvases',
  interests: ['art', 'history', 'wine'],
});
export const premium = catalogueFixture({ title: 'Premium lakes', interests: ['wellness'] });
export const hidden = catalogueFixture({ title: 'Hidden lakes', interests: ['wellness'] });

/** A test app with the catalogue above (premium: premium; hidden: unpublished) and two users. */
export interface CatalogueTest {
  testApp: TestApp;
  api: Api;
  /** An admin, by ADMIN_EMAILS. */
  admin: SignedInUser;
  /** A traveller interested in art and history. */
  traveller: SignedInUser;
  /** The id a catalogue file got. */
  idOf: (file: { slug: string }) => string;
  /** The list as `user` sees it, reduced to the test's own presets. */
  list: (
    user: SignedInUser | null,
    query?: string,
    headers?: Record<string, string>,
  ) => Promise<{ response: Awaited<ReturnType<Api>>; items: PresetSummary[] }>;
  close: () => Promise<void>;
}

export async function startCatalogueTest(): Promise<CatalogueTest> {
  const database = await createTestDatabase();
  const testApp = await buildTestApp({
    databaseUrl: database.url,
    env: { ADMIN_EMAILS: ADMIN_EMAIL },
  });
  const api = apiFor(testApp);
  const ids = new Map<string, string>();
  function idOf(file: { slug: string }): string {
    const id = ids.get(file.slug);
    if (!id) throw new Error(`${file.slug} was not loaded`);
    return id;
  }
  const files = [noMatch, oneMatch, twoMatches, premium, hidden];
  await loadFixtures(testApp, files);
  const rows = await testApp.database.db
    .select()
    .from(preset)
    .where(
      inArray(
        preset.slug,
        files.map((file) => file.slug),
      ),
    );
  for (const row of rows) if (row.slug) ids.set(row.slug, row.id);
  await testApp.database.db
    .update(preset)
    .set({ premium: true })
    .where(inArray(preset.id, [idOf(premium)]));
  await testApp.database.db
    .update(preset)
    .set({ published: false })
    .where(inArray(preset.id, [idOf(hidden)]));
  const admin = await signUpAs(testApp, ADMIN_EMAIL);
  const traveller = await createSignedInUser(testApp, 'browser');
  expectStatus(
    await api(traveller, 'PUT', '/api/me/interests', {
      payload: { interests: ['art', 'history'] },
    }),
    200,
  );

  async function list(user: SignedInUser | null, query = '', headers: Record<string, string> = {}) {
    const response = await api(user, 'GET', `/api/presets${query}`, { headers });
    const mine = new Set(ids.values());
    return {
      response,
      items: expectStatus<Page<PresetSummary>>(response, 200).items.filter((item) =>
        mine.has(item.id),
      ),
    };
  }

  return {
    testApp,
    api,
    admin,
    traveller,
    idOf,
    list,
    close: async () => {
      await testApp.close();
      await database.drop();
    },
  };
}
