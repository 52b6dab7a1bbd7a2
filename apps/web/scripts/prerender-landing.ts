import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '@jammy/shared/languages';
import { BASE_MANIFEST_PATH, manifestPath } from '@jammy/shared/web-manifest';
import react from '@vitejs/plugin-react';
import { build, type Rolldown } from 'vite';
import { scriptFontModule } from '../src/i18n/script-fonts';
import type { RenderedLanding } from '../src/landing/render-landing';
import { readManifest, stylesheetsOf } from './route-budget';

/**
 * Renders the landing page of each language to HTML after the app's build (`npm run build`):
 * dist/landing/{language}.html, which the server sends an anonymous visitor of `/` instead of
 * the app (docs/decisions/020-prerendered-landing.md). The page carries the app's stylesheets
 * and one small script (src/landing/enhance.ts), not the app's code.
 *
 *   vite build && tsx scripts/prerender-landing.ts   (the web app's `build`)
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

/** Builds the rendering module for Node, the app's modules compiled as the app's build does. */
async function buildRenderer(): Promise<(language: Language) => Promise<RenderedLanding>> {
  const entry = 'src/landing/render-landing.tsx';
  const output = await build({
    configFile: false,
    root: webDir,
    logLevel: 'warn',
    publicDir: false,
    plugins: [react()],
    build: { ssr: entry, outDir: renderDir, emptyOutDir: true, target: 'node20' },
  });
  const file = path.join(renderDir, entryChunk(output, entry).fileName);
  const module = (await import(pathToFileURL(file).href)) as {
    renderLanding: (language: Language) => Promise<RenderedLanding>;
  };
  return module.renderLanding;
}

/** Builds the landing page's script into dist/assets; returns its address. */
async function buildEnhancer(): Promise<string> {
  const entry = 'src/landing/enhance.ts';
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
        output: { entryFileNames: 'assets/landing-[hash].js' },
      },
    },
  });
  return `/${entryChunk(output, entry).fileName}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The landing page's document: the app's index.html without the app's scripts, with the
 * rendered page, the home page's own stylesheets, the language's head and the page's script.
 * The app's entry is named in a meta element, for the script to start the app when needed.
 */
export function landingDocument(
  indexHtml: string,
  language: Language,
  landing: RenderedLanding,
  links: { appEntry: string; enhancer: string; stylesheets: string[] },
): string {
  const head = [
    `<meta name="jammy-app" content="${links.appEntry}" />`,
    ...links.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    `<script type="module" crossorigin src="${links.enhancer}"></script>`,
  ].join('\n    ');
  const html = indexHtml
    .replace(
      /<html[^>]*>/,
      `<html lang="${language}" dir="${landing.dir}" data-mantine-color-scheme="light">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(landing.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(landing.description)}" />`,
    )
    .replace(`href="${BASE_MANIFEST_PATH}"`, `href="${manifestPath(language)}"`)
    .replace(/\s*<script type="module"[^>]*src="[^"]*"><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', `  ${head}\n  </head>`)
    // The app's starting frame (layouts/boot-shell.tsx) gives way to the page itself.
    .replace(/\s*<!--[^>]*-->(\s*<div id="root">)/, '$1')
    .replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/,
      `<div id="root">${landing.html}</div>$1`,
    );
  if (!html.includes(landing.html)) throw new Error('index.html has no <div id="root">');
  return html;
}

async function main() {
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const appEntry = manifest['index.html']?.file;
  if (!appEntry) throw new Error('The build manifest has no index.html entry');
  const inIndex = new Set([...indexHtml.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1]));
  const stylesheets = [
    ...new Set(stylesheetsOf(manifest, 'src/routes/home.tsx').filter((css) => !inIndex.has(css))),
  ].map((css) => `/${css}`);

  const [renderLanding, enhancer] = await Promise.all([buildRenderer(), buildEnhancer()]);
  mkdirSync(path.join(distDir, 'landing'), { recursive: true });
  for (const language of LANGUAGES) {
    const landing = await renderLanding(language);
    // The font of the language's script, if it has one (not another language's).
    const font = scriptFontModule(language);
    const fontSheet = font ? manifest[font]?.file : undefined;
    const fontSheets = fontSheet ? [`/${fontSheet}`] : [];
    const html = landingDocument(indexHtml, language, landing, {
      appEntry: `/${appEntry}`,
      enhancer,
      stylesheets: [...stylesheets, ...fontSheets],
    });
    writeFileSync(path.join(distDir, 'landing', `${language}.html`), html);
  }
  rmSync(renderDir, { recursive: true, force: true });
  console.log(`prerendered the landing page in ${LANGUAGES.length} languages (${enhancer})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
