import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '@jammy/shared/languages';
import { PRERENDERED_PAGES, type PrerenderedRouteId } from '@jammy/shared/route-preloads';
import { BASE_MANIFEST_PATH, manifestPath } from '@jammy/shared/web-manifest';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { scriptFontModule } from '../src/i18n/script-fonts';
import type { RenderedPage } from '../src/landing/render-page';
import { readManifest, stylesheetsOf } from './route-budget';

/**
 * Renders the pages of an anonymous visitor that need no app, the landing page and the sign-in
 * page, in each language to HTML after the app's build (`npm run build`): dist/landing/ and
 * dist/sign-in/{language}.html, which the server sends a visitor without a session instead of
 * the app (docs/decisions/020-prerendered-landing.md, 054-prerendered-sign-in.md). A page
 * carries the app's stylesheets and its own small scripts (src/landing/enhance.ts, and the
 * sign-in page's src/landing/sign-in.ts), not the app's code.
 *
 *   vite build && tsx scripts/prerender-pages.ts   (the web app's `build`)
 */
const webDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(webDir, 'dist');
// Inside the web app, so that the rendering module finds its packages in node_modules.
const renderDir = path.join(webDir, '.prerender');

/** The output chunk of a build whose entry is `entry`. */
function entryChunk(output: unknown, entry: string): Rolldown.OutputChunk {
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = outputs
    .flatMap((result) => result.output)
    .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!chunk) throw new Error(`The build of ${entry} has no entry chunk`);
  return chunk;
}

type RenderPage = (routeId: PrerenderedRouteId, language: Language) => Promise<RenderedPage>;

/** Builds the rendering module for Node, the app's modules compiled as the app's build does. */
async function buildRenderer(): Promise<RenderPage> {
  const entry = 'src/landing/render-page.tsx';
  const output = await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    build: { ssr: entry, outDir: renderDir, emptyOutDir: true, target: 'node20' },
  });
  const file = path.join(renderDir, entryChunk(output, entry).fileName);
  const module = (await import(pathToFileURL(file).href)) as { renderPage: RenderPage };
  return module.renderPage;
}

/** The pages' own scripts: every prerendered page's, and the sign-in page's. */
const SCRIPTS = { landing: 'src/landing/enhance.ts', 'sign-in': 'src/landing/sign-in.ts' };
type ScriptName = keyof typeof SCRIPTS;

/**
 * Builds a page's script into dist/assets, on its own (a page loads one file, not the chunks
 * it would share with another page's script); returns its address.
 */
async function buildScript(name: ScriptName): Promise<string> {
  const entry = SCRIPTS[name];
  const output = await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: distDir,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      rolldownOptions: {
        input: path.join(webDir, entry),
        // Its chunks carry its name: what the page loads is told apart from the app's files.
        output: {
          entryFileNames: `assets/${name}-[hash].js`,
          chunkFileNames: `assets/${name}-[name]-[hash].js`,
        },
      },
    },
  });
  return `/${entryChunk(output, entry).fileName}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A prerendered page's document: the app's index.html without the app's scripts, with the
 * rendered page, the page's own stylesheets, the language's head and the page's scripts.
 * The app's entry is named in a meta element, for the script to start the app when needed.
 */
export function prerenderedDocument(
  indexHtml: string,
  language: Language,
  page: RenderedPage,
  links: { appEntry: string; scripts: string[]; stylesheets: string[] },
): string {
  const head = [
    `<meta name="jammy-app" content="${links.appEntry}" />`,
    ...links.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...links.scripts.map((src) => `<script type="module" crossorigin src="${src}"></script>`),
  ].join('\n    ');
  const html = indexHtml
    .replace(
      /<html[^>]*>/,
      `<html lang="${language}" dir="${page.dir}" data-mantine-color-scheme="light">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace(`href="${BASE_MANIFEST_PATH}"`, `href="${manifestPath(language)}"`)
    .replace(/\s*<script type="module"[^>]*src="[^"]*"><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `  ${head}\n  </head>`)
    // The app's starting frame (layouts/boot-shell.tsx) gives way to the page itself.
    .replace(/\s*<!--[^>]*-->(\s*<div id="root">)/, '$1')
    .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, `<div id="root">${page.html}</div>$1`);
  if (!html.includes(page.html)) throw new Error('index.html has no <div id="root">');
  return html;
}

/** The modules of each prerendered page whose stylesheets it links, and its scripts. */
const PAGE_MODULES: Record<PrerenderedRouteId, string> = {
  home: 'src/routes/home.tsx',
  login: 'src/routes/login.tsx',
};
const PAGE_SCRIPTS: Record<PrerenderedRouteId, ScriptName[]> = {
  home: ['landing'],
  login: ['landing', 'sign-in'],
};

async function main() {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const appEntry = manifest['index.html']?.file;
  if (!appEntry) throw new Error('The build manifest has no index.html entry');
  const inIndex = new Set([...indexHtml.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]));

  const [renderPage, landing, signIn] = await Promise.all([
    buildRenderer(),
    buildScript('landing'),
    buildScript('sign-in'),
  ]);
  const scripts: Record<ScriptName, string> = { landing, 'sign-in': signIn };
  for (const [routeId, folder] of Object.entries(PRERENDERED_PAGES) as [
    PrerenderedRouteId,
    string,
  ][]) {
    const stylesheets = [
      ...new Set(stylesheetsOf(manifest, PAGE_MODULES[routeId]).filter((css) => !inIndex.has(css))),
    ].map((css) => `/${css}`);
    mkdirSync(path.join(distDir, folder), { recursive: true });
    for (const language of LANGUAGES) {
      const page = await renderPage(routeId, language);
      // The font of the language's script, if it has one (not another language's).
      const font = scriptFontModule(language);
      const fontSheet = font ? manifest[font]?.file : undefined;
      const fontSheets = fontSheet ? [`/${fontSheet}`] : [];
      const html = prerenderedDocument(indexHtml, language, page, {
        appEntry: `/${appEntry}`,
        scripts: PAGE_SCRIPTS[routeId].map((name) => scripts[name]),
        stylesheets: [...stylesheets, ...fontSheets],
      });
      writeFileSync(path.join(distDir, folder, `${language}.html`), html);
    }
  }
  rmSync(renderDir, { recursive: true, force: true });
  const pages = Object.values(PRERENDERED_PAGES).join(' and ');
  console.log(`prerendered the ${pages} pages in ${LANGUAGES.length} languages`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
