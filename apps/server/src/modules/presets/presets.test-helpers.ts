import type { Page } from '@jammy/shared/itineraries';
import type { PresetSummary } from '@jammy/shared/presets';
import { inArray } from 'drizzle-orm';
import { callsTo, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { catalogueFixture, loadFixtures } from '../../../test/preset-helpers';
import type { TestServer } from '../../../test/server';
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

/** The file's server, with the catalogue above (premium: premium; hidden: unpublished). */
export let testApp: TestServer;
/** An admin, by ADMIN_EMAILS. */
export let admin: Traveller;
/** A traveller interested in art and history. */
export let traveller: Traveller;
const ids = new Map<string, string>();

/** An /api request as `user` (anonymous when null). */
export const api = callsTo(() => testApp);

/** The id a catalogue file got. */
export function idOf(file: { slug: string }): string {
  const id = ids.get(file.slug);
  if (!id) throw new Error(`${file.slug} was not loaded`);
  return id;
}

/** The list as `user` sees it, reduced to the test's own presets. */
export async function list(
  user: SignedInUser | null,
  query = '',
  headers: Record<string, string> = {},
) {
  const response = await api(user, 'GET', `/api/presets${query}`, { headers });
  const mine = new Set(ids.values());
  return {
    response,
    items: expectStatus<Page<PresetSummary>>(response, 200).items.filter((item) =>
      mine.has(item.id),
    ),
  };
}

/** The tests of a catalogue file: the presets above are loaded and the two users made first. */
export function catalogueTest() {
  const test = serverTest({ mail: 'outbox', env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  test.beforeAll(async ({ server }) => {
    testApp = server;
    ids.clear();
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
    admin = await server.traveller({ email: ADMIN_EMAIL });
    traveller = await server.traveller({ label: 'browser' });
    expectStatus(
      await api(traveller, 'PUT', '/api/me/interests', {
        payload: { interests: ['art', 'history'] },
      }),
      200,
    );
  });
  return test;
}
