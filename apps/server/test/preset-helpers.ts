import { readFileSync } from 'node:fs';
import type { PresetOpenStage, PresetStageDetail } from '@jammy/shared/presets';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalogue, type CatalogueLoad } from '../src/modules/presets/catalogue';
import type { CatalogueFile } from '../src/modules/presets/catalogue-schema';
import { CookieJar, SESSION_COOKIE, followLink, onlyLink, readMe, signUp } from './auth-helpers';
import { readOutboxMails } from './identity-app';
import type { SignedInUser } from './itinerary-helpers';
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
  if (title) file.text = { ...file.text, en: { ...file.text.en, title } };
  return file;
}

/** Loads catalogue files into the test app's database as a release would. */
export function loadFixtures(testApp: TestApp, files: CatalogueFile[]): Promise<CatalogueLoad> {
  return loadCatalogue(
    testApp.database.db,
    files.map((file) => ({ name: `${file.slug}.json`, data: file })),
  );
}

/**
 * Signs up `email` (an address of ADMIN_EMAILS for an admin), follows the verification
 * link from the outbox and returns the session.
 */
export async function signUpAs(testApp: TestApp, email: string): Promise<SignedInUser> {
  const { app, config } = testApp;
  const response = await signUp(app, { email });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const deadline = Date.now() + 5000;
  let link: string | undefined;
  while (!link && Date.now() < deadline) {
    const mail = (await readOutboxMails(config.dataDir)).find((candidate) =>
      candidate.to.includes(email),
    );
    if (mail)
      link = onlyLink(mail.links.filter((candidate) => candidate.includes('/verify-email?')));
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!link) throw new Error(`no verification mail for ${email}`);
  const jar = new CookieJar().store(await followLink(app, link));
  if (!jar.has(SESSION_COOKIE)) throw new Error('the verification link did not sign in');
  const me = await readMe(app, jar);
  return { id: me.id, email, jar, cookie: jar.header() };
}

/** A stage of a preset read whole (a free one, or bought): the test fails on a locked one. */
export function openStage(stage: PresetStageDetail | undefined): PresetOpenStage {
  if (!stage || stage.locked)
    throw new Error(`expected a whole stage, got ${JSON.stringify(stage)}`);
  return stage;
}
