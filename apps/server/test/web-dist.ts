import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const FIXTURE_INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Jammy</title><link rel="stylesheet" crossorigin href="/assets/index-k1.css"><script type="module" crossorigin src="/assets/app-abc123.js"></script><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"><div class="boot-page"></div></div></body></html>';
/** The parts of the build's manifest that do not depend on the language. */
export const FIXTURE_MANIFEST = {
  id: '/',
  name: 'Jammy — trip planner',
  short_name: 'Jammy',
  start_url: '/?source=app',
  display: 'standalone',
  theme_color: '#c2255c',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
  screenshots: [
    { src: '/app-screenshots/wide.png', sizes: '1280x720', form_factor: 'wide', label: 'x' },
    { src: '/app-screenshots/narrow.png', sizes: '390x844', form_factor: 'narrow', label: 'y' },
  ],
  share_target: {
    action: '/inbox/share',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { text: 'text', files: [{ name: 'files', accept: ['application/pdf'] }] },
  },
};
export const FIXTURE_BUILD_ID = 'test-build';
export const FIXTURE_ASSET_PATH = '/assets/app-abc123.js';
/** The fixture script: large enough (> 1 KiB) to be worth compressing. */
export const FIXTURE_ASSET_JS = `${Array.from(
  { length: 200 },
  (_, index) => `export const value${index} = 'fixture value number ${index}';`,
).join('\n')}\n`;

/** A stand-in for apps/web/dist: what the server needs of a web build, and nothing more. */
export interface WebDistFixture {
  dir: string;
  remove(): Promise<void>;
}

export async function createWebDistFixture(): Promise<WebDistFixture> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jammy-test-web-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'builds'));
  await writeFile(path.join(dir, 'index.html'), FIXTURE_INDEX_HTML);
  await writeFile(path.join(dir, FIXTURE_ASSET_PATH), FIXTURE_ASSET_JS);
  await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify(FIXTURE_MANIFEST));
  await writeFile(
    path.join(dir, 'builds', 'latest.json'),
    JSON.stringify({ id: FIXTURE_BUILD_ID, timestamp: 1 }),
  );
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The index page as the server sends it for a page in a language of that direction. */
/**
 * The fixture's index.html as a page of `lang` is sent: with GET /api/session's answer in its
 * head (`session`, as JSON; nobody signed in unless said), or none for a path that is no page.
 */
export function expectedIndexHtml(
  lang: string,
  dir: 'ltr' | 'rtl',
  session: string | null = '{"user":null}',
  /** What else the page's head names after the session (a page's data preload). */
  more = '',
): string {
  const head =
    (session === null
      ? ''
      : `<script type="application/json" id="jammy-session">${session}</script>`) + more;
  return FIXTURE_INDEX_HTML.replace('<html lang="en">', `<html lang="${lang}" dir="${dir}">`)
    .replace('href="/manifest.webmanifest"', `href="/manifest/${lang}.webmanifest"`)
    .replace('</head>', () => `${head}</head>`);
}
