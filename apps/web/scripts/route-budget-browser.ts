import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROUTE_BUDGETS, measureRoutes } from './route-budget';

/**
 * Cross-checks the route budget in Chromium: serves the built app (index.html for every page,
 * the prerendered landing page for `/` and sign-in page for `/login`,
 * files gzipped as the server sends them, the API answering "not signed in"), opens each
 * anonymous page of the budget cold (no cache, no service worker) and sums the encoded bytes
 * (Resource Timing) of the scripts asked for before the page showed its heading, then of all
 * scripts once the network is idle.
 * Prints those beside the figure of route-budget.ts, and the files only one of them counts.
 *
 *   npm run build -w @jammy/web && npx tsx apps/web/scripts/route-budget-browser.ts [dist folder]
 */
const distDir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const ANONYMOUS_ROUTES = ['/', '/login'];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

async function serve(): Promise<http.Server> {
  const indexHtml = await readFile(path.join(distDir, 'index.html'));
  // As the server does for an anonymous visitor: `/` and `/login` are pages rendered at build time.
  const prerendered = new Map<string, Buffer>();
  for (const [page, folder] of [
    ['/', 'landing'],
    ['/login', 'sign-in'],
  ] as const) {
    const html = await readFile(path.join(distDir, folder, 'en.html')).catch(() => null);
    if (html) prerendered.set(page, html);
  }
  const server = http.createServer((request, response) => {
    void (async () => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (pathname.startsWith('/api/')) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'auth/unauthenticated', message: 'No' } }));
        return;
      }
      const extension = path.extname(pathname);
      let body: Buffer = prerendered.get(pathname) ?? indexHtml;
      let type = 'text/html; charset=utf-8';
      if (extension) {
        try {
          body = await readFile(path.join(distDir, path.normalize(pathname)));
          type = TYPES[extension] ?? 'application/octet-stream';
        } catch {
          response.writeHead(404).end();
          return;
        }
      }
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      response.writeHead(200, {
        'content-type': type,
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      response.end(gzip ? gzipSync(body) : body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const server = await serve();
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
const estimates = new Map(measureRoutes(distDir).map((size) => [size.route, size]));
try {
  for (const route of ANONYMOUS_ROUTES) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    // The moment the page's heading first shows, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.querySelector('h1')) {
          (window as unknown as { headingAt: number }).headingAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}${route}`, { waitUntil: 'load' });
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const { headingAt, scripts } = await page.evaluate(() => ({
      headingAt: (window as unknown as { headingAt: number }).headingAt,
      scripts: performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({
          file: new URL(entry.name).pathname.slice(1),
          startTime: entry.startTime,
          encodedBodySize: entry.encodedBodySize,
        })),
    }));
    const interactive = scripts.filter((script) => script.startTime < headingAt);
    const total = (list: typeof scripts) =>
      list.reduce((sum, script) => sum + script.encodedBodySize, 0);
    const fetched = new Set(interactive.map((script) => script.file));
    const estimate = estimates.get(route);
    const counted = new Set(estimate?.files ?? []);
    console.log(
      `${route.padEnd(8)} Chromium: ${kb(total(interactive))} kB gzip JS in ` +
        `${interactive.length} files asked for before the heading shows, ${kb(total(scripts))} kB ` +
        `in ${scripts.length} once the network is idle; route-budget.ts: ` +
        `${kb(estimate?.gzipBytes ?? 0)} kB in ${counted.size} files ` +
        `(budget ${ROUTE_BUDGETS.find((b) => b.route === route)?.budgetKb} kB)`,
    );
    const onlyBrowser = [...fetched].filter((file) => !counted.has(file));
    const onlyEstimate = [...counted].filter((file) => !fetched.has(file));
    if (onlyBrowser.length > 0) console.log(`  fetched, not counted: ${onlyBrowser.join(', ')}`);
    if (onlyEstimate.length > 0) console.log(`  counted, not fetched: ${onlyEstimate.join(', ')}`);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
